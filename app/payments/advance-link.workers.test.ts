import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Order } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { releaseExpiredOrders } from "~/orders/stock.server";
import { loader as callbackLoader } from "~/routes/orders.$number.callback";
import { action as checkoutAction } from "~/routes/checkout";
import { action as payAction } from "~/routes/orders.$number.pay";
import { loadContext } from "../../tests/setup/load-context";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { ledgerSums, setUpMoneyWorld } from "../../tests/setup/money";
import { startAdvancePayment } from "./advance.server";
import { startAdvanceLink } from "./advance-link.server";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";
import { sandboxDecide, sandboxPayLink, sendSandboxWebhook } from "./sandbox.server";

const w = setUpMoneyWorld();
const { deps, one, all } = w;

/** A shopper's unpaid order for 1 kg, checked out now, and their e-mail. */
async function unpaidOrder(kg = 1) {
  const email = `link.${crypto.randomUUID()}@example.in`;
  const user = await one<{ id: number }>("INSERT INTO users (name, email, email_verified_at) VALUES ('Ravi Kumar', ?, ?) RETURNING id", email, Date.now());
  await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, ?, ?)").bind(user.id, w.productId, kg).run();
  const now = Date.now();
  const order = await createShopOrder(deps, {
    user,
    lines: [{ productId: w.productId, quantity: kg }],
    shipping: w.shipping,
    delivery: await w.delivery(now),
    now,
  });
  return { order, email, userId: user.id };
}

