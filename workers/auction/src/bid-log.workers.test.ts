import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { admin, auctionFetch, bid, createAuction, endNow, person, ravi, seededAuction, sita, stubFor, useRoomWorld } from "./auction-room.fixtures";
import { verifyLog, type PublishedLog } from "./bid-log";

useRoomWorld();

async function logOf(id: number) {
  const res = await auctionFetch(`https://auction.test/api/auction/${id}/log`);
  return { status: res.status, body: (await res.json()) as { success: boolean; log: PublishedLog; title: string; error?: string } };
}

async function viewAs(id: number, who: { bearer: string } | null) {
  const res = await auctionFetch(`https://auction.test/api/auction/${id}`, { headers: who ? { Authorization: who.bearer } : {} });
  return ((await res.json()) as { auction: AuctionView }).auction;
}

/** Ends the auction and runs its close. */
async function close(id: number) {
  await endNow(id);
  await runDurableObjectAlarm(stubFor(id));
}

/** The object stops (a crash, a deploy, hibernation's eviction): the next call meets a new instance built from its storage. */
async function restart(id: number) {
  const before = await runInDurableObject(stubFor(id), (room) => room);
  await runInDurableObject(stubFor(id), (_room, state) => state.abort()).catch(() => undefined);
  expect(await runInDurableObject(stubFor(id), (room) => room)).not.toBe(before);
}

