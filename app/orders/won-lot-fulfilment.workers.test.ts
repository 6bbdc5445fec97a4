import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { canMoveDelivery, moveDelivery } from "~/orders/delivery-move.server";
import { changeOrderStatus } from "~/orders/changes.server";
import type { Order, User } from "~/db/schema";
import { upcomingDates, DELIVERY_WINDOW_DAYS } from "~/delivery/slots";
import { action as payAction, loader as payLoader } from "~/routes/orders.$number.pay";
import { loadContext } from "../../tests/setup/load-context";
import { ledgerSums, payAdvance, payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { createAuctionOrder } from "./auction-order.server";
import { AUCTION_PAY_MS } from "./rules";
import { releaseExpiredOrders } from "./stock.server";

const w = setUpMoneyWorld();
const { deps, shipping, one, version } = w;

/** A bidder who has just won a lot at ₹26,500: the order the close made, and the winner. */
async function wonLot(winningPaise = 2_650_000) {
  const { id } = await w.customer();
  const user = (await one<User>("SELECT id, name, phone, address, lang, email FROM users WHERE id = ?", id))!;
  const { order } = await createAuctionOrder(deps, { user, auctionId: id, title: "3 kg Pulasa, Dowleswaram", image: null, winningPaise, now: Date.now() });
  return { user, order };
}

/** The winner's press of 'Pay ₹500' on the pay page, without JavaScript. */
async function postPay(user: User, order: Order, fields: Record<string, string>) {
  const request = new Request(`https://store.test/orders/${order.number}/pay`, { method: "POST", body: new URLSearchParams(fields) });
  const context = await loadContext(request);
  context.deps.user = user;
  return payAction({ request, context, params: { number: order.number } });
}

type Refused = { init: { status: number }; data: { error: Record<string, string[] | null> } };

async function move(order: Order, to: string) {
  return changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to });
}

/** A planned date and slot with room for `capacity` orders. */
async function slotWithRoom(capacity: number) {
  const date = upcomingDates(Date.now(), DELIVERY_WINDOW_DAYS).at(-1)!;
  await env.DB.prepare(
    "INSERT INTO delivery_slots (delivery_date, slot, capacity) VALUES (?, 'morning', ?) ON CONFLICT DO UPDATE SET capacity = excluded.capacity",
  )
    .bind(date, capacity)
    .run();
  // Earlier tests' orders in that slot must not take this test's room.
  await env.DB.prepare("UPDATE orders SET stock_held = 0 WHERE delivery_date = ? AND delivery_slot = 'morning'").bind(date).run();
  return `${date}.morning`;
}

