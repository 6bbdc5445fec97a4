import { and, eq } from "drizzle-orm";
import { payments, users, type User } from "~/db/schema";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/messages";
import { ConflictError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { notifyCustomer } from "~/notifications/notify.server";
import { getGateway } from "~/payments/gateway.server";
import { eventStatement, loadByNumber, StaleOrderError, type AdminDeps } from "./orders.server";

/** The balance after weighing: a payment link, a refund of the difference, or cash on delivery. */
const m = adminMessages;

/**
 * After weighing: a payment link for the balance (final − advance), or, when the fish came in below the
 * advance, a refund of the difference; nothing owed marks the balance paid. One request per order: the order
 * moves out of `advance_paid` by a conditional update before the gateway is asked.
 */
export async function requestBalance(deps: AdminDeps, actor: User, input: { number: string; version: number }, now = Date.now()) {
  const order = await loadByNumber(deps.db, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (order.finalTotalPaise === null) throw new ConflictError(m.errors.noFinal);
  if (order.paymentState !== "advance_paid" || order.status === "order_cancelled") throw new ConflictError(m.errors.balanceState);
  const balance = order.finalTotalPaise - order.advancePaise;
  const gateway = getGateway(deps, { origin: deps.origin });
  if (balance > 0 && !gateway) throw new ConflictError(m.errors.noGateway);
  const d1 = deps.db.$client;
  const nextState = balance > 0 ? "balance_requested" : "balance_paid";
  const claimed = await d1
    .prepare("UPDATE orders SET payment_state = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND payment_state = 'advance_paid'")
    .bind(nextState, now, order.id, order.version)
    .run();
  if (claimed.meta.changes !== 1) throw new StaleOrderError();
  const undo = () =>
    d1.prepare("UPDATE orders SET payment_state = 'advance_paid', version = version + 1 WHERE id = ? AND payment_state = ?").bind(order.id, nextState).run();
  if (balance === 0) {
    await d1.prepare("INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) VALUES (?, ?, 'payment', 'advance_paid', 'balance_paid', ?, ?)").bind(order.id, actor.id, m.detail.nothingOwed, now).run();
    return { message: m.detail.nothingOwed };
  }
  if (balance < 0) {
    const [advance] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, "advance"), eq(payments.status, "paid")))
      .limit(1);
    try {
      if (!gateway || !advance?.paymentId) throw new Error("no captured advance to refund");
      const refund = await gateway.refund({ paymentId: advance.paymentId, amountPaise: -balance, idempotencyKey: `difference-${order.id}` });
      await d1.batch([
        d1
          .prepare(
            `INSERT INTO payments (order_id, kind, provider, provider_ref, payment_id, amount_paise, currency, status, refund_of, created_at, updated_at)
             VALUES (?, 'refund', ?, ?, ?, ?, 'INR', ?, ?, ?, ?) ON CONFLICT (provider_ref) DO NOTHING`,
          )
          .bind(order.id, gateway.name, refund.id, advance.paymentId, refund.amount, refund.status, advance.id, now, now),
        d1.prepare("UPDATE orders SET refunded_paise = refunded_paise + ?, version = version + 1 WHERE id = ? AND changes() = 1").bind(refund.amount, order.id),
        eventStatement(deps.db, order.id, actor, "payment", "advance_paid", "balance_paid", `Difference refunded ${formatRupees(refund.amount)} (${refund.id})`, now),
      ]);
    } catch (error) {
      console.error("difference refund failed", error);
      await undo();
      throw new ConflictError(m.errors.gateway);
    }
    const amount = formatRupees(-balance);
    await notifyCustomer(deps, order, {
      type: "refund",
      title: format(m.customer.differenceRefundedTitle, { number: order.number }),
      message: format(m.customer.differenceRefunded, { amount, number: order.number }),
    });
    return { message: format(m.detail.differenceRefunded, { amount }) };
  }
  const [customer] = await deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1);
  let link;
  try {
    link = await gateway!.createPaymentLink({
      amountPaise: balance,
      referenceId: `${order.number}-B`,
      description: `Balance for ${order.number}`,
      customer: { name: `${order.firstName} ${order.lastName}`.trim() || (customer?.name ?? ""), email: customer?.email ?? "", contact: order.phone },
      callbackUrl: `${deps.origin}/orders/${order.number}`,
    });
  } catch (error) {
    console.error("payment link failed", error);
    await undo();
    throw new ConflictError(m.errors.gateway);
  }
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO payments (order_id, kind, provider, provider_ref, amount_paise, currency, status, link_url, created_at, updated_at)
         VALUES (?, 'balance', ?, ?, ?, 'INR', 'created', ?, ?, ?)`,
      )
      .bind(order.id, gateway!.name, link.id, balance, link.shortUrl, now, now),
    d1
      .prepare("INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) VALUES (?, ?, 'payment', 'advance_paid', 'balance_requested', ?, ?)")
      .bind(order.id, actor.id, `Payment link ${link.id}`, now),
  ]);
  const amount = formatRupees(balance);
  await notifyCustomer(deps, order, {
    type: "balance_requested",
    title: format(m.customer.balanceRequestedTitle, { number: order.number }),
    message: format(m.customer.balanceRequested, { amount, number: order.number, link: link.shortUrl }),
  });
  return { message: format(m.detail.balanceRequested, { amount }) };
}

/** The balance will be collected in cash on delivery (lets the order ship; the cash is recorded at delivery). */
export async function collectOnDelivery(deps: AdminDeps, actor: User, input: { number: string; version: number }, now = Date.now()) {
  const order = await loadByNumber(deps.db, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (order.finalTotalPaise === null) throw new ConflictError(m.errors.noFinal);
  if (!["advance_paid", "balance_requested"].includes(order.paymentState) || order.status === "order_cancelled") throw new ConflictError(m.errors.balanceState);
  const d1 = deps.db.$client;
  const results = await d1.batch([
    d1
      .prepare("UPDATE orders SET payment_state = 'balance_on_delivery', version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND payment_state = ?")
      .bind(now, order.id, order.version, order.paymentState),
    eventStatement(deps.db, order.id, actor, "payment", order.paymentState, "balance_on_delivery", null, now),
  ]);
  if (results[0].meta.changes !== 1) throw new StaleOrderError();
  const amount = formatRupees(Math.max(0, order.finalTotalPaise - order.advancePaise));
  await notifyCustomer(deps, order, {
    type: "balance_requested",
    title: format(m.customer.balanceRequestedTitle, { number: order.number }),
    message: format(m.customer.collectOnDelivery, { amount, number: order.number }),
  });
  return { message: m.detail.collectOnDeliveryDone };
}