describe("the bid log of an auction", () => {
  it("chains every bid and proxy bid across a restart, shows only its head while it runs, and publishes what verifies at the close", async () => {
    const a = await createAuction(admin);
    expect((await bid(ravi, a.id, 1000, { max_amount: 2000 })).status).toBe(200);
    const early = await logOf(a.id);
    expect(early.status).toBe(200);
    expect(early.body.log).toMatchObject({ published: false, status: "active", entries: [], start: null, head: { seq: 1 } });

    await restart(a.id);
    // Sita's bid, answered by Ravi's maximum, placed by a new instance of the object.
    const placed = await bid(sita, a.id, 1200);
    expect(placed.status).toBe(200);
    expect(placed.body.auction?.receipts.map((r) => [r.seq, r.kind, r.amount_paise])).toEqual([[2, "bid", 120_000]]);
    expect(placed.body.auction?.log_head?.seq).toBe(3);

    const ravisView = await viewAs(a.id, ravi);
    expect(ravisView.receipts.map((r) => [r.seq, r.kind, r.amount_paise])).toEqual([
      [1, "bid", 100_000],
      [3, "proxy", 130_000],
    ]);
    expect((await viewAs(a.id, null)).receipts).toEqual([]);
    const head = (await logOf(a.id)).body.log.head!;
    expect(head).toEqual(ravisView.log_head);
    expect(head.hash).toBe(ravisView.receipts[1].hash);

    await restart(a.id);
    await close(a.id);
    const { body } = await logOf(a.id);
    expect(body.log.published).toBe(true);
    expect(body.log.entries.map((e) => `${e.seq} ${e.kind} ${e.bidder} ${e.amount_paise} ${e.max_paise}`)).toEqual([
      "1 bid Bidder 1 100000 200000",
      "2 bid Bidder 2 120000 120000",
      "3 proxy Bidder 1 130000 0",
      "4 close Bidder 1 130000 0",
    ]);
    // The receipts Ravi was shown are in the published log, and it ends past the head seen while it ran.
    expect(body.log.entries[0].hash).toBe(ravisView.receipts[0].hash);
    expect(body.log.entries[2].hash).toBe(head.hash);
    expect(await verifyLog(body.log)).toEqual({ ok: true, entries: 4, outcome: "ended", winner: "Bidder 1", pricePaise: 130_000 });
    // Pseudonyms only: no name, e-mail or account id.
    expect(JSON.stringify(body.log)).not.toMatch(/Ravi|Sita|example\.in|user_id/);
  });

  it("hashes entries a stopped object stored but never hashed, the same way, once", async () => {
    const a = await createAuction(admin);
    expect((await bid(ravi, a.id, 1000)).status).toBe(200);
    // Sita's bid stored, and the object stops before its hash is taken.
    await runInDurableObject(stubFor(a.id), (_room, state) => {
      state.storage.sql.exec("UPDATE log SET hash = NULL, prev = NULL WHERE seq = 1");
    });
    await restart(a.id);
    expect((await bid(sita, a.id, 1100)).status).toBe(200);
    await close(a.id);
    const { log } = (await logOf(a.id)).body;
    expect(log.entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(await verifyLog(log)).toMatchObject({ ok: true, winner: "Bidder 2", pricePaise: 110_000 });
  });

  it("stays one chain under concurrent bids", async () => {
    const a = await createAuction(admin);
    const people = await Promise.all(["Kiran Rao", "Uma Devi", "Devi Prasad", "Asha Latha", "Mohan Babu"].map((n) => person(n)));
    const answers = await Promise.all(people.map((p, i) => bid(p, a.id, 1000 + i * 100, { max_amount: 3000 - i * 100 })));
    const accepted = answers.filter((r) => r.status === 200).length;
    expect(accepted).toBeGreaterThan(0);
    await close(a.id);
    const { log } = (await logOf(a.id)).body;
    expect(log.entries.filter((e) => e.kind === "bid")).toHaveLength(accepted);
    // Whatever order they arrived in, the replay gives the object's own result.
    const state = (await stubFor(a.id).inspect())!;
    expect(await verifyLog(log)).toMatchObject({ ok: true, outcome: "ended", pricePaise: state.currentPricePaise });
  });

  it("publishes a cancelled auction's log, ending in its cancel", async () => {
    const a = await createAuction(admin);
    expect((await bid(ravi, a.id, 1000)).status).toBe(200);
    expect((await stubFor(a.id).cancel("The river rose")).ok).toBe(true);
    const { status, body } = await logOf(a.id);
    expect(status).toBe(200);
    expect(body.log.entries.map((e) => e.kind)).toEqual(["bid", "cancel"]);
    expect(await verifyLog(body.log)).toEqual({ ok: true, entries: 2, outcome: "cancelled", winner: null, pricePaise: 0 });
  });

  it("answers 404 for an auction that does not exist, and makes no object for it", async () => {
    const { status, body } = await logOf(987654);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: "Auction not found" });
  });

  it("begins an auction's log with the bids it had before the log existed", async () => {
    await seededAuction(900);
    expect((await bid(ravi, 900, 1600)).status).toBe(200);
    await close(900);
    const { log } = (await logOf(900)).body;
    expect(log.start).toMatchObject({ after_seq: 2, price_paise: 150_000, leader: null });
    expect(log.entries.map((e) => `${e.kind} ${e.bidder} ${e.amount_paise}`)).toEqual([
      "bid Bidder 1 120000",
      "bid Bidder 2 150000",
      "bid Bidder 3 160000",
      "close Bidder 3 160000",
    ]);
    expect(await verifyLog(log)).toMatchObject({ ok: true, winner: "Bidder 3", pricePaise: 160_000 });
  });

  it("begins the log of an object whose bids were placed before the log existed, from its state then", async () => {
    const a = await createAuction(admin);
    expect((await bid(ravi, a.id, 1000, { max_amount: 1500 })).status).toBe(200);
    expect((await bid(sita, a.id, 1200)).status).toBe(200);
    // As the object was before it kept a log: its bids and state, no log.
    await runInDurableObject(stubFor(a.id), (_room, state) => {
      for (const table of ["log", "pseudonyms", "log_meta"]) state.storage.sql.exec(`DROP TABLE ${table}`);
    });
    await restart(a.id);
    const kiran = await person("Kiran Rao");
    expect((await bid(kiran, a.id, 1500)).status).toBe(200);
    await close(a.id);
    const { log } = (await logOf(a.id)).body;
    expect(log.start).toMatchObject({ after_seq: 3, price_paise: 130_000, leader: "Bidder 1", leader_max_paise: 150_000 });
    // Kiran's ₹1,500 ties Ravi's maximum: the earlier bidder keeps the lead at ₹1,500.
    expect(log.entries.slice(3).map((e) => `${e.kind} ${e.bidder} ${e.amount_paise}`)).toEqual([
      "bid Bidder 3 150000",
      "proxy Bidder 1 150000",
      "close Bidder 1 150000",
    ]);
    expect(await verifyLog(log)).toMatchObject({ ok: true, winner: "Bidder 1", pricePaise: 150_000 });
  });
});
