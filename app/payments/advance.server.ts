import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders, payments, type Order, type Payment } from "~/db/schema";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format } from "~/i18n/messages";
import { ConflictError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { notifyCustomer, type NotifyDeps } from "~/notifications/notify.server";
import { reviveExpiredOrder } from "~/orders/orders.server";
import { getGateway, gatewaySecrets } from "./gateway.server";
import { verifyPaymentSignature } from "./signature";
import { payMessages } from "~/i18n/pay.messages";

/**
 * The ₹500 advance: a gateway order per attempt, and settling it exactly once however many times the
 * callback, the webhooks and retries report it, in whatever order, at the same time.
 */
export type PaymentDeps = NotifyDeps;

export type StartedPayment = { gateway: "razorpay" | "sandbox"; keyId: string; gatewayOrderId: string; amountPaise: number; currency: "INR" };

export class PaymentUnavailableError extends ConflictError {
  constructor() {
    super(checkoutMessages.checkout.notAvailable);
  }
}

/**
 * A gateway order for the order's advance (amount from OUR order, never the client). An unpaid attempt of
 * the same gateway is reused, so reloading the pay page does not pile up gateway orders.
 */
export async function startAdvancePayment(deps: PaymentDeps, order: Order, origin: string): Promise<StartedPayment> {
  if (order.status !== "payment_pending") throw new ConflictError(payMessages.notPending);
  const gateway = getGateway(deps, { origin });
  if (!gateway) throw new PaymentUnavailableError();
  const [open] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, "advance"), eq(payments.provider, gateway.name), eq(payments.status, "created")))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open?.providerRef) {
    return { gateway: gateway.name, keyId: gateway.keyId, gatewayOrderId: open.providerRef, amountPaise: open.amountPaise, currency: "INR" };
  }
  const created = await gateway.createOrder({ amountPaise: order.advancePaise, receipt: order.number, notes: { order_number: order.number } });
  await deps.db.insert(payments).values({
    orderId: order.id,
    kind: "advance",
    provider: gateway.name,
    providerRef: created.id,
    amountPaise: order.advancePaise,
    currency: "INR",
    status: "created",
  });
  return { gateway: gateway.name, keyId: gateway.keyId, gatewayOrderId: created.id, amountPaise: order.advancePaise, currency: "INR" };
}

export type SettleOutcome =
  | { kind: "paid"; order: Order } // this call raised the order
  | { kind: "already"; order: Order } // someone else (callback, webhook, retry) already did
  | { kind: "refunded"; order: Order; reason: "expired" | "duplicate" }
  | { kind: "refund_pending"; order: Order }
  | { kind: "ignored"; reason: string };

/**
 * Checks a Checkout callback: the signature must be Razorpay's over the gateway order id WE stored for this
 * order (a signature from another order, or for another gateway order id, fails), compared in constant time.
 */
export async function verifyAdvanceCallback(
  deps: PaymentDeps,
  order: Order,
  input: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
): Promise<Payment | null> {
  const secrets = gatewaySecrets(deps.config);
  if (!secrets) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, "advance"), eq(payments.providerRef, input.razorpayOrderId)))
    .limit(1);
  if (!row?.providerRef || row.provider !== secrets.name) return null;
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(input.razorpayPaymentId)) return null;
  const ok = await verifyPaymentSignature(secrets.keySecret, row.providerRef, input.razorpayPaymentId, input.razorpaySignature);
  return ok ? row : null;
}

/**
 * Marks the advance of gateway order `gatewayOrderId` paid by `paymentId`, exactly once:
 * one batch = the payment row created|failed → paid, THEN (only if that changed a row) the order
 * payment_pending → order_raised, THEN (likewise) the order's products leave the cart. Whoever changes the
 * payment row is the only caller that e-mails the receipt, so concurrent callers produce one of everything.
 * If the order can no longer be honoured (expired and its stock gone, or already paid by another attempt)
 * the payment is refunded and the shopper told.
 *
 * `amountPaise`/`currency`, when the gateway reports them (webhooks), must match our row.
 */
