import { describe, expect, it } from "vitest";
import { payBalanceLink } from "../../tests/setup/money";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all, one } from "../../tests/setup/sql";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { moveDelivery } from "~/orders/delivery-move.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import type { Order, User } from "~/db/schema";
import { formatDelivery } from "~/delivery/slots";
import { adminMessages } from "~/i18n/admin.messages";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { payMessages } from "~/i18n/pay.messages";
import { adminMessages as teAdmin } from "~/i18n/te/admin.messages";
import { checkoutMessages as teCheckout } from "~/i18n/te/checkout.messages";
import { payMessages as tePay } from "~/i18n/te/pay.messages";
import { cancelOwnOrder } from "~/orders/cancel.server";

const w = setUpShopDayWorld();

/** Each language's words a customer's notices are made of, as the catalogues have them. */
const words = {
  en: {
    customer: adminMessages.customer,
    status: checkoutMessages.status,
    pay: payMessages,
    hello: "Hello Asha Rani,",
    brand: "Godavari Pulasa",
    bye: "– Godavari Pulasa",
    kg: "1.2 kg",
  },
  te: {
    customer: teAdmin.customer,
    status: teCheckout.status,
    pay: tePay,
    hello: "నమస్కారం Asha Rani గారూ,",
    brand: "గోదావరి పులస",
    bye: "– గోదావరి పులస బృందం",
    kg: "1.2 కిలోలు",
  },
};

/** The order's notices in the bell and its e-mails, oldest first, by type. */
async function noticesOf(order: Order) {
  const bell = await all<{ type: string; title: string; message: string }>(
    "SELECT type, title, message FROM notifications WHERE order_id = ? AND user_id = ? ORDER BY id",
    order.id,
    order.userId,
  );
  const mail = await all<{ subject: string; body: string }>("SELECT subject, body FROM mail_outbox WHERE subject LIKE ? ORDER BY id", `%${order.number}%`);
  return { bell, mail, of: (type: string) => bell.filter((n) => n.type === type) };
}

/** A paid order of 1 kg of fish for tomorrow evening, by a shopper whose account is in `lang`, and the admin's moves on it. */
async function fishOrder(lang: Lang) {
  await w.plan(w.fishId, { [w.day(1)]: 10 });
  const order = await w.paidOrder([{ productId: w.fishId, quantity: 1 }], { date: w.day(1), slot: "evening" }, lang);
  const line = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
  const at = async () => ({ number: order.number, version: await w.version(order.id) });
  return {
    order,
    at,
    weigh: async (grams: number) => recordWeights(w.deps, w.admin, { ...(await at()), weights: new Map([[line.id, grams]]) }),
    move: async (to: string) => changeOrderStatus(w.deps, w.admin, { ...(await at()), to }),
  };
}

