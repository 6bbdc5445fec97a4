import { describe, expect, it, vi } from "vitest";
import { bidMessages as teBids } from "~/i18n/te/bids.messages";
import { AuctionServiceError, fetchAuctions, fetchAuctionView, postBid } from "./auctions.server";

const FALLBACK = "Failed to fetch auctions";

const sample = {
  id: 7,
  title: "Royal Pulasa – 2.1 kg",
  description: "A single large fish.",
  product_image: null,
  current_price: 3_120_000,
  end_time: "2026-11-24T00:00:00.000Z",
  status: "active",
  bid_count: 1,
  bids: [{ id: 1, bidder_name: "Ravi K.", amount: 3_120_000, created_at: "2026-11-22T10:00:00.000Z" }],
  seller: { name: "Godavari Pulasa" },
};

/** A stand-in for the AUCTION service binding (as the env names it, and as Deps carries it). */
function binding(answer: () => Response | Promise<Response>) {
  const service = { fetch: vi.fn(async () => answer()) } as unknown as Fetcher;
  return { AUCTION: service, auctionService: service };
}

describe("fetchAuctions (the auction list through the service binding)", () => {
  it("returns the auctions the auction Worker lists, with their Telugu texts when they have some", async () => {
    const telugu = { ...sample, id: 8, title_te: "రాయల్ పులస – 2.1 కిలోలు", description_te: "ఒకే పెద్ద పులస." };
    const env = binding(() => Response.json({ success: true, auctions: [sample, telugu] }));
    expect(await fetchAuctions(env, FALLBACK)).toEqual([sample, telugu]);
  });

  it("returns an empty list as it is (the page shows its empty state)", async () => {
    expect(
      await fetchAuctions(
        binding(() => Response.json({ success: true, auctions: [] })),
        FALLBACK,
      ),
    ).toEqual([]);
  });

  it("passes on the auction Worker's own error message", async () => {
    const env = binding(() => Response.json({ success: false, error: "Auctions are paused" }, { status: 503 }));
    await expect(fetchAuctions(env, FALLBACK)).rejects.toThrow(new AuctionServiceError("Auctions are paused"));
  });

  it("falls back to 'Failed to fetch auctions' when the Worker is unreachable or answers nonsense", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      fetchAuctions(
        binding(() => Promise.reject(new Error("connection reset"))),
        FALLBACK,
      ),
    ).rejects.toThrow(FALLBACK);
    await expect(
      fetchAuctions(
        binding(() => new Response("<html>", { status: 502 })),
        FALLBACK,
      ),
    ).rejects.toThrow(FALLBACK);
    await expect(
      fetchAuctions(
        binding(() => Response.json({ success: true, auctions: [{ id: "x" }] })),
        FALLBACK,
      ),
    ).rejects.toThrow(FALLBACK);
    spy.mockRestore();
  });
});

describe("fetchAuctionView", () => {
  it("returns null for an auction the Worker does not know, and the auction otherwise", async () => {
    const view = {
      ...sample,
      start_time: sample.end_time,
      min_increment: 100,
      min_next_bid: 31_300,
      version: 3,
      you: null,
      your_bids: [],
      cancel_reason: null,
      order_number: null,
      log_head: { seq: 4, hash: "ab".repeat(32) },
      winner: null,
      watching: false,
      outbid_texts: false,
      scheduled_end_time: sample.end_time,
      extension_ms: 120_000,
      receipts: [{ seq: 2, kind: "bid", amount_paise: 31_200_00, time: 1, hash: "cd".repeat(32) }],
    };
    const cookie = "__session=visitor";
    expect(
      await fetchAuctionView(
        binding(() => Response.json({ success: false, error: "Auction not found" }, { status: 404 })),
        9,
        cookie,
        FALLBACK,
      ),
    ).toBeNull();
    expect(
      await fetchAuctionView(
        binding(() => Response.json({ success: true, auction: view })),
        7,
        cookie,
        FALLBACK,
      ),
    ).toEqual(view);
  });
});

describe("postBid (the plain bid form through the auction Worker)", () => {
  const bid = { auctionId: 7, amount: "900", maxAmount: "" };
  const refused = () =>
    binding(() => Response.json({ success: false, error: "The minimum bid is ₹1,000", code: "bids.minimum", values: { amount: "₹1,000" } }, { status: 400 }));

  it("tells a Telugu page the Worker's refusal in Telugu, by its key, and an English page the Worker's words", async () => {
    expect(await postBid({ ...refused(), lang: "te" }, "", bid, "failed")).toEqual({ ok: false, outbid: false, text: "కనీస బిడ్ ₹1,000" });
    expect(await postBid({ ...refused(), lang: "en" }, "", bid, "failed")).toEqual({ ok: false, outbid: false, text: "The minimum bid is ₹1,000" });
  });

  it("says a placed bid in the page's language, and falls back to the Worker's words for a key it does not know", async () => {
    const placed = binding(() => Response.json({ success: true, message: "Bid placed successfully!" }));
    expect(await postBid({ ...placed, lang: "te" }, "", bid, "failed")).toEqual({ ok: true, outbid: false, text: teBids.success });
    const unknown = binding(() => Response.json({ success: false, error: "Something new", code: "bids.brandNew" }, { status: 409 }));
    expect(await postBid({ ...unknown, lang: "te" }, "", bid, "failed")).toEqual({ ok: false, outbid: false, text: "Something new" });
  });

  it("says so when a placed bid was at once beaten by another bidder's maximum, instead of only 'placed'", async () => {
    const beaten = binding(() => Response.json({ success: true, message: "Bid placed successfully!", auction: { ...sample, you: "outbid" } }));
    expect(await postBid({ ...beaten, lang: "en" }, "", bid, "failed")).toEqual({
      ok: true,
      outbid: true,
      text: "Your bid was placed, but another bidder's maximum is higher: you have been outbid.",
    });
    expect(await postBid({ ...beaten, lang: "te" }, "", bid, "failed")).toMatchObject({ outbid: true, text: teBids.placedOutbid });
    const leading = binding(() => Response.json({ success: true, message: "Bid placed successfully!", auction: { ...sample, you: "leading" } }));
    expect(await postBid({ ...leading, lang: "en" }, "", bid, "failed")).toEqual({ ok: true, outbid: false, text: "Bid placed successfully!" });
  });
});