const dropAtGateway = (...what: ("webhooks" | "callbacks")[]) =>
  env.DB.batch(
    what.map((key) => env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES (?, 'drop') ON CONFLICT (key) DO UPDATE SET value = 'drop'").bind(key)),
  );

const linkRows = (orderId: number) =>
  all<{ provider_ref: string; status: string; gateway_closed: number }>(
    "SELECT provider_ref, status, gateway_closed FROM payments WHERE order_id = ? AND link_url IS NOT NULL ORDER BY id",
    orderId,
  );
const atGateway = async (linkId: string) => (await one<{ status: string }>("SELECT status FROM sandbox_records WHERE id = ?", linkId)).status;
const noticesOf = (userId: number, type: string) => all("SELECT id FROM notifications WHERE user_id = ? AND type = ?", userId, type);
const orderState = (order: Order) => one<{ status: string }>("SELECT status FROM orders WHERE id = ?", order.id);

/** The link's payment as Razorpay reports it: the signed return, and the payment_link.paid webhook. */
function linkPaid(linkId: string, paymentId: string) {
  return sendSandboxWebhook(deps, "payment_link.paid", {
    payment_link: { entity: { id: linkId, amount: 50000, status: "paid" } },
    payment: { entity: { id: paymentId, entity: "payment", order_id: null, amount: 50000, currency: "INR", status: "captured" } },
  });
}

describe("the advance paid through a payment link (a checkout without JavaScript)", () => {
  it("paid on its page: the callback, the payment_link.paid webhook and the scheduled job together raise the order once", async () => {
    const { order, email, userId } = await unpaidOrder();
    const { linkId } = await startAdvanceLink(deps, order, email);
    await dropAtGateway("webhooks");
    const paid = await sandboxPayLink(deps, linkId);
    if (!paid?.ok || !paid.query) throw new Error("the sandbox took no payment");
    const paymentId = paid.query.get("razorpay_payment_id")!;
    const [returned] = await Promise.all([
      callRoute(callbackLoader, `/orders/${order.number}/callback?${paid.query}`, { params: { number: order.number } }),
      linkPaid(linkId, paymentId),
      reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000),
      linkPaid(linkId, paymentId),
    ]);
    expect(returned.location).toBe(`/orders/${order.number}`);
    expect((await flashOf(returned))?.text).toBe("Payment successful! Order placed successfully!");
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised", payment_state: "advance_paid" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50000, cash: 0, refunded: 0, pending: 0 });
    expect(await all("SELECT reason, ref FROM ledger WHERE order_id = ?", order.id)).toEqual([{ reason: "advance", ref: paymentId }]);
    expect(await linkRows(order.id)).toEqual([{ provider_ref: linkId, status: "paid", gateway_closed: 0 }]);
    expect(await noticesOf(userId, "order_placed")).toHaveLength(1);
    expect(await all("SELECT product_id FROM cart_items WHERE user_id = ?", userId)).toEqual([]);
    // A forged return changes nothing and says so.
    const forged = new URLSearchParams(paid.query);
    forged.set("razorpay_signature", "0".repeat(64));
    const refused = await callRoute(callbackLoader, `/orders/${order.number}/callback?${forged}`, { params: { number: order.number } });
    expect((await flashOf(refused))?.text).toBe("Payment verification failed");
  });

  it("a resumed checkout reuses the order's live link; the pay page without JavaScript answers with the same link", async () => {
    const { order, email, userId } = await unpaidOrder();
    const first = await startAdvanceLink(deps, order, email);
    const resumed = await createShopOrder(deps, {
      user: { id: userId },
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping: w.shipping,
      delivery: { date: order.deliveryDate!, slot: order.deliverySlot! },
      now: Date.now(),
    });
    expect(resumed).toMatchObject({ id: order.id, resumed: true });
    expect(await startAdvanceLink(deps, resumed, email)).toEqual(first);
    const pressed = await callRoute(payAction, `/orders/${order.number}/pay`, {
      cookie: await sessionCookie(userId),
      form: {},
      params: { number: order.number },
    });
    expect(pressed).toMatchObject({ status: 303, location: first.url });
    expect(await linkRows(order.id)).toHaveLength(1);
    // With JavaScript the pay page keeps Checkout (the sandbox's checkout page stands in for it).
    const js = await callRoute(payAction, `/orders/${order.number}/pay`, {
      cookie: await sessionCookie(userId),
      form: { js: "1" },
      params: { number: order.number },
    });
    expect(js.location).toMatch(/^\/sandbox\/checkout\/order_/);
  });

  it("a checkout with other lines replaces the unpaid order: its link is closed at the gateway, and the shopper told", async () => {
    const { order, userId } = await unpaidOrder();
    const user = (await deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
    const delivery = `${order.deliveryDate}.${order.deliverySlot}`;
    const pressPay = async () => {
      const request = new Request("https://store.test/checkout", { method: "POST", body: new URLSearchParams({ ...w.shipping, delivery }) });
      const context = await loadContext(request);
      context.deps.user = user;
      return (await checkoutAction({ request, context, params: {} } as never)) as Response;
    };
    const first = new URL((await pressPay()).headers.get("Location")!);
    const [old] = await linkRows(order.id);
    expect(first.pathname).toBe(`/sandbox/link/${old.provider_ref}`);
    await env.DB.prepare("UPDATE cart_items SET quantity = 2 WHERE user_id = ?").bind(userId).run();
    const second = await pressPay();
    expect(second.headers.get("Location")).not.toBe(first.href);
    const told = await flashOf({ status: 303, location: null, body: null, cookies: second.headers.getSetCookie() });
    expect(told?.text).toBe(`Your earlier unpaid order ${order.number} was replaced by this one. If it is paid after all, that payment is refunded in full.`);
    expect(await orderState(order)).toEqual({ status: "payment_expired" });
    expect(await linkRows(order.id)).toEqual([{ provider_ref: old.provider_ref, status: "cancelled", gateway_closed: 1 }]);
    expect(await sandboxPayLink(deps, old.provider_ref)).toEqual({ ok: false, status: "cancelled" });
  });

  it("the reservation running out closes the link: the gateway is told, and a payment that got in first is refunded in full, both sides told", async () => {
    const admin = w.admin.id;
    const quiet = await unpaidOrder();
    const quietLink = (await startAdvanceLink(deps, quiet.order, quiet.email)).linkId;
    const late = await unpaidOrder();
    const lateLink = (await startAdvanceLink(deps, late.order, late.email)).linkId;
    const over = late.order.reservedUntil! + 1;
    await releaseExpiredOrders(deps, over);
    expect(await orderState(quiet.order)).toEqual({ status: "payment_expired" });
    expect(await linkRows(quiet.order.id)).toEqual([{ provider_ref: quietLink, status: "cancelled", gateway_closed: 0 }]);

    // The late shopper pays before the gateway hears that the link is closed.
    expect((await sandboxPayLink(deps, lateLink))?.ok).toBe(true);
    expect(await ledgerSums(late.order.id)).toEqual({ captured: 50000, cash: 0, refunded: 50000, pending: 0 });
    expect(await all("SELECT reason, state FROM ledger WHERE order_id = ? AND kind = 'refund'", late.order.id)).toEqual([{ reason: "unowed", state: "done" }]);
    expect(await orderState(late.order)).toEqual({ status: "payment_expired" });
    expect(await noticesOf(late.userId, "refund")).toHaveLength(1);
    expect(await noticesOf(admin, "refund")).toHaveLength(1);

    // The scheduled job closes both at the gateway; the quiet one takes nothing any more, and nothing is refunded twice.
    await reconcilePayments(deps, over + RECONCILE_AFTER_MS);
    expect(await atGateway(quietLink)).toBe("cancelled");
    expect(await sandboxPayLink(deps, quietLink)).toEqual({ ok: false, status: "cancelled" });
    expect((await linkRows(quiet.order.id))[0].gateway_closed).toBe(1);
    expect((await linkRows(late.order.id))[0]).toMatchObject({ status: "cancelled", gateway_closed: 1 });
    expect(await ledgerSums(late.order.id)).toEqual({ captured: 50000, cash: 0, refunded: 50000, pending: 0 });
    expect(await noticesOf(late.userId, "refund")).toHaveLength(1);
  });

  it("paid by Checkout in another tab: the link is closed at once; money that reached the link first is refunded in full, both sides told", async () => {
    const { order, email, userId } = await unpaidOrder();
    const { linkId } = await startAdvanceLink(deps, order, email);
    const checkout = await startAdvancePayment(deps, order);
    const outcome = (await sandboxDecide(deps, checkout.gatewayOrderId, "pay"))!;
    await callRoute(callbackLoader, outcome.callback, { params: { number: order.number } });
    expect(await orderState(order)).toEqual({ status: "order_raised" });
    expect(await linkRows(order.id)).toEqual([{ provider_ref: linkId, status: "cancelled", gateway_closed: 1 }]);
    expect(await sandboxPayLink(deps, linkId)).toEqual({ ok: false, status: "cancelled" });

    // Both tabs paid before the store heard of either: the link's money is found when the link is closed.
    const both = await unpaidOrder();
    const link = (await startAdvanceLink(deps, both.order, both.email)).linkId;
    const tab = await startAdvancePayment(deps, both.order);
    await dropAtGateway("webhooks", "callbacks");
    expect(await sandboxPayLink(deps, link)).toEqual({ ok: true, query: null });
    await env.DB.prepare("DELETE FROM sandbox_settings").run();
    const paid = (await sandboxDecide(deps, tab.gatewayOrderId, "pay"))!;
    const back = await callRoute(callbackLoader, paid.callback, { params: { number: both.order.number } });
    expect((await flashOf(back))?.text).toBe("Payment successful! Order placed successfully!");
    expect(await orderState(both.order)).toEqual({ status: "order_raised" });
    expect(await ledgerSums(both.order.id)).toEqual({ captured: 100000, cash: 0, refunded: 50000, pending: 0 });
    const onLink = await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ?", link);
    expect(await all("SELECT reason, payment_ref, state FROM ledger WHERE order_id = ? AND kind = 'refund'", both.order.id)).toEqual([
      { reason: "unowed", payment_ref: onLink.id, state: "done" },
    ]);
    expect(await noticesOf(both.userId, "refund")).toHaveLength(1);
    expect(await noticesOf(w.admin.id, "refund")).toHaveLength(1);
    expect(await noticesOf(both.userId, "order_placed")).toHaveLength(1);
    // The late report of the link's payment (its webhook, the job) changes nothing more.
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000);
    expect(await ledgerSums(both.order.id)).toEqual({ captured: 100000, cash: 0, refunded: 50000, pending: 0 });
    expect(await noticesOf(userId, "refund")).toHaveLength(0);
  });
});
