import { describe, expect, it } from "vitest";
import { applyChange, RECENT_BIDS, type AuctionBid, type AuctionChange, type AuctionView } from "./auction";

const bidNo = (id: number): AuctionBid => ({ id, bidder_name: `Bidder ${id}`, amount: 1000 + id * 100, created_at: new Date(id * 1000).toISOString() });
/** Bids numbered `from` down to 1, newest first. */
const bidsDown = (from: number) => Array.from({ length: from }, (_, i) => bidNo(from - i));

const view = (version: number, bids: AuctionBid[]): AuctionView => ({
  id: 1,
  title: "Royal Pulasa",
  description: "A single large fish.",
  product_image: null,
  current_price: bids[0]?.amount ?? 1000,
  end_time: "2026-11-25T10:00:00.000Z",
  status: "active",
  bid_count: bids.length,
  bids,
  seller: { name: "Godavari Pulasa" },
  start_time: "2026-11-24T10:00:00.000Z",
  min_increment: 100,
  min_next_bid: (bids[0]?.amount ?? 900) + 100,
  version,
  your_bids: [],
  you: null,
  cancel_reason: null,
  order_number: null,
  log_head: null,
  winner: null,
  receipts: [],
  watching: false,
  outbid_texts: false,
  scheduled_end_time: "2026-11-25T10:00:00.000Z",
  extension_ms: 120_000,
});

const change = (version: number, after: number, newBids: AuctionBid[], fields: Partial<AuctionChange["auction"]> = {}): AuctionChange => ({
  after,
  new_bids: newBids,
  auction: {
    current_price: newBids[0]?.amount ?? 1000,
    end_time: "2026-11-25T10:02:00.000Z",
    status: "active",
    bid_count: after + newBids.length,
    min_next_bid: (newBids[0]?.amount ?? 1000) + 100,
    version,
    your_bids: [],
    you: null,
    cancel_reason: null,
    order_number: null,
    log_head: null,
    winner: null,
    ...fields,
  },
});

describe("applying a live change to the shown auction", () => {
  it("puts the new bids first, keeps the 10 most recent, and takes every changing field", () => {
    const shown = view(9, bidsDown(9));
    const next = applyChange(shown, change(10, 9, [bidNo(11), bidNo(10)], { you: "outbid", your_bids: [10] }));
    expect(next?.bids.map((b) => b.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(next?.bids).toHaveLength(RECENT_BIDS);
    expect(next).toMatchObject({ version: 10, current_price: 2100, bid_count: 11, end_time: "2026-11-25T10:02:00.000Z", you: "outbid", your_bids: [10] });
    expect(next).toMatchObject({ title: "Royal Pulasa", description: "A single large fish.", seller: { name: "Godavari Pulasa" } });
  });

  it("starts the history from nothing when the change follows no bid", () => {
    expect(applyChange(view(1, []), change(2, 0, [bidNo(1)]))?.bids).toEqual([bidNo(1)]);
  });

  it("ignores a change older than what is shown", () => {
    const shown = view(5, bidsDown(3));
    expect(applyChange(shown, change(4, 2, [bidNo(3)]))).toBe(shown);
  });

  it("keeps the history when it already has the change's bids (the page loaded after the bid)", () => {
    const shown = view(4, bidsDown(3));
    const next = applyChange(shown, change(4, 2, [bidNo(3)], { order_number: "PUL-1" }));
    expect(next?.bids).toEqual(shown.bids);
    expect(next?.order_number).toBe("PUL-1");
  });

  it("gives nothing when a message was missed: the whole state has to be asked for", () => {
    expect(applyChange(view(3, bidsDown(2)), change(5, 4, [bidNo(5)]))).toBeNull();
    expect(applyChange(view(3, bidsDown(2)), change(4, 3, []))).toBeNull();
  });
});