export async function settleAdvancePayment(
  deps: PaymentDeps,
  input: { gatewayOrderId: string; paymentId: string; amountPaise?: number; currency?: string },
  now = Date.now(),
): Promise<SettleOutcome> {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerRef, input.gatewayOrderId), eq(payments.kind, "advance")))
    .limit(1);
  if (!row) return { kind: "ignored", reason: "unknown gateway order" };
  if (input.amountPaise !== undefined && input.amountPaise !== row.amountPaise) return { kind: "ignored", reason: "amount mismatch" };
  if (input.currency !== undefined && input.currency !== row.currency) return { kind: "ignored", reason: "currency mismatch" };

  const d1 = deps.db.$client;
  const results = await d1.batch([
    d1
      .prepare("UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status IN ('created', 'failed')")
      .bind(input.paymentId, now, row.id),
    d1
      .prepare(
        `UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ?, reserved_until = NULL, version = version + 1,
           updated_at = ? WHERE id = ? AND status = 'payment_pending' AND changes() = 1`,
      )
      .bind(now, now, row.orderId),
    d1
      .prepare(
        `DELETE FROM cart_items WHERE changes() = 1 AND user_id = (SELECT user_id FROM orders WHERE id = ?1 AND source = 'shop')
           AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?1)`,
      )
      .bind(row.orderId),
  ]);
  const order = await loadOrder(deps.db, row.orderId);
  if (results[0].meta.changes !== 1) {
    // Not ours to settle: already paid (a replay, a retry, the other channel) or being refunded.
    const [current] = await deps.db.select().from(payments).where(eq(payments.id, row.id)).limit(1);
    if (current.status === "refund_due") return refundUnhonoured(deps, current, order, now);
    if (current.status === "refunded") return { kind: "refunded", order, reason: order.status === "payment_expired" ? "expired" : "duplicate" };
    return { kind: "already", order };
  }
  if (results[1].meta.changes === 1) {
    await recordEvent(d1, order.id, "payment_pending", "order_raised", `Advance ${formatRupees(row.amountPaise)} paid (${input.paymentId})`, now);
    await sendReceipt(deps, order);
    return { kind: "paid", order };
  }
  // We own this payment but the order was not waiting for it.
  if (order.status === "payment_expired" && (await reviveExpiredOrder(deps.db, order.id, now))) {
    await deps.db.$client.prepare("DELETE FROM cart_items WHERE user_id = ? AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?)").bind(order.userId, order.id).run();
    const revived = await loadOrder(deps.db, order.id);
    await recordEvent(d1, order.id, "payment_expired", "order_raised", `Late advance ${input.paymentId}; stock taken again`, now);
    await sendReceipt(deps, revived);
    return { kind: "paid", order: revived };
  }
  await d1.prepare("UPDATE payments SET status = 'refund_due', updated_at = ? WHERE id = ? AND status = 'paid'").bind(now, row.id).run();
  const [due] = await deps.db.select().from(payments).where(eq(payments.id, row.id)).limit(1);
  return refundUnhonoured(deps, due, order, now);
}

/**
 * Refunds a payment that cannot buy its order. Claimed with a conditional update so only one caller asks
 * the gateway; the gateway call is idempotent by key as well. If the gateway fails the row goes back to
 * refund_due, and the next webhook retry for it tries again.
 */
async function refundUnhonoured(deps: PaymentDeps, row: Payment, order: Order, now: number): Promise<SettleOutcome> {
  const d1 = deps.db.$client;
  const claim = await d1.prepare("UPDATE payments SET status = 'refunding', updated_at = ? WHERE id = ? AND status = 'refund_due'").bind(now, row.id).run();
  const reason = order.status === "payment_expired" || order.status === "payment_pending" ? "expired" : "duplicate";
  if (claim.meta.changes !== 1) return { kind: "refund_pending", order };
  const gateway = getGateway(deps);
  try {
    if (!gateway || !row.paymentId) throw new Error("No gateway to refund with");
    const refund = await gateway.refund({ paymentId: row.paymentId, amountPaise: row.amountPaise, idempotencyKey: `advance-${row.id}` });
    await d1.batch([
      d1.prepare("UPDATE payments SET status = 'refunded', updated_at = ? WHERE id = ? AND status = 'refunding'").bind(now, row.id),
      d1
        .prepare(
          `INSERT INTO payments (order_id, kind, provider, provider_ref, payment_id, amount_paise, currency, status, refund_of, created_at, updated_at)
           VALUES (?, 'refund', ?, ?, ?, ?, 'INR', ?, ?, ?, ?) ON CONFLICT (provider_ref) DO NOTHING`,
        )
        .bind(order.id, gateway.name, refund.id, row.paymentId, refund.amount, refund.status, row.id, now, now),
      d1.prepare("UPDATE orders SET refunded_paise = refunded_paise + ?, version = version + 1, updated_at = ? WHERE id = ? AND changes() = 1").bind(refund.amount, now, order.id),
    ]);
  } catch (error) {
    console.error("advance refund failed; will retry on the next report", error);
    await d1.prepare("UPDATE payments SET status = 'refund_due', updated_at = ? WHERE id = ? AND status = 'refunding'").bind(now, row.id).run();
    return { kind: "refund_pending", order };
  }
  const m = payMessages;
  await recordEvent(d1, order.id, order.status, order.status, `Advance ${row.paymentId} refunded (${reason})`, now);
  await notifyCustomer(deps, order, {
    type: "refund",
    title: format(m.refundTitle, { number: order.number }),
    message: reason === "expired" ? m.refunded : m.duplicateRefunded,
  });
  return { kind: "refunded", order: await loadOrder(deps.db, order.id), reason };
}

/** A failed attempt (payment.failed, or the shopper's error callback). Never undoes a paid row. */
export async function markAdvanceFailed(db: Db, gatewayOrderId: string, now = Date.now()): Promise<void> {
  await db.$client
    .prepare("UPDATE payments SET status = 'failed', updated_at = ? WHERE provider_ref = ? AND kind = 'advance' AND status = 'created'")
    .bind(now, gatewayOrderId)
    .run();
}

async function loadOrder(db: Db, id: number): Promise<Order> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order;
}

function recordEvent(d1: D1Database, orderId: number, from: string, to: string, note: string, now: number) {
  return d1
    .prepare("INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) VALUES (?, NULL, 'payment', ?, ?, ?, ?)")
    .bind(orderId, from, to, note, now)
    .run();
}

async function sendReceipt(deps: PaymentDeps, order: Order) {
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const m = payMessages;
  const list = items.map((i) => `${i.name} × ${i.quantity}`).join(", ");
  await notifyCustomer(deps, order, {
    type: "order_placed",
    title: format(m.receiptTitle, { number: order.number }),
    message: format(m.receipt, { number: order.number, items: list, total: formatRupees(order.estimatedTotalPaise) }),
  });
}
