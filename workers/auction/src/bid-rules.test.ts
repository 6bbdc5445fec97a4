import { describe, expect, it } from "vitest";
import { BID_MESSAGES, extendedEnd, minimumNextBid, openingState, placeBid as placeBidWith, publicBidderName, type Bidder, type RoomState } from "./bid-rules";

const T0 = 1_800_000_000_000;
const MIN = 60_000;
/** Production's soft close (app/config.server.ts defaults): 2 minutes, at most 30 minutes past the scheduled end. */
const SOFT_CLOSE = { windowMs: 2 * MIN, capMs: 30 * MIN };
const placeBid = (state: RoomState, bidder: Bidder | null, amountPaise: number, maxPaise: number | null, now: number) =>
  placeBidWith(state, bidder, amountPaise, maxPaise, now, SOFT_CLOSE);

function room(over: Partial<RoomState> = {}): RoomState {
  return {
    ...openingState({ id: 1, startPricePaise: 100_000, incrementPaise: 10_000, startTime: T0 - 60 * MIN, endTime: T0 + 60 * MIN, sellerUserId: 99 }),
    ...over,
  };
}

const ravi: Bidder = { id: 1, name: "Ravi K.", verified: true, isAdmin: false };
const sita: Bidder = { id: 2, name: "Sita R.", verified: true, isAdmin: false };

function ok(result: ReturnType<typeof placeBid>) {
  if (!result.ok) throw new Error(`expected success, got ${result.error}`);
  return result;
}

describe("who may bid", () => {
  it("refuses anonymous and unverified bidders with 'Please login to place a bid'", () => {
    expect(placeBid(room(), null, 100_000, null, T0)).toEqual({ ok: false, error: BID_MESSAGES.login, code: "login", kind: "unauthorized" });
    expect(placeBid(room(), { ...ravi, verified: false }, 100_000, null, T0)).toMatchObject({ ok: false, error: "Please login to place a bid" });
  });

  it("refuses admins and the seller", () => {
    expect(placeBid(room(), { ...ravi, isAdmin: true }, 100_000, null, T0)).toMatchObject({ ok: false, kind: "forbidden" });
    expect(placeBid(room(), { ...ravi, id: 99 }, 100_000, null, T0)).toMatchObject({ ok: false, kind: "forbidden" });
  });

  it("refuses the highest bidder bidding against themselves", () => {
    const first = ok(placeBid(room(), ravi, 100_000, null, T0));
    expect(placeBid(first.state, ravi, 200_000, null, T0 + 5_000)).toMatchObject({ ok: false, error: BID_MESSAGES.leading });
  });

  it("allows at most one bid per second per bidder", () => {
    const a = ok(placeBid(room(), ravi, 100_000, null, T0));
    const b = ok(placeBid(a.state, sita, 110_000, null, T0 + 10));
    expect(placeBid(b.state, ravi, 120_000, null, T0 + 999)).toMatchObject({ ok: false, kind: "too_many" });
    expect(placeBid(b.state, ravi, 120_000, null, T0 + 1_000).ok).toBe(true);
  });
});

describe("when bids are taken", () => {
  it("only while active, after the start and before the end", () => {
    expect(placeBid(room({ status: "ended" }), ravi, 100_000, null, T0)).toMatchObject({ ok: false, kind: "conflict" });
    expect(placeBid(room({ status: "cancelled" }), ravi, 100_000, null, T0)).toMatchObject({ ok: false, kind: "conflict" });
    expect(placeBid(room({ startTime: T0 + 1 }), ravi, 100_000, null, T0)).toMatchObject({ ok: false, kind: "conflict" });
    expect(placeBid(room({ endTime: T0 }), ravi, 100_000, null, T0)).toMatchObject({ ok: false, error: BID_MESSAGES.ended });
    expect(placeBid(room({ endTime: T0 + 1 }), ravi, 100_000, null, T0).ok).toBe(true);
  });
});

describe("amounts", () => {
  it("must be whole rupees and positive", () => {
    for (const bad of [100_050, 0, -100_000, Number.NaN, 1.5, Number.MAX_SAFE_INTEGER + 1]) {
      expect(placeBid(room(), ravi, bad, null, T0)).toMatchObject({ ok: false, error: BID_MESSAGES.wholeRupees });
    }
  });

  it("the first bid must reach the starting price", () => {
    expect(placeBid(room(), ravi, 99_900, null, T0)).toMatchObject({
      ok: false,
      error: "The minimum bid is ₹1,000",
      code: "minimum",
      values: { amount: "₹1,000" },
    });
    expect(ok(placeBid(room(), ravi, 100_000, null, T0)).state.currentPricePaise).toBe(100_000);
  });

  it("later bids: not above current → 'higher'; above but under current + increment → the minimum", () => {
    const s = ok(placeBid(room(), ravi, 100_000, null, T0)).state;
    expect(placeBid(s, sita, 100_000, null, T0 + 10)).toMatchObject({ ok: false, error: "Bid amount must be higher than current price" });
    expect(placeBid(s, sita, 90_000, null, T0 + 10)).toMatchObject({ ok: false, error: "Bid amount must be higher than current price" });
    expect(placeBid(s, sita, 109_900, null, T0 + 10)).toMatchObject({ ok: false, error: "The minimum bid is ₹1,100" });
    expect(minimumNextBid(s)).toBe(110_000);
    const t = ok(placeBid(s, sita, 110_000, null, T0 + 10));
    expect(t).toMatchObject({ outbidUserId: 1, state: { currentPricePaise: 110_000, leaderId: 2, bidCount: 2, version: 3 } });
  });

  it("a maximum below the bid is refused", () => {
    expect(placeBid(room(), ravi, 200_000, 150_000, T0)).toMatchObject({ ok: false, error: BID_MESSAGES.maxBelowBid });
  });

  it("a bid or a maximum above ten times the minimum next bid is refused, naming the most it may be", () => {
    const tooHigh = { ok: false, code: "tooHigh", error: "A bid can be at most ₹10,000 now (ten times the minimum bid)" };
    expect(placeBid(room(), ravi, 1_000_100, null, T0)).toMatchObject(tooHigh);
    expect(placeBid(room(), ravi, 100_000, 1_000_100, T0)).toMatchObject(tooHigh);
    expect(placeBid(room(), ravi, 99_999_999_900, null, T0)).toMatchObject(tooHigh);
    const s = ok(placeBid(room(), ravi, 1_000_000, null, T0)).state;
    // Next minimum ₹10,100: up to ₹1,01,000.
    expect(ok(placeBid(s, sita, 10_100_000, null, T0 + 10)).state.currentPricePaise).toBe(10_100_000);
  });
});

