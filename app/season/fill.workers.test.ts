import { describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { setUpSeasonWorld } from "../../tests/setup/season";
import { saveSlots } from "../../tests/setup/shop-days";
import { one } from "../../tests/setup/sql";
import { format } from "~/i18n/format";
import { inLang } from "~/i18n/lang";
import { seasonMessages } from "~/i18n/season.messages";
import { seasonMessages as teSeasonMessages } from "~/i18n/te/season.messages";
import { createShopOrder, OutOfStockError } from "~/orders/orders.server";
import { checkOut } from "~/orders/shop-checkout.server";
import { joinWaitlist, serveWaitlist } from "~/waitlist/waitlist.server";
import { fillQueue, queuePlace } from "./queue.server";

const s = setUpSeasonWorld();
const { w } = s;

/** A new shopper's order of the fish for `date`'s evening, made as the checkout makes it (without filling the queue first). */
const shopOrder = async (quantity: number, date: string) =>
  createShopOrder(w.deps, {
    user: { id: await w.newUser() },
    lines: [{ productId: w.fishId, quantity }],
    shipping: VALID_ADDRESS,
    delivery: { date, slot: "evening" },
    now: w.now,
  });
/** The checkout: the queue filled first, then the order. */
const checkout = async (quantity: number, date: string) =>
  checkOut(w.deps, {
    user: { id: await w.newUser() },
    lines: [{ productId: w.fishId, quantity }],
    value: { ...VALID_ADDRESS, delivery: { date, slot: "evening" }, ceiling: "20" },
    now: w.now,
  });

describe("filling the queue as catch lands", () => {
  it("fills in the order advances were paid, each into the earliest date up to its last one with catch and a slot with room", async () => {
    // Booked a, b, c, d, e (so their ids run that way) but paid b, d, a, e, c.
    const a = await s.book(2, w.day(5));
    const b = await s.book(2, w.day(5));
    const c = await s.book(1, w.day(1));
    const d = await s.book(4, w.day(5));
    const e = await s.book(1, w.day(1), "te");
    for (const [i, order] of [b, d, a, e, c].entries()) await s.pay(order, w.now + (i + 1) * 1000);
    expect(await s.queue()).toEqual([b.id, d.id, a.id, e.id, c.id]);
    // Three kg on each of the next two days; tomorrow's morning slot takes no orders.
    await saveSlots(w.deps, [{ date: w.day(1), slot: "morning", capacity: 0 }]);
    await w.plan(w.fishId, { [w.day(1)]: 3, [w.day(2)]: 3 });

    const filled = await fillQueue(w.deps, w.now);
    // b takes 2 of tomorrow's 3 (its earliest date with catch, evening: the morning is full); d (4 kg) fits no day
    // and keeps its place; a (2) no longer fits tomorrow and goes to the day after (its morning, the first slot with
    // room); e (1) takes tomorrow's last kilo; c (1, by tomorrow) is not filled from the day after's kilo.
    expect(filled.map((f) => [f.id, f.date, f.slot])).toEqual([
      [b.id, w.day(1), "evening"],
      [a.id, w.day(2), "morning"],
      [e.id, w.day(1), "evening"],
    ]);
    expect(await s.row(b.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(1), delivery_slot: "evening", stock_held: 1 });
    expect(await s.row(a.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(2), delivery_slot: "morning", stock_held: 1 });
    for (const left of [d, c]) expect(await s.row(left.id)).toMatchObject({ status: "prebooked", delivery_date: null, stock_held: 0 });
    expect(await s.queue()).toEqual([d.id, c.id]);
    expect(await queuePlace(w.deps, { ...d, status: "prebooked" }, w.fishId)).toMatchObject({ place: 1, through: 4 });
    expect([await s.held(w.day(1)), await s.held(w.day(2))]).toEqual([3, 2]);
    // Filling again changes nothing.
    expect(await fillQueue(w.deps, w.now)).toEqual([]);

    // Each filled shopper is told, in their own language; those not filled are not.
    const product = await one<{ name: string; name_te: string | null }>("SELECT name, name_te FROM products WHERE id = ?", w.fishId);
    const [toB] = await s.notices(b.userId);
    expect(toB.title).toBe(format(seasonMessages.filledTitle, { name: product.name }));
    expect(toB.message).toContain(`Your pre-booking ${b.number} is filled: 2 kg of Fresh Pulasa Fish.`);
    const [toE] = await s.notices(e.userId);
    expect(toE.title).toBe(format(teSeasonMessages.filledTitle, { name: inLang(product.name, product.name_te, "te") }));
    expect(toE.message).toContain(`మీ ముందస్తు బుకింగ్ ${e.number} నిండింది`);
    expect(await s.notices(d.userId)).toEqual([]);
    expect(await s.notices(c.userId)).toEqual([]);
  });

  it("a pre-booking paid while catch is waiting is filled at once", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 5 });
    const order = await s.prebooked(2);
    expect(await s.row(order.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(1), stock_held: 1 });
  });

  it("a hidden product's queue waits: nothing is filled until the admin shows it again", async () => {
    const order = await s.prebooked(2);
    const hide = (hidden: number) => w.deps.db.$client.prepare("UPDATE products SET hidden = ? WHERE id = ?").bind(hidden, w.fishId).run();
    await hide(1);
    await w.plan(w.fishId, { [w.day(1)]: 5 });
    expect(await fillQueue(w.deps, w.now)).toEqual([]);
    expect(await s.row(order.id)).toMatchObject({ status: "prebooked", stock_held: 0 });
    await hide(0);
    expect((await fillQueue(w.deps, w.now)).map((f) => f.id)).toEqual([order.id]);
  });

  it("a date past a slot's cut-off is not filled into; the next date with catch is", async () => {
    const order = await s.prebooked(1, { latestDate: w.day(2) });
    await w.plan(w.fishId, { [w.day(0)]: 5, [w.day(1)]: 5 });
    // 13:00 IST: today's evening (15:00) is past its two-hour cut-off.
    const filled = await fillQueue(w.deps, w.now + 9 * 60 * 60_000);
    expect(filled.map((f) => [f.id, f.date, f.slot])).toEqual([[order.id, w.day(1), "morning"]]);
  });
});

