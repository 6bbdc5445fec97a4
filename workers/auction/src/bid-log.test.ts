import { describe, expect, it } from "vitest";
import { canonicalEntry, sha256Hex, verifyLog, type LogKind } from "./bid-log";
import { AUCTION, chain, MIN, published, RULES, run, T0, type Draft } from "./bid-log.fixtures";

describe("a log kept by the rules", () => {
  it("verifies, recomputing the proxy bids, the winner and the price", async () => {
    const entries = await chain(AUCTION);
    expect(entries.map((e) => `${e.kind} ${e.bidder} ${e.amount_paise}`)).toEqual([
      "bid Bidder 1 100000",
      "bid Bidder 2 120000",
      "proxy Bidder 1 130000", // Bidder 1's maximum answers Bidder 2's ₹1,200
      "bid Bidder 2 250000",
      "close Bidder 2 250000",
    ]);
    expect(await verifyLog(await published(entries))).toEqual({ ok: true, entries: 5, outcome: "ended", winner: "Bidder 2", pricePaise: 250_000 });
  });

  it("verifies a proxy maximum that wins at one increment over the other's", async () => {
    const entries = await chain(
      run([
        { who: 1, amount: 100_000, max: 150_000, at: T0 },
        { who: 2, amount: 110_000, max: 300_000, at: T0 + MIN },
      ]),
    );
    expect(entries.map((e) => `${e.kind} ${e.bidder} ${e.amount_paise}`)).toEqual([
      "bid Bidder 1 100000",
      "bid Bidder 2 110000",
      "proxy Bidder 2 160000",
      "close Bidder 2 160000",
    ]);
    expect(await verifyLog(await published(entries))).toMatchObject({ ok: true, winner: "Bidder 2", pricePaise: 160_000 });
  });

  it("verifies a cancelled auction and one nobody bid on", async () => {
    const cancelled = await chain([
      ...run([{ who: 1, amount: 100_000, at: T0 }], false),
      { kind: "cancel", bidder: "", amount_paise: 0, max_paise: 0, time: T0 + MIN },
    ]);
    expect(await verifyLog(await published(cancelled, { status: "cancelled" }))).toEqual({
      ok: true,
      entries: 2,
      outcome: "cancelled",
      winner: null,
      pricePaise: 0,
    });
    expect(await verifyLog(await published(await chain(run([]))))).toEqual({ ok: true, entries: 1, outcome: "ended", winner: null, pricePaise: 0 });
  });

  it("replays from the state the log began in when bids predate it", async () => {
    // Two bids recorded before the log existed (no maximum kept), then Bidder 3 bids under the rules.
    const drafts: Draft[] = [
      { kind: "bid", bidder: "Bidder 1", amount_paise: 120_000, max_paise: 0, time: T0 - 2 * MIN },
      { kind: "bid", bidder: "Bidder 2", amount_paise: 150_000, max_paise: 0, time: T0 - MIN },
      { kind: "bid", bidder: "Bidder 3", amount_paise: 160_000, max_paise: 160_000, time: T0 },
      { kind: "close", bidder: "Bidder 3", amount_paise: 160_000, max_paise: 0, time: RULES.scheduled_end_time },
    ];
    const start = { after_seq: 2, price_paise: 150_000, bid_count: 2, leader: null, leader_max_paise: 0, end_time: RULES.scheduled_end_time, last_bid_at: {} };
    expect(await verifyLog(await published(await chain(drafts), { start }))).toMatchObject({ ok: true, entries: 4, winner: "Bidder 3", pricePaise: 160_000 });
    // A start claiming a higher price than the earlier bids left makes Bidder 3's bid one the rules refuse.
    const at160 = { ...start, price_paise: 170_000 };
    expect(await verifyLog(await published(await chain(drafts), { start: at160 }))).toMatchObject({ ok: false, seq: 3, problem: "refused", bidCode: "higher" });
  });
});