describe("proxy bidding", () => {
  it("the first bidder's maximum stays secret: the price is their bid", () => {
    const s = ok(placeBid(room(), ravi, 100_000, 500_000, T0)).state;
    expect(s).toMatchObject({ currentPricePaise: 100_000, leaderMaxPaise: 500_000, leaderId: 1 });
  });

  it("a lower challenger is outbid at once: the leader pays the challenger's bid plus the increment", () => {
    const s = ok(placeBid(room(), ravi, 100_000, 500_000, T0)).state;
    const r = ok(placeBid(s, sita, 200_000, null, T0 + 10));
    expect(r.outbidUserId).toBe(2);
    expect(r.state).toMatchObject({ currentPricePaise: 210_000, leaderId: 1, bidCount: 3 });
    expect(r.history).toEqual([
      { userId: 2, bidderName: "Sita R.", amountPaise: 200_000, proxy: false },
      { userId: 1, bidderName: "Ravi K.", amountPaise: 210_000, proxy: true },
    ]);
  });

  it("the increment is capped at the leader's maximum", () => {
    const s = ok(placeBid(room(), ravi, 100_000, 500_000, T0)).state;
    const r = ok(placeBid(s, sita, 495_000 - 5_000, null, T0 + 10));
    expect(r.state.currentPricePaise).toBe(500_000);
  });

  it("a tie goes to the earlier maximum", () => {
    const s = ok(placeBid(room(), ravi, 100_000, 500_000, T0)).state;
    const r = ok(placeBid(s, sita, 500_000, null, T0 + 10));
    expect(r.state).toMatchObject({ leaderId: 1, currentPricePaise: 500_000 });
  });

  it("a higher maximum takes the lead at the old maximum plus the increment, capped at its own maximum", () => {
    const s = ok(placeBid(room(), ravi, 100_000, 500_000, T0)).state;
    const r = ok(placeBid(s, sita, 200_000, 800_000, T0 + 10));
    expect(r.state).toMatchObject({ leaderId: 2, currentPricePaise: 510_000, leaderMaxPaise: 800_000 });
    expect(r.outbidUserId).toBe(1);
    const capped = ok(placeBid(s, sita, 200_000, 505_000, T0 + 10));
    expect(capped.state.currentPricePaise).toBe(505_000);
  });
});

describe("soft close", () => {
  const end = T0 + 60 * MIN;
  it("a bid in the last 2 minutes moves the end to 2 minutes after it", () => {
    const r = ok(placeBid(room(), ravi, 100_000, null, end - 30_000));
    expect(r.state.endTime).toBe(end - 30_000 + 2 * MIN);
  });

  it("a bid earlier than that leaves the end alone", () => {
    expect(ok(placeBid(room(), ravi, 100_000, null, end - 2 * MIN)).state.endTime).toBe(end);
  });

  it("never beyond 30 minutes past the scheduled end (at the boundary)", () => {
    const cap = end + 30 * MIN;
    expect(extendedEnd({ endTime: cap - 60_000, scheduledEndTime: end }, cap - 60_000, SOFT_CLOSE)).toBe(cap);
    expect(extendedEnd({ endTime: cap - 1, scheduledEndTime: end }, cap - 2, SOFT_CLOSE)).toBe(cap);
    expect(extendedEnd({ endTime: end + 28 * MIN, scheduledEndTime: end }, end + 28 * MIN - 1, SOFT_CLOSE)).toBe(cap - 1);
    const r = ok(placeBid(room({ endTime: cap }), ravi, 100_000, null, cap - 1));
    expect(r.state.endTime).toBe(cap);
  });

  it("follows the configured window and cap (the end-to-end run uses seconds)", () => {
    const short = { windowMs: 5_000, capMs: 60_000 };
    expect(extendedEnd({ endTime: end, scheduledEndTime: end }, end - 5_000, short)).toBe(end);
    expect(extendedEnd({ endTime: end, scheduledEndTime: end }, end - 4_000, short)).toBe(end + 1_000);
    expect(extendedEnd({ endTime: end + 58_000, scheduledEndTime: end }, end + 57_000, short)).toBe(end + 60_000);
    expect(ok(placeBidWith(room(), ravi, 100_000, null, end - 1_000, short)).state.endTime).toBe(end + 4_000);
  });
});

describe("publicBidderName", () => {
  it("shows first name and last initial, never more", () => {
    expect(publicBidderName("Ravi Kumar")).toBe("Ravi K.");
    expect(publicBidderName("  ravi  teja  kumar ")).toBe("ravi K.");
    expect(publicBidderName("Ravi")).toBe("Ravi");
    expect(publicBidderName("  ")).toBe("Bidder");
  });
});
