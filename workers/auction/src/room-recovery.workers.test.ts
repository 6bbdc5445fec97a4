import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDeps } from "../../../app/deps.server";
import { admin, ravi, sita, useRoomWorld, auctionFetch, bid, createAuction, person, stubFor, seededAuction } from "./auction-room.fixtures";
import { D1Mirror } from "./room-d1";
import type { Stored } from "./room-state";
import type { RoomStorage } from "./room-storage";

useRoomWorld();

const mirrored = async (auctionId: number) =>
  (await env.DB.prepare("SELECT seq, user_id, amount_paise FROM auction_bids WHERE auction_id = ? ORDER BY seq").bind(auctionId).all()).results;

/** The object as a new instance finds it after a crash or a deploy: its storage, its bidders read from it, and a mirror with nothing waiting. */
async function restart(auctionId: number) {
  await runInDurableObject(stubFor(auctionId), async (room) => {
    const inside = room as unknown as { state: Stored; storage: RoomStorage; mirror: D1Mirror; bidders: Set<number> };
    inside.mirror = new D1Mirror(
      createDeps(env),
      () => inside.state,
      (seq) => inside.storage.bidsAfter(seq),
    );
    inside.bidders = new Set(inside.storage.bidderIds());
  });
}

describe("an auction object that stopped before D1 heard of its bids", () => {
  it("sends D1 the bids it stored but never mirrored, once, with its next write", async () => {
    const a = await createAuction(admin);
    // Five bidders, so no one bids twice within the second the rules allow a bidder.
    const [kiran, uma, devi] = await Promise.all(["Kiran Rao", "Uma Devi", "Devi Prasad"].map((name) => person(name)));
    for (const [who, amount] of [
      [ravi, 1000],
      [sita, 1100],
      [kiran, 1200],
    ] as const)
      expect((await bid(who, a.id, amount)).status).toBe(200);
    // The last two bids were stored in the object, and the object stopped before its mirror wrote them.
    await env.DB.prepare("DELETE FROM auction_bids WHERE auction_id = ? AND seq > 1").bind(a.id).run();
    await restart(a.id);
    expect((await bid(uma, a.id, 1300)).status).toBe(200);
    expect(await mirrored(a.id)).toEqual([
      { seq: 1, user_id: ravi.id, amount_paise: 100_000 },
      { seq: 2, user_id: sita.id, amount_paise: 110_000 },
      { seq: 3, user_id: kiran.id, amount_paise: 120_000 },
      { seq: 4, user_id: uma.id, amount_paise: 130_000 },
    ]);
    // A bid sent twice (a write whose answer was lost) stays one row.
    await restart(a.id);
    await env.DB.prepare("DELETE FROM auction_bids WHERE auction_id = ? AND seq = 4").bind(a.id).run();
    expect((await bid(devi, a.id, 1400)).status).toBe(200);
    expect((await mirrored(a.id)).map((b) => b.seq)).toEqual([1, 2, 3, 4, 5]);
    await expect(
      env.DB.prepare("INSERT INTO auction_bids (auction_id, bidder_name, amount_paise, user_id, seq) VALUES (?, 'Copy', 1, ?, 5)").bind(a.id, ravi.id).run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe("an auction adopted from rows that predate its object (seed data)", () => {
  it("keeps its earlier bids, and tells only accounts when it is cancelled", async () => {
    await seededAuction(900);
    expect((await bid(ravi, 900, 1600)).status).toBe(200);
    await restart(900);
    const cancel = await auctionFetch("https://auction.test/api/auction/900/cancel", {
      method: "POST",
      headers: { Authorization: admin.bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "The river rose" }),
    });
    expect(cancel.status).toBe(200);
    expect((await env.DB.prepare("SELECT user_id FROM notifications WHERE auction_id = 900 AND type = 'auction_cancelled'").all()).results).toEqual([
      { user_id: ravi.id },
    ]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM auction_bids WHERE auction_id = 900").first<{ n: number }>())?.n).toBe(3);
  });
});
