import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { verifyLog } from "./bid-log";
import { admin, auctionFetch, bid, createAuction, endNow, person, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";

useRoomWorld();

/** The holder's 24 hours run out: their order's and the object's deadline moved into the past (no sleeps). */
async function deadlinePasses(id: number) {
  await runInDurableObject(stubFor(id), async (room) => {
    const state = (await room.inspect())!;
    const holder = { ...state.holder!, deadline: Date.now() - 1 };
    (room as unknown as { state: typeof state }).state = { ...state, holder };
  });
  await env.DB.prepare("UPDATE orders SET reserved_until = ? WHERE auction_id = ? AND status = 'payment_pending'")
    .bind(Date.now() - 1, id)
    .run();
  await runDurableObjectAlarm(stubFor(id));
}

const ordersOf = (id: number) =>
  env.DB.prepare("SELECT user_id, status, estimated_total_paise AS paise, number FROM orders WHERE auction_id = ? ORDER BY id")
    .bind(id)
    .all<{ user_id: number; status: string; paise: number; number: string }>()
    .then((r) => r.results);

const noticesOf = (id: number) =>
  env.DB.prepare(
    "SELECT user_id, type FROM notifications WHERE auction_id = ? AND type IN ('auction_won', 'auction_offer', 'auction_lapsed', 'auction_offer_stopped') ORDER BY id",
  )
    .bind(id)
    .all()
    .then((r) => r.results);

async function log(id: number) {
  const res = await auctionFetch(`https://auction.test/api/auction/${id}/log`);
  return ((await res.json()) as { log: Parameters<typeof verifyLog>[0] }).log;
}

const stop = (who: Person, id: number) =>
  auctionFetch(`https://auction.test/api/auction/${id}/offers/stop`, { method: "POST", headers: { Authorization: who.bearer } });

/** Ravi ₹1,000, Gopi ₹1,200, Sita ₹1,500: Sita wins; the lot then goes to Gopi at ₹1,200, then Ravi at ₹1,000. */
async function closedWithThree() {
  const gopi = await person("Gopi Varma");
  const a = await createAuction(admin);
  await bid(ravi, a.id, 1000);
  await bid(gopi, a.id, 1200);
  await bid(sita, a.id, 1500);
  await endNow(a.id);
  await runDurableObjectAlarm(stubFor(a.id));
  return { a, gopi };
}

describe("the second chance", () => {
  it("an unpaid winner's order ends and the lot goes down the bidders at their own highest bids, each told, until nobody is left; the log verifies", async () => {
    const { a, gopi } = await closedWithThree();
    expect(await ordersOf(a.id)).toMatchObject([{ user_id: sita.id, status: "payment_pending", paise: 150_000 }]);
    // An alarm before the deadline offers nothing.
    await runDurableObjectAlarm(stubFor(a.id));
    expect(await ordersOf(a.id)).toHaveLength(1);

    await deadlinePasses(a.id);
    const [won, offered] = await ordersOf(a.id);
    expect(won).toMatchObject({ user_id: sita.id, status: "payment_expired" });
    expect(offered).toMatchObject({ user_id: gopi.id, status: "payment_pending", paise: 120_000 });
    const reserved = await env.DB.prepare("SELECT reserved_until FROM orders WHERE number = ?").bind(offered.number).first<{ reserved_until: number }>();
    expect(reserved!.reserved_until - Date.now()).toBeGreaterThan(23 * 60 * 60_000);
    // The offered bidder sees the order on the auction page; the lapsed winner no longer does.
    const view = async (who: Person) =>
      ((await (await auctionFetch(`https://auction.test/api/auction/${a.id}`, { headers: { Authorization: who.bearer } })).json()) as { auction: AuctionView })
        .auction;
    expect(await view(gopi)).toMatchObject({ you: "lost", order_number: offered.number });
    expect((await view(ravi)).order_number).toBeNull();
    // The winner whose time ran out is told so, with no link to the expired order; the winner stays the close's.
    expect(await view(sita)).toMatchObject({ you: "lapsed", order_number: null, winner: "Bidder 3" });

    await deadlinePasses(a.id);
    // Gopi's time ran out too: told so, like the winner; Ravi now holds the offer.
    expect(await view(gopi)).toMatchObject({ you: "lapsed", order_number: null });
    expect(await view(ravi)).toMatchObject({ you: "lost", order_number: expect.any(String) });
    await deadlinePasses(a.id);
    expect(await ordersOf(a.id)).toMatchObject([
      { user_id: sita.id, status: "payment_expired" },
      { user_id: gopi.id, status: "payment_expired" },
      { user_id: ravi.id, status: "payment_expired", paise: 100_000 },
    ]);
    await deadlinePasses(a.id).catch(() => undefined);
    expect(await ordersOf(a.id)).toHaveLength(3);
    expect(await noticesOf(a.id)).toEqual([
      { user_id: sita.id, type: "auction_won" },
      { user_id: sita.id, type: "auction_lapsed" },
      { user_id: gopi.id, type: "auction_offer" },
      { user_id: gopi.id, type: "auction_lapsed" },
      { user_id: ravi.id, type: "auction_offer" },
      { user_id: ravi.id, type: "auction_lapsed" },
    ]);
    const mails = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY id')
      .bind(`user${gopi.id}@example.in`)
      .all<{ subject: string }>();
    const chain = ["A lot is offered to you", "Your time to pay ran out"];
    expect(mails.results.map((m) => m.subject.split(" – ")[0]).filter((subject) => chain.includes(subject))).toEqual(chain);
    const published = await log(a.id);
    expect(published.entries.slice(-6).map((e) => `${e.kind} ${e.bidder} ${e.amount_paise}`)).toEqual([
      "close Bidder 3 150000",
      "lapse Bidder 3 150000",
      "offer Bidder 2 120000",
      "lapse Bidder 2 120000",
      "offer Bidder 1 100000",
      "lapse Bidder 1 100000",
    ]);
    expect(await verifyLog(published)).toMatchObject({ ok: true, winner: "Bidder 3" });
  });

  it("a winner who paid in time keeps the lot: the deadline offers nothing", async () => {
    const { a } = await closedWithThree();
    await env.DB.prepare("UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ? WHERE auction_id = ?")
      .bind(Date.now(), a.id)
      .run();
    await deadlinePasses(a.id);
    expect(await ordersOf(a.id)).toMatchObject([{ user_id: sita.id, status: "order_raised" }]);
    expect((await log(a.id)).entries.at(-1)?.kind).toBe("close");
    const seen = await auctionFetch(`https://auction.test/api/auction/${a.id}`, { headers: { Authorization: sita.bearer } });
    expect(((await seen.json()) as { auction: AuctionView }).auction).toMatchObject({ you: "won", order_number: expect.any(String) });
  });

  it("the admin stops the offers: the live offer's order is cancelled, nobody else is offered the lot, the stop is logged", async () => {
    const { a, gopi } = await closedWithThree();
    // The winner's own 24 hours cannot be stopped, and only an admin may stop.
    expect((await stop(admin, a.id)).status).toBe(409);
    await deadlinePasses(a.id);
    expect((await stop(gopi, a.id)).status).toBe(403);
    const both = await Promise.all([stop(admin, a.id), stop(admin, a.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ordersOf(a.id)).toMatchObject([
      { user_id: sita.id, status: "payment_expired" },
      { user_id: gopi.id, status: "order_cancelled" },
    ]);
    expect(await runDurableObjectAlarm(stubFor(a.id))).toBe(false);
    expect(await ordersOf(a.id)).toHaveLength(2);
    expect(await noticesOf(a.id)).toContainEqual({ user_id: gopi.id, type: "auction_offer_stopped" });
    // Gopi's offer was withdrawn, not run out: not told their time ran out; the winner's did.
    const standing = async (who: Person) =>
      ((await (await auctionFetch(`https://auction.test/api/auction/${a.id}`, { headers: { Authorization: who.bearer } })).json()) as { auction: AuctionView })
        .auction.you;
    expect([await standing(sita), await standing(gopi), await standing(ravi)]).toEqual(["lapsed", "lost", "lost"]);
    const published = await log(a.id);
    expect(published.entries.at(-1)).toMatchObject({ kind: "stop", bidder: "Bidder 2" });
    expect(await verifyLog(published)).toMatchObject({ ok: true });
  });

  it("a stop after the offer was paid is refused and cancels nothing", async () => {
    const { a, gopi } = await closedWithThree();
    await deadlinePasses(a.id);
    await env.DB.prepare("UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ? WHERE auction_id = ? AND user_id = ?")
      .bind(Date.now(), a.id, gopi.id)
      .run();
    const res = await stop(admin, a.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "The advance was paid first: the lot is sold" });
    expect((await ordersOf(a.id))[1]).toMatchObject({ user_id: gopi.id, status: "order_raised" });
    expect((await log(a.id)).entries.at(-1)?.kind).toBe("offer");
  });

  it("an offer whose order the object never made (it stopped in between) gets it at the next alarm, once", async () => {
    const { a, gopi } = await closedWithThree();
    await deadlinePasses(a.id);
    const [, offered] = await ordersOf(a.id);
    // As if the object had stopped after logging the offer, before D1 had its order.
    await env.DB.prepare("DELETE FROM orders WHERE number = ?").bind(offered.number).run();
    await runInDurableObject(stubFor(a.id), async (room) => {
      const state = (await room.inspect())!;
      (room as unknown as { state: typeof state }).state = { ...state, holder: { ...state.holder!, orderNumber: null } };
    });
    await runInDurableObject(stubFor(a.id), (room) => room.alarm());
    await runInDurableObject(stubFor(a.id), (room) => room.alarm());
    expect((await ordersOf(a.id)).filter((o) => o.user_id === gopi.id)).toMatchObject([{ status: "payment_pending", paise: 120_000 }]);
  });
});