describe("an altered log fails at the entry it was altered", () => {
  it("a bid removed", async () => {
    const entries = await chain(AUCTION);
    const removed = entries.filter((e) => e.seq !== 2);
    expect(await verifyLog(await published(removed, { head: { seq: 5, hash: entries[4].hash } }))).toMatchObject({ ok: false, seq: 2, problem: "order" });
  });

  it("a bid removed and the rest renumbered and hashed again: the published head no longer matches", async () => {
    const entries = await chain(AUCTION);
    const forged = await chain(AUCTION.filter((_, i) => i !== 1 && i !== 2));
    const head = { seq: entries[4].seq, hash: entries[4].hash };
    expect(await verifyLog(await published(forged, { head }))).toMatchObject({ ok: false, problem: "head" });
    // The shorter chain obeys the rules on its own, so only a head seen earlier (on the page, a receipt) catches it.
    expect(await verifyLog(await published(forged))).toMatchObject({ ok: true });
    expect(await verifyLog(await published(forged), { expectedHead: head.hash })).toMatchObject({ ok: false, problem: "head" });
  });

  it("an amount changed", async () => {
    const entries = await chain(AUCTION);
    entries[3] = { ...entries[3], amount_paise: 125_000 };
    expect(await verifyLog(await published(entries))).toMatchObject({ ok: false, seq: 4, problem: "hash" });
  });

  it("a proxy maximum changed after the close", async () => {
    const entries = await chain(AUCTION);
    entries[0] = { ...entries[0], max_paise: 300_000 };
    expect(await verifyLog(await published(entries))).toMatchObject({ ok: false, seq: 1, problem: "hash" });
  });

  it("entries reordered", async () => {
    const entries = await chain(AUCTION);
    const swapped = [entries[0], entries[2], entries[1], ...entries.slice(3)];
    expect(await verifyLog(await published(swapped))).toMatchObject({ ok: false, seq: 2, problem: "order" });
    // Renumbered to hide it, the links give it away.
    const renumbered = swapped.map((e, i) => ({ ...e, seq: i + 1 }));
    expect(await verifyLog(await published(renumbered))).toMatchObject({ ok: false, seq: 2, problem: "link" });
  });

  it("a hash forged", async () => {
    const entries = await chain(AUCTION);
    entries[2] = { ...entries[2], hash: "0".repeat(64) };
    expect(await verifyLog(await published(entries))).toMatchObject({ ok: false, seq: 3, problem: "hash" });
    // The entry's hash recomputed after a change: the next entry's link no longer names it.
    const changed = await chain(AUCTION);
    const body = { ...changed[2], amount_paise: 140_000 };
    changed[2] = { ...body, hash: await sha256Hex(canonicalEntry(7, body)) };
    expect(await verifyLog(await published(changed))).toMatchObject({ ok: false, seq: 4, problem: "link" });
  });

  it("a whole chain forged to another result: the rules refuse it", async () => {
    // Bidder 1's maximum claimed to be lower than the price the log showed while it ran.
    const forged = AUCTION.map((d, i) => (i === 0 ? { ...d, max_paise: 100_000 } : d));
    expect(await verifyLog(await published(await chain(forged)))).toMatchObject({ ok: false, seq: 3, problem: "proxy" });
    // A close naming someone else.
    const otherWinner = AUCTION.map((d) => (d.kind === "close" ? { ...d, bidder: "Bidder 1" } : d));
    expect(await verifyLog(await published(await chain(otherWinner)))).toMatchObject({ ok: false, seq: 5, problem: "close" });
    // A bid after the end.
    const late = [
      ...AUCTION.slice(0, -1),
      { kind: "bid" as const, bidder: "Bidder 1", amount_paise: 400_000, max_paise: 400_000, time: RULES.scheduled_end_time + MIN },
    ];
    expect(await verifyLog(await published(await chain(late)))).toMatchObject({ ok: false, seq: 5, problem: "refused", bidCode: "ended" });
    // An entry after the close.
    const after = [...AUCTION, AUCTION[0]];
    expect(await verifyLog(await published(await chain(after)))).toMatchObject({ ok: false, seq: 6, problem: "afterEnd" });
  });

  it("the rules changed after the start", async () => {
    const entries = await chain(AUCTION);
    expect(await verifyLog(await published(entries, { rules: { ...RULES, increment_paise: 5_000 } }))).toMatchObject({ ok: false, seq: 1, problem: "link" });
  });

  it("an entry that is not one, and a log not yet published", async () => {
    const entries = await chain(AUCTION);
    const broken = [entries[0], { ...entries[1], kind: "gift" as LogKind }, ...entries.slice(2)];
    expect(await verifyLog(await published(broken))).toMatchObject({ ok: false, seq: 2, problem: "malformed" });
    expect(await verifyLog(await published([], { published: false, status: "active" }))).toMatchObject({ ok: false, problem: "notPublished" });
  });

  it("a log that is not one at all (what any address might answer) fails instead of throwing", async () => {
    const good = await published(await chain(AUCTION));
    const notLogs: unknown[] = [null, "x", [], { ...good, entries: "no" }, { ...good, entries: [null] }, { ...good, rules: null }];
    for (const log of notLogs) expect(await verifyLog(log as never)).toMatchObject({ ok: false, seq: expect.any(Number), problem: "malformed" });
    const odd: unknown[] = [
      { ...good, rules: {} },
      { ...good, start: { after_seq: 1, state: null } },
      { ...good, head: "no" },
    ];
    for (const log of odd) expect(await verifyLog(log as never)).toMatchObject({ ok: false });
  });
});

