import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledJobs } from "../../scheduled";
import { admin, auctionFetch, bid, createAuction, endNow, person, ravi, sita, stubFor, useRoomWorld } from "./auction-room.fixtures";

useRoomWorld();

/** The store's scheduled job, reaching this auction Worker as the store does (its AUCTION binding). */
const service = { fetch: (url: string, init?: RequestInit) => auctionFetch(url, init) } as unknown as Fetcher;
const scheduledJob = () => runScheduledJobs({ ...env, AUCTION: service } as unknown as Env);

const ordersOf = (id: number) =>
  env.DB.prepare("SELECT user_id, status, estimated_total_paise AS paise FROM orders WHERE auction_id = ? ORDER BY id")
    .bind(id)
    .all<{ user_id: number; status: string; paise: number }>()
    .then((r) => r.results);

/** Ravi ₹1,000, Gopi ₹1,200, Sita ₹1,500: Sita wins, with her 24 hours (the object's deadline) ahead. */
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

/** The winner's order runs out in the store's database only: the object's own deadline is still a day away. */
const orderRunsOut = (id: number) =>
  env.DB.prepare("UPDATE orders SET reserved_until = ? WHERE auction_id = ? AND status = 'payment_pending'")
    .bind(Date.now() - 1, id)
    .run();

const check = (id: number) => auctionFetch(`https://auction.test/api/auction/${id}/offers/check`, { method: "POST" });

describe("the scheduled job prompts the second chance", () => {
  it("a winner's order the job expires is offered to the next bidder in the same run, not at the object's deadline", async () => {
    const { a, gopi } = await closedWithThree();
    await orderRunsOut(a.id);
    await scheduledJob();
    expect(await ordersOf(a.id)).toEqual([
      { user_id: sita.id, status: "payment_expired", paise: 150_000 },
      { user_id: gopi.id, status: "payment_pending", paise: 120_000 },
    ]);
    // The next run finds the auction moved on: nothing more happens.
    await scheduledJob();
    expect(await ordersOf(a.id)).toHaveLength(2);
  });

  it("an unpaid winner's order cancelled before its deadline is offered on at the next run", async () => {
    const { a, gopi } = await closedWithThree();
    await env.DB.prepare("UPDATE orders SET status = 'order_cancelled', updated_at = ? WHERE auction_id = ?").bind(Date.now(), a.id).run();
    await scheduledJob();
    expect((await ordersOf(a.id)).map((o) => [o.user_id, o.status])).toEqual([
      [sita.id, "order_cancelled"],
      [gopi.id, "payment_pending"],
    ]);
  });

  it("a prompt while the order still waits, or after the offers were stopped, offers nothing", async () => {
    const { a, gopi } = await closedWithThree();
    // Anyone may send the prompt: it never offers a lot whose order is still inside its time.
    const early = await Promise.all([check(a.id), check(a.id)]);
    expect(early.map((r) => r.status)).toEqual([200, 200]);
    expect(await ordersOf(a.id)).toEqual([{ user_id: sita.id, status: "payment_pending", paise: 150_000 }]);
    expect((await check(999_999)).status).toBe(404);
    // A live auction has no lot to offer yet: the prompt changes nothing.
    const live = await createAuction(admin);
    await bid(ravi, live.id, 1000);
    expect((await check(live.id)).status).toBe(200);
    expect(await ordersOf(live.id)).toEqual([]);

    await orderRunsOut(a.id);
    await scheduledJob();
    const stopped = await auctionFetch(`https://auction.test/api/auction/${a.id}/offers/stop`, { method: "POST", headers: { Authorization: admin.bearer } });
    expect(stopped.status).toBe(200);
    await Promise.all([scheduledJob(), check(a.id), check(a.id)]);
    expect((await ordersOf(a.id)).map((o) => [o.user_id, o.status])).toEqual([
      [sita.id, "payment_expired"],
      [gopi.id, "order_cancelled"],
    ]);
  });

  it("a winner who paid keeps the lot: a prompt finds the order paid and nobody else is ever offered it", async () => {
    const { a } = await closedWithThree();
    await env.DB.prepare("UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ?, updated_at = ? WHERE auction_id = ?")
      .bind(Date.now(), Date.now(), a.id)
      .run();
    await Promise.all([check(a.id), scheduledJob()]);
    await orderRunsOut(a.id);
    await scheduledJob();
    expect(await ordersOf(a.id)).toEqual([{ user_id: sita.id, status: "order_raised", paise: 150_000 }]);
    expect((await stubFor(a.id).inspect())?.offers).toBe("done");
  });
});
