import { runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { admin, ravi, sita, useRoomWorld, bid, createAuction, d1Summary, endNow, MIN, person, stubFor, type Person } from "./auction-room.fixtures";

useRoomWorld();

describe("closing", () => {
  it("the alarm closes once: one order for the winner, notices, a second alarm and late bids change nothing", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1500);
    await endNow(a.id);
    expect(await bid(ravi, a.id, 2000)).toMatchObject({ status: 409, body: { error: "Auction ended" } });
    const stub = stubFor(a.id);
    await Promise.all([runDurableObjectAlarm(stub), runInDurableObject(stub, (room) => room.alarm())]);
    await runInDurableObject(stub, (room) => room.alarm());
    // The alarm left is the winner's deadline to pay: run early, it changes nothing.
    await runDurableObjectAlarm(stub);
    const orders = await env.DB.prepare("SELECT * FROM orders").all<Record<string, unknown>>();
    expect(orders.results).toHaveLength(1);
    const order = orders.results[0];
    expect(order).toMatchObject({
      user_id: sita.id,
      source: "auction",
      auction_id: a.id,
      status: "payment_pending",
      payment_state: "advance_due",
      advance_paise: 50_000,
      estimated_total_paise: 150_000,
      first_name: "Sita",
      last_name: "Rao",
    });
    expect(Number(order.reserved_until) - Date.now()).toBeGreaterThan(23 * 60 * MIN);
    const items = await env.DB.prepare("SELECT product_id, price_paise, quantity FROM order_items WHERE order_id = ?").bind(order.id).all();
    expect(items.results).toEqual([{ product_id: null, price_paise: 150_000, quantity: 1 }]);
    const notes = await env.DB.prepare("SELECT user_id, type FROM notifications WHERE type != 'outbid' ORDER BY user_id").all();
    expect(notes.results).toEqual([
      { user_id: ravi.id, type: "auction_ended" },
      { user_id: sita.id, type: "auction_won" },
    ]);
    expect(await d1Summary(a.id)).toMatchObject({ status: "ended", winner_user_id: sita.id, current_price_paise: 150_000 });
    const view = await (
      await SELF.fetch(`https://auction.test/api/auction/${a.id}`, { headers: { Authorization: sita.bearer } })
    ).json<{ auction: AuctionView }>();
    expect(view.auction).toMatchObject({ status: "ended", you: "won", order_number: order.number });
    const lost = await (
      await SELF.fetch(`https://auction.test/api/auction/${a.id}`, { headers: { Authorization: ravi.bearer } })
    ).json<{ auction: AuctionView }>();
    expect(lost.auction).toMatchObject({ status: "ended", you: "lost", order_number: null });
  });

  it("after the close everyone sees the final price and the winner's pseudonym, and every bid by pseudonym, never a name", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1500);
    const running = await (await SELF.fetch(`https://auction.test/api/auction/${a.id}`)).json<{ auction: AuctionView }>();
    // While it runs, bidders are shown by name (first name and initial) and nobody has won.
    expect(running.auction).toMatchObject({ winner: null, bids: [{ bidder_name: "Sita R." }, { bidder_name: "Ravi K." }] });
    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    for (const headers of [{}, { Authorization: ravi.bearer }, { Authorization: sita.bearer }] as Record<string, string>[]) {
      const res = await SELF.fetch(`https://auction.test/api/auction/${a.id}`, { headers });
      const body = await res.text();
      expect(body).not.toMatch(/Ravi|Sita|@example/);
      const { auction } = JSON.parse(body) as { auction: AuctionView };
      expect(auction).toMatchObject({ current_price: 1500, winner: "Bidder 2" });
      expect(auction.bids.map((b) => `${b.bidder_name} ${b.amount}`)).toEqual(["Bidder 2 1500", "Bidder 1 1000"]);
    }
  });

  it("an alarm before the end re-arms instead of closing", async () => {
    const a = await createAuction(admin);
    await runInDurableObject(stubFor(a.id), (room) => room.alarm());
    expect((await d1Summary(a.id))?.status).toBe("active");
  });

  it("the object restarted mid-auction loses nothing", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000, { max_amount: 3000 });
    await bid(sita, a.id, 1500);
    const before = await stubFor(a.id).inspect();
    await runInDurableObject(stubFor(a.id), (_room, state) => {
      state.abort("restart");
    }).catch(() => undefined);
    const after = await stubFor(a.id).inspect();
    expect(after).toEqual(before);
    const gopi = await person("Gopi Varma");
    expect(await bid(gopi, a.id, 3000)).toMatchObject({ status: 200, body: { auction: { current_price: 3000, you: "outbid", bid_count: 5 } } });
  });

  it("cancelling (admin, with a reason) tells the bidders and stops bids", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    const cancel = (who: Person, reason: string) =>
      SELF.fetch(`https://auction.test/api/auction/${a.id}/cancel`, {
        method: "POST",
        headers: { Authorization: who.bearer, "Content-Type": "application/json" },
        body: JSON.stringify({ reason }),
      });
    expect((await cancel(ravi, "I changed my mind")).status).toBe(403);
    expect((await cancel(admin, "")).status).toBe(400);
    expect((await cancel(admin, "The catch was too small")).status).toBe(200);
    expect(await bid(sita, a.id, 1100)).toMatchObject({ status: 409, body: { error: "This auction is not taking bids" } });
    expect((await d1Summary(a.id))?.status).toBe("cancelled");
    expect(
      await env.DB.prepare("SELECT user_id, type FROM notifications WHERE type = 'auction_cancelled'")
        .all()
        .then((r) => r.results),
    ).toEqual([{ user_id: ravi.id, type: "auction_cancelled" }]);
  });
});
