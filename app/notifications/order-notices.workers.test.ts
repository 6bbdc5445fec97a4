import { describe, expect, it } from "vitest";
import { payBalanceLink } from "../../tests/setup/money";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all, one } from "../../tests/setup/sql";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import type { Order, User } from "~/db/schema";
import { formatDelivery } from "~/delivery/slots";
import { cancelOwnOrder } from "~/orders/cancel.server";
import { settlePayment } from "~/payments/settle.server";

const w = setUpShopDayWorld();

/** Every notice about the order (bell) and every e-mail naming it, oldest first. */
async function noticesOf(order: Order) {
  const bell = await all<{ type: string; message: string }>(
    "SELECT type, message FROM notifications WHERE order_id = ? AND user_id = ? ORDER BY id",
    order.id,
    order.userId,
  );
  const mail = await all<{ subject: string; body: string }>("SELECT subject, body FROM mail_outbox WHERE subject LIKE ? ORDER BY id", `%${order.number}%`);
  return { bell, mail };
}

async function paidFish(kg = 1) {
  await w.plan(w.fishId, { [w.day(1)]: 10 });
  const order = await w.paidOrder([{ productId: w.fishId, quantity: kg }], { date: w.day(1), slot: "evening" });
  const line = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
  const at = async () => ({ number: order.number, version: await w.version(order.id) });
  const weigh = async (grams: number) => recordWeights(w.deps, w.admin, { ...(await at()), weights: new Map([[line.id, grams]]) });
  const move = async (to: string) => changeOrderStatus(w.deps, w.admin, { ...(await at()), to });
  return { order, at, weigh, move, when: formatDelivery(w.day(1), "evening") };
}

describe("every notice about an order names its delivery date and slot", () => {
  it("from the receipt through weighing, the balance and each status to delivery, in the bell and by e-mail", async () => {
    const { order, at, weigh, move, when } = await paidFish();
    await move("order_confirmed");
    await weigh(1200);
    await move("order_packed");
    await requestBalance(w.deps, w.admin, await at());
    const paid = await payBalanceLink(w.deps, order.id);
    expect(paid?.ok).toBe(true);
    await move("order_shipped");
    await move("order_delivered");
    const { bell, mail } = await noticesOf(order);
    const steps = "order_placed order_status_update order_weighed order_status_update balance_requested balance_paid order_status_update order_status_update";
    expect(bell.map((n) => n.type).join(" ")).toBe(steps);
    for (const n of bell) expect(n.message).toMatch(new RegExp(`Delivery: ${escape(when)}\\.$`));
    expect(mail).toHaveLength(bell.length);
    for (const m of mail) expect(m.body).toContain(`Delivery: ${when}.`);
    // Each e-mail leads to the order, whose page has what the notice asks for (the 'Pay balance' button).
    for (const m of mail) expect(m.body).toContain(`View your order: https://store.test/orders/${order.number}\n`);
    // Said once, not twice (the receipt used to say it itself).
    for (const n of bell) expect(n.message.split(when)).toHaveLength(2);
  });

  it("cash on delivery and a refunded difference name it too; a cancelled order's notices say its delivery is off", async () => {
    const cod = await paidFish();
    await cod.weigh(1000);
    await collectOnDelivery(w.deps, w.admin, await cod.at());
    const small = await paidFish();
    await small.weigh(10);
    await requestBalance(w.deps, w.admin, await small.at());
    const cancelled = await paidFish();
    const customer = await one<User>("SELECT id, name, email, is_admin AS isAdmin FROM users WHERE id = ?", cancelled.order.userId);
    await cancelOwnOrder(w.deps, customer, { ...(await cancelled.at()), reason: "Ordered twice" });
    // A payment that still arrives for the cancelled order is refunded, and that notice names the delivery as off too.
    const attempt = await one<{ provider_ref: string }>("SELECT provider_ref FROM payments WHERE order_id = ? AND kind = 'advance'", cancelled.order.id);
    await settlePayment(w.deps, { attemptRef: attempt.provider_ref, paymentId: "pay_LATE00000001", amountPaise: 50_000, currency: "INR" });

    const last = async (o: Order, type: string) => (await noticesOf(o)).bell.filter((n) => n.type === type).at(-1)?.message ?? "";
    expect(await last(cod.order, "balance_requested")).toMatch(/collected on delivery\. Delivery: .+ \(IST\)\.$/);
    expect(await last(small.order, "refund")).toContain(`Delivery: ${small.when}.`);
    const off = `The delivery booked for ${cancelled.when} is cancelled.`;
    expect(await last(cancelled.order, "order_status_update")).toContain(off);
    expect(await last(cancelled.order, "refund")).toContain(off);
    const adminNotice = await one<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? AND order_id = ?", w.admin.id, cancelled.order.id);
    expect(adminNotice.message).toBe(`Asha Rani cancelled order ${cancelled.order.number}: Ordered twice. ${off}`);
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