describe.each(["te", "en"] as const)("a customer whose account is in %s", (lang) => {
  const t = words[lang];

  it("is told of the receipt, the weighing, the balance and each status to delivery in that language, in the bell and by e-mail", async () => {
    const { order, at, weigh, move } = await fishOrder(lang);
    await move("order_confirmed");
    await weigh(1200);
    await requestBalance(w.deps, w.admin, await at());
    expect((await payBalanceLink(w.deps, order.id))?.ok).toBe(true);
    await move("order_packed");
    await move("order_shipped");
    await move("order_delivered");
    const { bell, mail, of } = await noticesOf(order);
    const number = order.number;
    const delivery = format(t.customer.delivery, { when: formatDelivery(w.day(1), "evening", lang) });

    expect(of("order_placed")[0].title).toBe(format(t.pay.receiptTitle, { number }));
    const [weighed] = of("order_weighed");
    expect(weighed.title).toBe(format(t.customer.weighedTitle, { number }));
    expect(weighed.message).toContain(format(t.customer.weighedIntro, { number }));
    expect(weighed.message).toContain(t.kg);
    expect(weighed.message).toContain(format(t.customer.finalPrice, { final: "₹30,000", balance: "₹29,500" }));
    const [balance] = of("balance_requested");
    expect(balance.title).toBe(format(t.customer.balanceRequestedTitle, { number }));
    expect(balance.message).toBe(`${format(t.customer.balanceRequested, { amount: "₹29,500", number })} ${delivery}`);
    expect(of("balance_paid")[0].title).toBe(format(t.pay.balancePaidTitle, { number }));
    const delivered = of("order_status_update").at(-1)!;
    expect(delivered.title).toBe(format(t.customer.statusTitle, { number, label: t.status.labels.order_delivered }));
    expect(delivered.message).toBe(`${t.status.messages.order_delivered} ${delivery}`);
    for (const n of bell) expect(n.message.endsWith(delivery), n.type).toBe(true);

    expect(mail).toHaveLength(bell.length);
    for (const [i, m] of mail.entries()) {
      expect(m.subject).toBe(`${bell[i].title} – ${t.brand}`);
      expect(m.body.startsWith(`${t.hello}\n\n${bell[i].message}`)).toBe(true);
      expect(m.body.endsWith(`\n\n${t.bye}`)).toBe(true);
    }
    const balanceMail = mail.find((m) => m.subject.startsWith(balance.title))!;
    expect(balanceMail.body).toMatch(new RegExp(`${format(t.customer.balanceLink, { link: "" })}\\S+`));
  });

  it("is told of a refunded difference, cash on delivery, a moved delivery and a cancellation in that language", async () => {
    const small = await fishOrder(lang);
    await small.weigh(10);
    await requestBalance(w.deps, w.admin, await small.at());
    const cod = await fishOrder(lang);
    await cod.weigh(1000);
    await collectOnDelivery(w.deps, w.admin, await cod.at());
    const moved = await fishOrder(lang);
    await moveDelivery(w.deps, w.admin, { ...(await moved.at()), to: { date: w.day(1), slot: "morning" } });
    const cancelled = await fishOrder(lang);
    await changeOrderStatus(w.deps, w.admin, { ...(await cancelled.at()), to: "order_cancelled", reason: "Storm on the river" });

    const number = (o: Order) => o.number;
    expect((await noticesOf(small.order)).of("refund")[0].title).toBe(format(t.customer.differenceRefundedTitle, { number: number(small.order) }));
    expect((await noticesOf(cod.order)).of("balance_requested")[0].message).toContain(
      format(t.customer.collectOnDelivery, { amount: "₹24,500", number: number(cod.order) }),
    );
    const [move] = (await noticesOf(moved.order)).of("delivery_moved");
    expect(move.message).toBe(format(t.customer.moved, { number: number(moved.order), when: formatDelivery(w.day(1), "morning", lang) }));
    const [cancel] = (await noticesOf(cancelled.order)).of("order_status_update");
    expect(cancel.title).toBe(format(t.customer.statusTitle, { number: number(cancelled.order), label: t.status.labels.order_cancelled }));
    expect(cancel.message).toContain(format(t.customer.cancelReason, { reason: "Storm on the river" }));
    expect(cancel.message).toContain(format(t.customer.cancelledRefund, { amount: "₹500", number: number(cancelled.order) }));
    expect(cancel.message).toContain(format(t.customer.deliveryCancelled, { when: formatDelivery(w.day(1), "evening", lang) }));
  });
});

describe("the admins' notices", () => {
  it("stay in English, even for an admin whose account is in Telugu", async () => {
    await one("UPDATE users SET lang = 'te' WHERE id = ?", w.admin.id);
    const { order } = await fishOrder("te");
    const customer = await one<User>("SELECT id, name, email, is_admin AS isAdmin FROM users WHERE id = ?", order.userId);
    await cancelOwnOrder(w.deps, customer, { number: order.number, version: await w.version(order.id), reason: "Ordered twice" });
    const notice = await one<{ title: string; message: string }>(
      "SELECT title, message FROM notifications WHERE user_id = ? AND order_id = ?",
      w.admin.id,
      order.id,
    );
    expect(notice.title).toBe(format(checkoutMessages.orders.cancelAdminTitle, { number: order.number }));
    expect(notice.message).toContain(format(adminMessages.customer.deliveryCancelled, { when: formatDelivery(w.day(1), "evening") }));
    const mail = await one<{ body: string }>('SELECT body FROM mail_outbox WHERE subject LIKE ? AND "to" = ?', `${notice.title}%`, w.admin.email);
    expect(mail.body.startsWith("Hello Store Admin,")).toBe(true);
  });
});