describe("the second chance after a close", () => {
  // Bidder 1 (max ₹2,000) and Bidder 2 as in AUCTION, and Bidder 3 with ₹1,400 in between: Bidder 2 wins at ₹2,500.
  const bids = run([
    { who: 1, amount: 100_000, max: 200_000, at: T0 },
    { who: 2, amount: 120_000, at: T0 + MIN },
    { who: 3, amount: 140_000, at: T0 + 2 * MIN },
    { who: 2, amount: 250_000, max: 300_000, at: T0 + 3 * MIN },
  ]);
  const step = (kind: LogKind, bidder: string, amount: number, at = T0 + 24 * 60 * MIN): Draft => ({
    kind,
    bidder,
    amount_paise: amount,
    max_paise: 0,
    time: at,
  });
  const verify = async (drafts: Draft[]) => verifyLog(await published(await chain(drafts)));

  it("verifies the lot going down the bidders by their own highest amounts, then running out", async () => {
    // Bidder 1's maximum answered Bidder 3 at ₹1,500, so Bidder 1's highest is ₹1,500, above Bidder 3's ₹1,400.
    expect(bids.filter((d) => d.bidder === "Bidder 1").map((d) => d.amount_paise)).toEqual([100_000, 130_000, 150_000]);
    const drafts = [
      ...bids,
      step("lapse", "Bidder 2", 250_000),
      step("offer", "Bidder 1", 150_000),
      step("lapse", "Bidder 1", 150_000),
      step("offer", "Bidder 3", 140_000),
      step("lapse", "Bidder 3", 140_000),
    ];
    expect(await verify(drafts)).toMatchObject({ ok: true, winner: "Bidder 2", pricePaise: 250_000 });
    // Stopped while an offer stands: nothing may follow.
    const stopped = [...bids, step("lapse", "Bidder 2", 250_000), step("offer", "Bidder 1", 150_000), step("stop", "Bidder 1", 0)];
    expect(await verify(stopped)).toMatchObject({ ok: true });
    expect(await verify([...stopped, step("offer", "Bidder 3", 140_000)])).toMatchObject({ ok: false, problem: "offer", seq: stopped.length + 1 });
  });

  it("refuses an offer out of turn, at another amount, to the winner, a lapse of someone else, a stop of the winner, a lapse left without its offer", async () => {
    const closed = bids.length;
    const cases: [Draft[], number][] = [
      [[step("lapse", "Bidder 2", 250_000), step("offer", "Bidder 3", 140_000)], closed + 2], // Bidder 1 is next
      [[step("lapse", "Bidder 2", 250_000), step("offer", "Bidder 1", 200_000)], closed + 2], // a maximum is not a bid
      [[step("lapse", "Bidder 2", 250_000), step("offer", "Bidder 2", 250_000)], closed + 2], // the winner again
      [[step("offer", "Bidder 1", 150_000)], closed + 1], // the winner has not lapsed
      [[step("lapse", "Bidder 1", 150_000)], closed + 1], // only the holder lapses
      [[step("stop", "Bidder 2", 0)], closed + 1], // the winner's own time is not an offer
      [[step("lapse", "Bidder 2", 250_000)], closed + 1], // Bidder 1 was left out
    ];
    for (const [after, seq] of cases) expect(await verify([...bids, ...after])).toMatchObject({ ok: false, problem: "offer", seq });
    // Before the close, or after a cancel, none of them belongs.
    expect(await verify([...bids.slice(0, -1), step("offer", "Bidder 1", 150_000)])).toMatchObject({ ok: false, problem: "offer" });
  });
});
