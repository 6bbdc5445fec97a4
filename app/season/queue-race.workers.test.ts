import { describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { setUpSeasonWorld } from "../../tests/setup/season";
import { saveSlots } from "../../tests/setup/shop-days";
import { all } from "../../tests/setup/sql";
import type { Order } from "~/db/schema";
import { createShopOrder, OutOfStockError } from "~/orders/orders.server";
import { checkOut } from "~/orders/shop-checkout.server";
import { fillQueue } from "./queue.server";
import { seededRandom } from "../../tests/setup/random";

const s = setUpSeasonWorld();
const { w } = s;

/** The fills the rule allows: walking the queue in the order paid, each pre-booking deliverable on `date` that fits what is left. */
function greedy(queue: { id: number; quantity: number; latestDate: string }[], date: string, caught: number) {
  let left = caught;
  const filled: number[] = [];
  for (const q of queue) {
    if (q.latestDate < date || q.quantity > left) continue;
    left -= q.quantity;
    filled.push(q.id);
  }
  return { filled, left };
}

/** The queue's fills, in the order they were made (each fill is one event on its order). */
const fillEvents = (productId: number) =>
  all<{ order_id: number }>(
    `SELECT e.order_id FROM order_events e JOIN order_items i ON i.order_id = e.order_id
     WHERE i.product_id = ? AND e.kind = 'status' AND e.from_value = 'prebooked' AND e.to_value = 'order_raised' ORDER BY e.id`,
    productId,
  );

/** `n` pre-bookings by `n` shoppers, with seeded quantities (1 to 3 kg) and last dates, paid in a seeded order a second apart. */
async function seededQueue(n: number, seed: number) {
  const rand = seededRandom(seed);
  const booked: { order: Order; quantity: number; latestDate: string }[] = [];
  for (let i = 0; i < n; i++) {
    const quantity = 1 + Math.floor(rand() * 3);
    // One in ten accepts nothing later than tomorrow: the catch below lands the day after and must pass them by.
    const latestDate = rand() < 0.1 ? w.day(1) : w.day(2 + Math.floor(rand() * 18));
    booked.push({ order: await s.book(quantity, latestDate), quantity, latestDate });
  }
  const paid = [...booked];
  for (let i = paid.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [paid[i], paid[j]] = [paid[j], paid[i]];
  }
  for (let i = 0; i < paid.length; i += 10) {
    await Promise.all(paid.slice(i, i + 10).map((p, k) => s.pay(p.order, w.now + (i + k + 1) * 1000)));
  }
  return paid.map((p) => ({ id: p.order.id, quantity: p.quantity, latestDate: p.latestDate }));
}

describe("a long queue filled from one catch while new orders race the fill", () => {
  it("100 pre-bookings, 40 kg: exactly the paid-order greedy fills, in that order, and nothing sold beyond the catch", { timeout: 240_000 }, async () => {
    const paid = await seededQueue(100, 6);
    expect(await s.queue()).toEqual(paid.map((p) => p.id));
    const date = w.day(2);
    // Room for every order of the day: the default 20 a slot would stop the fills at 40 orders (here they are fewer).
    await saveSlots(w.deps, [
      { date, slot: "morning", capacity: 200 },
      { date, slot: "evening", capacity: 200 },
    ]);
    await w.plan(w.fishId, { [date]: 40 });
    const expected = greedy(paid, date, 40);
    // The seed's queue walks every rule: pre-bookings passed over for their last date, and bigger ones passed
    // over for size (keeping their place) while a smaller one paid later is filled.
    const last = paid.findIndex((p) => p.id === expected.filled.at(-1));
    const passed = paid.slice(0, last).filter((p) => !expected.filled.includes(p.id));
    expect(passed.filter((p) => p.latestDate < date).length).toBeGreaterThan(0);
    expect(passed.filter((p) => p.latestDate >= date).length).toBeGreaterThan(0);
    const at = w.now + 10 * 60_000;
    // The admin's save fills the queue while twenty shoppers check out for that day (each checkout fills first
    // too) and ten orders are placed straight away, without filling first (as any other path might).
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => w.newUser()));
    const order = (id: number, i: number) => ({
      user: { id },
      lines: [{ productId: w.fishId, quantity: 1 + (i % 2) }],
      delivery: { date, slot: i % 2 ? ("morning" as const) : ("evening" as const) },
      now: at,
    });
    const results = await Promise.allSettled([
      fillQueue(w.deps, at),
      ...shoppers.slice(0, 10).map((id, i) => createShopOrder(w.deps, { ...order(id, i), shipping: VALID_ADDRESS })),
      ...shoppers.slice(10).map((id, i) => checkOut(w.deps, { ...order(id, i), value: { ...VALID_ADDRESS, delivery: order(id, i).delivery, ceiling: "20" } })),
      fillQueue(w.deps, at),
    ]);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OutOfStockError);

    // The fills, in the order made: exactly the greedy walk of the queue in the order paid.
    expect((await fillEvents(w.fishId)).map((e) => e.order_id)).toEqual(expected.filled);
    const raised = await all<{ id: number; delivery_date: string }>(
      "SELECT o.id, o.delivery_date FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_id = ? AND o.source = 'season' AND o.status = 'order_raised' ORDER BY o.paid_at, o.id",
      w.fishId,
    );
    expect(raised.map((r) => r.id)).toEqual(expected.filled);
    expect(new Set(raised.map((r) => r.delivery_date))).toEqual(new Set([date]));
    // The rest wait, in the same order.
    expect(await s.queue()).toEqual(paid.filter((p) => !expected.filled.includes(p.id)).map((p) => p.id));
    // Sold and held never pass the catch; new orders took only what the queue could not use.
    const shop = await all<{ kg: number }>(
      "SELECT coalesce(sum(i.quantity), 0) AS kg FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.source = 'shop' AND o.stock_held = 1 AND o.delivery_date = ? AND i.product_id = ?",
      date,
      w.fishId,
    );
    expect(await s.held(date)).toBeLessThanOrEqual(40);
    expect(await s.held(date)).toBe(40 - expected.left + shop[0].kg);
    expect(shop[0].kg).toBeLessThanOrEqual(expected.left);
    const placed = results.filter((r) => r.status === "fulfilled").length - 2;
    expect(placed).toBe(await all("SELECT id FROM orders WHERE source = 'shop' AND delivery_date = ?", date).then((rows) => rows.length));
  });

  it("three fills at once fill each pre-booking once and hold no more than the catch", async () => {
    const paid = await seededQueue(24, 7);
    const date = w.day(2);
    await w.plan(w.fishId, { [date]: 15 });
    await saveSlots(w.deps, [{ date, slot: "evening", capacity: 200 }]);
    const runs = await Promise.all([1, 2, 3].map(() => fillQueue(w.deps, w.now)));
    const expected = greedy(paid, date, 15);
    // Each fill was made by exactly one of the runs.
    expect(
      runs
        .flat()
        .map((f) => f.id)
        .sort(),
    ).toEqual([...expected.filled].sort());
    expect((await fillEvents(w.fishId)).map((e) => e.order_id)).toEqual(expected.filled);
    expect(await s.held(date)).toBe(15 - expected.left);
  });
});