describe("the queue is served before new orders and the waitlist", () => {
  it("a new order may not take catch a queued pre-booking fits, until the queue is filled; then what is left is sold", async () => {
    const queued = await s.prebooked(2, { latestDate: w.day(5) });
    await w.plan(w.fishId, { [w.day(1)]: 3 });
    // 3 kg caught and 2 queued: even 1 kg is refused while the pre-booking waits (it is served first).
    await expect(shopOrder(1, w.day(1))).rejects.toBeInstanceOf(OutOfStockError);
    expect(await s.held(w.day(1))).toBe(0);
    await fillQueue(w.deps, w.now);
    expect(await s.row(queued.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(1) });
    await expect(shopOrder(2, w.day(1))).rejects.toBeInstanceOf(OutOfStockError);
    expect((await shopOrder(1, w.day(1))).status).toBe("payment_pending");
    expect(await s.held(w.day(1))).toBe(3);
  });

  it("a pre-booking whose last date is before the order's date does not hold that date's catch back", async () => {
    await s.prebooked(2, { latestDate: w.day(1) });
    await w.plan(w.fishId, { [w.day(2)]: 2 });
    expect((await shopOrder(2, w.day(2))).status).toBe("payment_pending");
  });

  it("a pre-booking bigger than the catch does not hold it back", async () => {
    await s.prebooked(4);
    await w.plan(w.fishId, { [w.day(1)]: 3 });
    expect((await shopOrder(3, w.day(1))).status).toBe("payment_pending");
  });

  it("the checkout fills the queue first, then the order goes through on what is left, or is refused when nothing is", async () => {
    const queued = await s.prebooked(2);
    await w.plan(w.fishId, { [w.day(1)]: 3 });
    const order = await checkout(1, w.day(1));
    expect(order.status).toBe("payment_pending");
    expect(await s.row(queued.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(1) });
    const late = await s.prebooked(1);
    await w.plan(w.fishId, { [w.day(2)]: 1 });
    await expect(checkout(1, w.day(2))).rejects.toBeInstanceOf(OutOfStockError);
    expect(await s.row(late.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(2) });
    expect([await s.held(w.day(1)), await s.held(w.day(2))]).toEqual([3, 1]);
  });

  it("the waitlist is not served catch a queued pre-booking fits", async () => {
    // Sold out: a shopper joins the line for 1 kg, then a pre-booking of 2 kg is paid.
    const waiting = await w.newUser();
    await joinWaitlist(w.deps, { id: waiting }, w.fishId, { quantity: 1, zip: "533101" });
    const queued = await s.prebooked(2);
    await w.plan(w.fishId, { [w.day(1)]: 2 });
    expect(await serveWaitlist(w.deps, w.now)).toEqual([]);
    expect(await one("SELECT state, stock_held FROM waitlist_entries WHERE user_id = ?", waiting)).toEqual({ state: "waiting", stock_held: 0 });
    await fillQueue(w.deps, w.now);
    expect(await s.row(queued.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(1) });
    expect(await s.held(w.day(1))).toBe(2);
    // Catch beyond the queue's goes to the line.
    await w.plan(w.fishId, { [w.day(1)]: 3 });
    expect((await serveWaitlist(w.deps, w.now)).length).toBe(1);
    expect(await s.held(w.day(1))).toBe(3);
  });
});