describe("a lot won at auction goes from the close to the door", () => {
  it("is priced at the winning bid from the close: no weighing, booked for a date and slot when the winner pays", async () => {
    const { user, order } = await wonLot();
    expect(order).toMatchObject({ estimatedTotalPaise: 2_650_000, finalTotalPaise: 2_650_000, deliveryDate: null, stockHeld: false });
    expect(await one("SELECT final_paise FROM order_items WHERE order_id = ?", order.id)).toEqual({ final_paise: 2_650_000 });

    const delivery = await slotWithRoom(5);
    const refused = (await postPay(user, order, shipping)) as unknown as Refused;
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.delivery).toEqual(["Please choose a delivery slot"]);
    expect(await one("SELECT delivery_date, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ delivery_date: null, stock_held: 0 });

    const sent = (await postPay(user, order, { ...shipping, delivery })) as Response;
    expect(sent.status).toBe(303);
    expect(new URL(sent.headers.get("Location")!).pathname).toMatch(/^\/sandbox\/link\/plink_/);
    const [date, slot] = delivery.split(".");
    expect(await one("SELECT delivery_date, delivery_slot, stock_held, city FROM orders WHERE id = ?", order.id)).toEqual({
      delivery_date: date,
      delivery_slot: slot,
      stock_held: 1,
      city: shipping.city,
    });
    // The address is saved for the winner's next checkout, as a checkout's is.
    expect(await one("SELECT count(*) AS n FROM saved_addresses WHERE user_id = ?", user.id)).toEqual({ n: 1 });
  });

  it("with its balance asked by a link: packed, shipped and delivered, every rupee of the winning price captured", async () => {
    const { user, order } = await wonLot();
    await postPay(user, order, { ...shipping, delivery: await slotWithRoom(5) });
    await payAdvance(deps, order);
    await move(order, "order_confirmed");
    await move(order, "order_packed");
    await expect(move(order, "order_shipped")).rejects.toThrow("The balance must be paid");
    const asked = await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    expect(asked.message).toContain("₹26,000");
    await payBalanceLink(deps, order.id);
    await move(order, "order_shipped");
    await move(order, "order_delivered");
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_delivered", payment_state: "balance_paid" });
    expect(await ledgerSums(order.id)).toMatchObject({ captured: 2_650_000, cash: 0, refunded: 0 });
  });

  it("with its balance collected on delivery: the cash recorded is the winning price less the advance", async () => {
    const { user, order } = await wonLot();
    await postPay(user, order, { ...shipping, delivery: await slotWithRoom(5) });
    await payAdvance(deps, order);
    await move(order, "order_confirmed");
    await collectOnDelivery(deps, w.admin, { number: order.number, version: await version(order.id) });
    await move(order, "order_packed");
    await move(order, "order_shipped");
    await move(order, "order_delivered");
    expect(await ledgerSums(order.id)).toMatchObject({ captured: 50_000, cash: 2_600_000, refunded: 0 });
  });

  it("cancelled after the balance is paid: everything paid is refunded and its slot is free again", async () => {
    const { user, order } = await wonLot();
    await postPay(user, order, { ...shipping, delivery: await slotWithRoom(5) });
    await payAdvance(deps, order);
    await move(order, "order_confirmed");
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    await payBalanceLink(deps, order.id);
    await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Lot spoiled in transit" });
    expect(await ledgerSums(order.id)).toMatchObject({ captured: 2_650_000, refunded: 2_650_000, pending: 0 });
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_cancelled", stock_held: 0 });
  });
});

describe("the winner's delivery slot", () => {
  it("is refused when full, changing nothing; choosing again does not count the winner's own booking", async () => {
    const delivery = await slotWithRoom(1);
    const first = await wonLot();
    const second = await wonLot();
    expect(((await postPay(first.user, first.order, { ...shipping, delivery })) as Response).status).toBe(303);
    // The same winner pressing again keeps their place.
    expect(((await postPay(first.user, first.order, { ...shipping, delivery })) as Response).status).toBe(303);
    const full = (await postPay(second.user, second.order, { ...shipping, delivery })) as unknown as Refused;
    expect(full.init.status).toBe(409);
    expect(full.data.error[""]?.[0]).toMatch(/^Sorry, the .* slot has just filled up/);
    expect(await one("SELECT delivery_date, stock_held FROM orders WHERE id = ?", second.order.id)).toEqual({ delivery_date: null, stock_held: 0 });
  });

  it("goes to exactly one of two winners pressing at once for its last place", async () => {
    const delivery = await slotWithRoom(1);
    const a = await wonLot();
    const b = await wonLot();
    const answers = await Promise.all([postPay(a.user, a.order, { ...shipping, delivery }), postPay(b.user, b.order, { ...shipping, delivery })]);
    expect(answers.filter((r) => r instanceof Response && r.status === 303)).toHaveLength(1);
    const [date] = delivery.split(".");
    expect(await one("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND delivery_slot = 'morning' AND stock_held = 1", date)).toEqual({ n: 1 });
  });

  it("is given back when the advance is not paid in time", async () => {
    const delivery = await slotWithRoom(1);
    const { user, order } = await wonLot();
    await postPay(user, order, { ...shipping, delivery });
    expect(await releaseExpiredOrders(deps, Date.now() + AUCTION_PAY_MS + 1)).toBeGreaterThanOrEqual(1);
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired", stock_held: 0 });
    const next = await wonLot();
    expect(((await postPay(next.user, next.order, { ...shipping, delivery })) as Response).status).toBe(303);
  });

  it("is offered on the pay page with the winner's saved addresses; a shop order's pay page asks for neither", async () => {
    const delivery = await slotWithRoom(3);
    const { user, order } = await wonLot();
    await env.DB.prepare(
      "INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at) VALUES (?, 'k', 'Asha', 'Rao', '+919876543210', '12-4 Main Road, Dowleswaram', 'Rajahmundry', 'Andhra Pradesh', '533125', 1)",
    )
      .bind(user.id)
      .run();
    const request = new Request(`https://store.test/orders/${order.number}/pay`);
    const context = await loadContext(request);
    context.deps.user = user;
    const page = (await payLoader({ request, context, params: { number: order.number } })) as Awaited<ReturnType<typeof payLoader>>;
    expect(page.booksDelivery).toBe(true);
    expect(page.addresses.map((a) => a.place)).toEqual(["Rajahmundry, Andhra Pradesh 533125"]);
    expect(page.choices.flatMap((c) => c.slots.filter((s) => s.open).map((s) => `${c.date}.${s.slot}`))).toContain(delivery);
  });

  it("can be booked by the admin for a lot paid before its winner could choose one, once", async () => {
    const delivery = await slotWithRoom(5);
    const { order } = await wonLot();
    await payAdvance(deps, order);
    const paid = await one<Order>(
      "SELECT status, stock_held AS stockHeld, delivery_date AS deliveryDate, delivery_slot AS deliverySlot, source FROM orders WHERE id = ?",
      order.id,
    );
    expect(canMoveDelivery({ ...paid, stockHeld: Boolean(paid.stockHeld) })).toBe(true);
    const [date, slot] = delivery.split(".") as [string, "morning"];
    await moveDelivery(deps, w.admin, { number: order.number, version: await version(order.id), to: { date, slot } });
    expect(await one("SELECT delivery_date, delivery_slot, stock_held FROM orders WHERE id = ?", order.id)).toEqual({
      delivery_date: date,
      delivery_slot: slot,
      stock_held: 1,
    });
    // A shop order without a booking is no such lot: nothing to book it from.
    expect(canMoveDelivery({ status: "order_raised", stockHeld: false, deliveryDate: null, deliverySlot: null, source: "shop" })).toBe(false);
  });
});
