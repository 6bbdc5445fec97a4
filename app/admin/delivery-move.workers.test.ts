import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { catchLeftOn, saveSlots } from "../../tests/setup/shop-days";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all, one } from "../../tests/setup/sql";
import { readCatalogueVersion } from "~/catalog/site-version.server";
import { formatDelivery } from "~/delivery/slots";
import { ConflictError } from "~/lib/errors";
import { createShopOrder } from "~/orders/orders.server";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { moveChoices, moveDelivery } from "./delivery-move.server";
import { changeOrderStatus, StaleOrderError } from "./orders.server";

const w = setUpShopDayWorld();
const move = (order: { id: number; number: string }, date: string, slot: "morning" | "evening", version?: number) =>
  (async () => moveDelivery(w.deps, w.admin, { number: order.number, version: version ?? (await w.version(order.id)), to: { date, slot } }))();
const orderRow = (id: number) => one("SELECT delivery_date AS date, delivery_slot AS slot, version FROM orders WHERE id = ?", id);

describe("moving an order's delivery", () => {
  it("gives the old date's catch and slot back and takes the new ones, and tells the customer the new date and slot", async () => {
    const [d1, d2] = [w.day(1), w.day(2)];
    await w.plan(w.fishId, { [d1]: 5, [d2]: 5 });
    await w.plan(w.curryId, { [d1]: 4, [d2]: 4 });
    const order = await w.paidOrder(
      [
        { productId: w.fishId, quantity: 2 },
        { productId: w.curryId, quantity: 3 },
      ],
      { date: d1, slot: "morning" },
    );
    const versionBefore = await readCatalogueVersion(env.DB);
    const moved = await move(order, d2, "evening");
    expect(moved.when).toBe(formatDelivery(d2, "evening"));
    expect(await orderRow(order.id)).toMatchObject({ date: d2, slot: "evening" });
    expect([await catchLeftOn(w.fishId, d1), await catchLeftOn(w.curryId, d1), await w.booked(d1, "morning")]).toEqual([5, 4, 0]);
    expect([await catchLeftOn(w.fishId, d2), await catchLeftOn(w.curryId, d2), await w.booked(d2, "evening")]).toEqual([3, 1, 1]);
    // Public pages show each date's new "left" at once.
    expect(await readCatalogueVersion(env.DB)).toBeGreaterThan(versionBefore);
    const notice = await one<{ title: string; message: string }>(
      "SELECT title, message FROM notifications WHERE order_id = ? AND type = 'delivery_moved'",
      order.id,
    );
    expect(notice.title).toBe(`Delivery moved: ${order.number}`);
    expect(notice.message).toBe(`We moved the delivery of order ${order.number} to ${formatDelivery(d2, "evening")}.`);
    const mail = await one<{ body: string }>("SELECT body FROM mail_outbox WHERE subject LIKE ?", `Delivery moved: ${order.number}%`);
    expect(mail.body).toContain(formatDelivery(d2, "evening"));
    const event = await one(
      "SELECT kind, from_value AS fromValue, to_value AS toValue, actor_user_id AS actor FROM order_events WHERE order_id = ? AND kind = 'delivery'",
      order.id,
    );
    expect(event).toEqual({ kind: "delivery", fromValue: formatDelivery(d1, "morning"), toValue: formatDelivery(d2, "evening"), actor: w.admin.id });
  });

  it("another slot of the same date needs no more of its catch, only room in the slot", async () => {
    const d1 = w.day(1);
    await w.plan(w.fishId, { [d1]: 2 });
    await saveSlots(w.deps, [{ date: d1, slot: "evening", capacity: 1 }]);
    const order = await w.paidOrder([{ productId: w.fishId, quantity: 2 }], { date: d1, slot: "morning" });
    expect(await catchLeftOn(w.fishId, d1)).toBe(0);
    await move(order, d1, "evening");
    expect([await catchLeftOn(w.fishId, d1), await w.booked(d1, "morning"), await w.booked(d1, "evening")]).toEqual([0, 0, 1]);
  });

  it("refuses a date short of catch, a full slot, a past or far date and the same slot, changing nothing", async () => {
    const [d1, d2] = [w.day(1), w.day(2)];
    await w.plan(w.fishId, { [d1]: 5, [d2]: 1 });
    await saveSlots(w.deps, [{ date: d1, slot: "evening", capacity: 0 }]);
    const order = await w.paidOrder([{ productId: w.fishId, quantity: 2 }], { date: d1, slot: "morning" });
    const before = await orderRow(order.id);
    const cases: [string, "morning" | "evening", RegExp][] = [
      [d2, "morning", new RegExp(`^Not enough Fresh Pulasa Fish caught for .*: 1 kg left, this order needs 2 kg\\.$`)],
      [w.day(3), "morning", /^Not enough Fresh Pulasa Fish caught for .*: 0 kg left/],
      [d1, "evening", /slot is full/],
      [d1, "morning", /already booked/],
      [w.day(7), "morning", /coming 7 days/],
      [w.day(-1), "evening", /coming 7 days/],
      ["2027-02-30", "morning", /coming 7 days/],
    ];
    for (const [date, slot, message] of cases) await expect(move(order, date, slot)).rejects.toThrow(message);
    // 05:30 IST: tomorrow's morning is open, today's (7:00) is inside its 2-hour cut-off.
    const later = w.now + 90 * 60_000;
    const at = (date: string) => moveDelivery(w.deps, w.admin, { number: order.number, version: before.version, to: { date, slot: "morning" } }, later);
    await w.plan(w.fishId, { [w.today]: 5 });
    await expect(at(w.today)).rejects.toThrow(/at least 2 hours before it starts/);
    expect(await orderRow(order.id)).toEqual(before);
    expect(await catchLeftOn(w.fishId, d2)).toBe(1);
    expect(await one("SELECT count(*) AS n FROM notifications WHERE order_id = ? AND type = 'delivery_moved'", order.id)).toEqual({ n: 0 });
  });

  it("only a paid order not yet shipped moves: not a stale form, a shipped, cancelled or unpaid order", async () => {
    const [d1, d2] = [w.day(1), w.day(2)];
    await w.plan(w.fishId, { [d1]: 9, [d2]: 9 });
    const order = await w.paidOrder([{ productId: w.fishId, quantity: 1 }], { date: d1, slot: "morning" });
    const v = await w.version(order.id);
    await move(order, d2, "morning", v);
    // The same form posted again (a replay, a second tab) is refused: it was made for the version before the move.
    await expect(move(order, d1, "evening", v)).rejects.toBeInstanceOf(StaleOrderError);
    await env.DB.prepare("UPDATE orders SET status = 'order_shipped', version = version + 1 WHERE id = ?").bind(order.id).run();
    await expect(move(order, d1, "morning")).rejects.toThrow("Only a paid order that has not been shipped can have its delivery moved.");
    const cancelled = await w.paidOrder([{ productId: w.fishId, quantity: 1 }], { date: d1, slot: "morning" });
    await changeOrderStatus(w.deps, w.admin, { number: cancelled.number, version: await w.version(cancelled.id), to: "order_cancelled", reason: "No fish" });
    await expect(move(cancelled, d2, "morning")).rejects.toThrow(/not been shipped/);
    const unpaid = await createShopOrder(w.deps, {
      user: { id: await w.newUser() },
      lines: [{ productId: w.fishId, quantity: 1 }],
      shipping: VALID_ADDRESS,
      delivery: { date: d1, slot: "evening" },
      now: w.now,
    });
    await expect(move(unpaid, d2, "morning")).rejects.toThrow(/not been shipped/);
    expect(await all("SELECT delivery_date AS date FROM orders WHERE id IN (?, ?, ?) ORDER BY id", order.id, cancelled.id, unpaid.id)).toEqual([
      { date: d2 },
      { date: d1 },
      { date: d1 },
    ]);
    // Of d1's 9 kg only the unpaid order's kilo is held: the first order left for d2, the cancel gave its kilo back.
    expect(await catchLeftOn(w.fishId, d1)).toBe(8);
  });

  it("moves racing each other and checkouts for the last kilo and the last place never oversell", async () => {
    const [d1, d2] = [w.day(1), w.day(2)];
    await w.plan(w.fishId, { [d1]: 20, [d2]: 3 });
    await saveSlots(w.deps, [{ date: d2, slot: "evening", capacity: 3 }]);
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await w.paidOrder([{ productId: w.fishId, quantity: 1 }], { date: d1, slot: "morning" }));
    const shoppers = await Promise.all([1, 2, 3, 4].map(() => w.newUser()));
    const results = await Promise.allSettled([
      ...orders.map((o) => move(o, d2, "evening")),
      ...shoppers.map((id) =>
        createShopOrder(w.deps, {
          user: { id },
          lines: [{ productId: w.fishId, quantity: 1 }],
          shipping: VALID_ADDRESS,
          delivery: { date: d2, slot: "evening" },
          now: w.now,
        }),
      ),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(ConflictError);
    expect(await catchLeftOn(w.fishId, d2)).toBe(0);
    expect(await w.booked(d2, "evening")).toBe(3);
    // Every order is held once, on one date: the 20 caught for d1 less the orders still there.
    const stillOnD1 = (await one<{ n: number }>("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND stock_held = 1", d1)).n;
    expect(await catchLeftOn(w.fishId, d1)).toBe(20 - stillOnD1);
  });

  it("offers the admin every bookable date and slot, marking the current one and those without catch or room", async () => {
    const [d1, d2] = [w.day(1), w.day(2)];
    await w.plan(w.fishId, { [d1]: 2, [d2]: 2 });
    await saveSlots(w.deps, [{ date: d2, slot: "morning", capacity: 0 }]);
    const order = await w.paidOrder([{ productId: w.fishId, quantity: 2 }], { date: d1, slot: "morning" });
    const items = await all("SELECT id, product_id AS productId, quantity FROM order_items WHERE order_id = ?", order.id);
    const choices = await moveChoices(w.deps, { ...order, deliveryDate: d1, deliverySlot: "morning" }, items as never, w.now);
    const state = (date: string, slot: string) => choices.find((c) => c.date === date && c.slot === slot)?.state;
    expect([state(w.today, "morning"), state(w.today, "evening")]).toEqual(["short", "short"]);
    // Past a slot's cut-off it is not offered at all.
    const later = await moveChoices(w.deps, { ...order, deliveryDate: d1, deliverySlot: "morning" }, items as never, w.now + 90 * 60_000);
    expect(later.some((c) => c.date === w.today && c.slot === "morning")).toBe(false);
    expect([state(d1, "morning"), state(d1, "evening"), state(d2, "morning"), state(d2, "evening"), state(w.day(3), "evening")]).toEqual([
      "current",
      "open",
      "full",
      "open",
      "short",
    ]);
    expect(choices.at(-1)?.date).toBe(w.day(6));
  });
});
