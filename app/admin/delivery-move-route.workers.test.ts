import { describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { payAdvance } from "../../tests/setup/money";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { catchLeftOn, saveCatch } from "../../tests/setup/shop-days";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { one } from "../../tests/setup/sql";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { addDays, formatDelivery, istDate } from "~/delivery/slots";
import { createShopOrder } from "~/orders/orders.server";
import { action, loader } from "~/routes/admin-dashboard.orders.$number";

// The pages run on the real clock: tomorrow and the day after can always be booked.
const w = setUpShopDayWorld();

async function orderForTomorrow() {
  const deps = testDeps();
  const [d1, d2] = [1, 2].map((n) => addDays(istDate(Date.now()), n));
  await saveCatch(deps, w.fishId, [
    { date: d1, quantity: 5 },
    { date: d2, quantity: 5 },
  ]);
  const order = await createShopOrder(deps, {
    user: { id: await w.newUser() },
    lines: [{ productId: w.fishId, quantity: 2 }],
    shipping: VALID_ADDRESS,
    delivery: { date: d1, slot: "evening" },
    now: Date.now(),
  });
  await payAdvance(deps, order);
  const path = `/admin-dashboard/orders/${order.number}`;
  const form = async (delivery: string) => ({ intent: "move", delivery, version: String(await w.version(order.id)) });
  return { order, d1, d2, path, form, params: { number: order.number } };
}

const where = async (id: number) => one("SELECT delivery_date AS date, delivery_slot AS slot FROM orders WHERE id = ?", id);

describe("the admin order page's move form, as a plain form post", () => {
  it("moves for the admin only; signed out and as the customer nothing changes", async () => {
    const { order, d1, d2, path, form, params } = await orderForTomorrow();
    const move = await form(`${d2}.morning`);
    expect((await callRoute(action, path, { form: move, params })).location).toMatch(/^\/login\?redirectTo=/);
    expect((await callRoute(action, path, { cookie: await sessionCookie(order.userId), form: move, params })).location).toBe("/");
    expect((await callRoute(loader, path, { cookie: await sessionCookie(order.userId), params })).location).toBe("/");
    expect(await where(order.id)).toEqual({ date: d1, slot: "evening" });

    const admin = await sessionCookie(w.admin.id);
    const page = await callRoute(loader, path, { cookie: admin, params });
    const moves = (page.body as { moves: { date: string; slot: string; state: string }[] }).moves;
    expect(moves.find((c) => c.date === d1 && c.slot === "evening")?.state).toBe("current");
    expect(moves.find((c) => c.date === d2 && c.slot === "morning")?.state).toBe("open");
    const done = await callRoute(action, path, { cookie: admin, form: move, params });
    expect(done).toMatchObject({ status: 302, location: path });
    expect(await flashOf(done)).toEqual({ type: "success", text: `Delivery moved to ${formatDelivery(d2, "morning")}. The customer has been told.` });
    expect(await where(order.id)).toEqual({ date: d2, slot: "morning" });
    expect([await catchLeftOn(w.fishId, d1), await catchLeftOn(w.fishId, d2)]).toEqual([5, 3]);
    // The same post again (a double press, a replay): its version is gone.
    const replay = await callRoute(action, path, { cookie: admin, form: move, params });
    expect(replay).toMatchObject({ status: 409, body: { error: "This order was updated by someone else. Reload to see the latest." } });
    expect(await one("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND kind = 'delivery'", order.id)).toEqual({ n: 1 });
  });

  it("answers a forged or missing choice with a message, and an order without a delivery date is refused", async () => {
    const { order, d1, path, form, params } = await orderForTomorrow();
    const admin = await sessionCookie(w.admin.id);
    for (const delivery of ["", "tomorrow.morning", `${d1}.night`, `${d1}.morning.x`, "2027-02-30.morning"]) {
      const answer = await callRoute(action, path, { cookie: admin, form: await form(delivery), params });
      expect(answer.status).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/Please choose a delivery slot|Choose a date of the coming 7 days/);
    }
    expect(await where(order.id)).toEqual({ date: d1, slot: "evening" });
    // A won auction's order has no delivery date of its own to move.
    await one("UPDATE orders SET delivery_date = NULL, delivery_slot = NULL, stock_held = 0 WHERE id = ? RETURNING id", order.id);
    expect((await callRoute(loader, path, { cookie: admin, params })).body).toMatchObject({ moves: null });
    const refused = await callRoute(action, path, { cookie: admin, form: await form(`${d1}.morning`), params });
    expect(refused).toMatchObject({ status: 409, body: { error: "This order has no delivery date to move." } });
  });
});
