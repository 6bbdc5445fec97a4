import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Deps, PrimaryDeps } from "~/deps";
import { orderAt, orderIs, previousChanged, runBatch } from "~/db/guards.server";
import {
  ATTEMPT_STATUS,
  cartItems,
  ledger,
  LEDGER_KIND,
  LEDGER_REASON,
  LEDGER_STATE,
  orderEvents,
  orderItems,
  orders,
  payments,
  type Order,
  type Payment,
} from "~/db/schema";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { quantityText } from "~/catalog/units";
import { formatDeliveryDate } from "~/delivery/slots";
import { payMessages as m } from "~/i18n/pay.messages";
import { formatRupees } from "~/lib/money";
import { notifyAdmins, notifyCustomer, type NoticeDeps } from "~/notifications/notify.server";
import { eventStatement } from "~/orders/events.server";
import { ORDER_STATUS, PAYMENT_STATE, PREBOOKED } from "~/orders/status";
import { fillQueue } from "~/season/queue.server";
import { processRefund, refundStatement } from "./ledger.server";
import { cancelLinksStatement, isLinkAttempt } from "./links.server";

export type SettleOutcome =
  | { kind: "paid"; order: Order } // this call settled what was owed
  | { kind: "already"; order: Order } // recorded before (a replay, the other channel)
  | { kind: "refunded"; order: Order } // nothing was owed: refunded in full
  | { kind: "refund_pending"; order: Order } // nothing was owed: the refund is being retried
  | { kind: "ignored"; reason: string };

/**
 * A captured payment reported by the gateway (callback, webhook, reconciliation), through the attempt whose
 * gateway order or link is `attemptRef`. One batch records the capture (once per payment id), settles what
 * the order owed if the attempt and the order are still waiting for exactly this money, and otherwise
 * inserts the payment's full refund. Only the call that changed something tells anyone.
 */
export async function settlePayment(
  deps: PrimaryDeps,
  input: { attemptRef: string; paymentId: string; amountPaise?: number; currency?: string },
  now = deps.now(),
): Promise<SettleOutcome> {
  const [attempt] = await deps.db.select().from(payments).where(eq(payments.providerRef, input.attemptRef)).limit(1);
  if (!attempt) return { kind: "ignored", reason: "unknown gateway order or link" };
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(input.paymentId)) return { kind: "ignored", reason: "malformed payment id" };
  if (input.currency !== undefined && input.currency !== "INR") return { kind: "ignored", reason: "currency" };
  // The gateway takes exactly the attempt's amount; a report of anything else is recorded as it is, and refunded.
  const amount = input.amountPaise ?? attempt.amountPaise;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { kind: "ignored", reason: "amount" };
  const advance = attempt.kind === "advance";
  // A season pre-booking's advance puts it in the queue; any other order's raises it.
  const [{ source }] = await deps.db.select({ source: orders.source }).from(orders).where(eq(orders.id, attempt.orderId));
  const raised = source === "season" ? PREBOOKED : ORDER_STATUS.order_raised;
  const batch = await runBatch(deps.db, settleStatements(deps, attempt, input.paymentId, amount, raised, now));
  // The links this call closed are closed at the gateway too (what was paid on them meanwhile is settled, so refunded).
  if (batch.advanceLinks && batch.advanceLinks.meta.changes > 0) await closeCancelledLinks(deps, attempt.orderId, now);
  const order = await loadOrder(deps, attempt.orderId);
  if (batch.order.meta.changes === 1) {
    await (advance ? sendReceipt(deps, order) : tellBalancePaid(deps, order, amount));
    // Catch already waiting fills the new pre-booking at once, in the queue's order.
    if (raised === PREBOOKED) await fillQueue(deps, now);
    return { kind: "paid", order };
  }
  return refundUnowed(deps, order, input.paymentId, batch.refund.meta.changes === 1, now);
}

/**
 * The one batch that records a capture reported through `attempt`: the capture once per payment id, the
 * settlement if the attempt and the order still wait for exactly this money, otherwise its full refund.
 */
function settleStatements(deps: PrimaryDeps, attempt: Payment, paymentId: string, amount: number, raised: typeof PREBOOKED | "order_raised", now: number) {
  const db = deps.db;
  const advance = attempt.kind === "advance";
  const note = `${advance ? "Advance" : "Balance"} ${formatRupees(amount)} paid (${paymentId})`;
  const orderId = attempt.orderId;
  // What the attempt and its order must be waiting for, for this payment to settle them.
  const attemptOwed = advance
    ? and(
        inArray(payments.status, [ATTEMPT_STATUS.created, ATTEMPT_STATUS.failed]),
        orderIs(orderId, { status: ORDER_STATUS.payment_pending }),
        // A shopper has one place in a product's queue: the advance of a second pre-booking (two sent at once, or
        // one sent while the first was being paid) is not owed, so it is refunded rather than queued twice.
        raised === PREBOOKED
          ? sql`NOT EXISTS (SELECT 1 FROM orders q JOIN order_items qi ON qi.order_id = q.id
            WHERE q.status = ${PREBOOKED} AND q.source = 'season' AND q.id <> ${orderId}
              AND q.user_id = (SELECT user_id FROM orders WHERE id = ${orderId})
              AND qi.product_id IN (SELECT product_id FROM order_items WHERE order_id = ${orderId}))`
          : undefined,
      )
    : and(
        eq(payments.status, ATTEMPT_STATUS.created),
        or(isNull(payments.expiresAt), gt(payments.expiresAt, now)),
        orderIs(orderId, { paymentState: PAYMENT_STATE.balance_requested, notStatus: ORDER_STATUS.order_cancelled }),
      );
  const [from, to] = advance ? [ORDER_STATUS.payment_pending, raised] : [PAYMENT_STATE.balance_requested, PAYMENT_STATE.balance_paid];
  // Each statement after the capture is chained on the one before it: the attempt is paid only by a new
  // capture, the order settled only by the attempt's payment, the event written only for a settled order.
  return {
    capture: db
      .insert(ledger)
      .values({
        orderId,
        kind: LEDGER_KIND.capture,
        reason: attempt.kind,
        ref: paymentId,
        provider: attempt.provider,
        amountPaise: amount,
        state: LEDGER_STATE.done,
        attemptId: attempt.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: ledger.ref }),
    attempt: db
      .update(payments)
      .set({ status: ATTEMPT_STATUS.paid, paymentId: paymentId, updatedAt: now })
      .where(and(eq(payments.id, attempt.id), attemptOwed, eq(payments.amountPaise, amount), previousChanged())),
    order: advance
      ? db
          .update(orders)
          .set({
            status: raised,
            paymentState: PAYMENT_STATE.advance_paid,
            paidAt: now,
            reservedUntil: null,
            version: sql`${orders.version} + 1`,
            updatedAt: now,
          })
          .where(and(orderAt(orderId, { status: ORDER_STATUS.payment_pending }), previousChanged()))
      : db
          .update(orders)
          .set({ paymentState: PAYMENT_STATE.balance_paid, version: sql`${orders.version} + 1`, updatedAt: now })
          .where(and(orderAt(orderId, { paymentState: PAYMENT_STATE.balance_requested }), previousChanged())),
    event: eventStatement(deps, orderId, null, "payment", from, to, note, now),
    cart:
      advance &&
      db.run(
        sql`DELETE FROM ${cartItems} WHERE ${previousChanged()} AND user_id = (SELECT user_id FROM orders WHERE id = ${orderId} AND source = 'shop')
              AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ${orderId})`,
      ),
    // An order no longer waiting for its advance (paid now, or by another tab, or closed) has no live advance link.
    advanceLinks: advance && cancelLinksStatement(deps, orderId, now, { notStatus: ORDER_STATUS.payment_pending }, "advance"),
    // Not owed unless this very payment paid the attempt: refund all of it.
    refund: refundStatement(deps, {
      orderId,
      reason: LEDGER_REASON.unowed,
      now,
      paymentRef: paymentId,
      guard: sql`NOT EXISTS (SELECT 1 FROM ${payments} WHERE ${and(eq(payments.id, attempt.id), eq(payments.status, ATTEMPT_STATUS.paid), eq(payments.paymentId, paymentId))})`,
    }),
  };
}

/**
 * A capture nothing was owed for has its full refund row (written by the settling batch, or by an earlier
 * report of the same payment): it is asked of the gateway, and the first report tells the customer and admins.
 */
async function refundUnowed(deps: PrimaryDeps, order: Order, paymentId: string, refundInserted: boolean, now: number): Promise<SettleOutcome> {
  const [refund] = await deps.db
    .select()
    .from(ledger)
    .where(eq(ledger.ref, `${LEDGER_REASON.unowed}:${paymentId}`))
    .limit(1);
  if (!refund) return { kind: "already", order };
  if (refundInserted) {
    await deps.db.insert(orderEvents).values({
      orderId: order.id,
      kind: "payment",
      fromValue: null,
      toValue: "refund",
      note: `${formatRupees(refund.amountPaise)} from ${paymentId} was not owed: refunded in full`,
      createdAt: now,
    });
  }
  const done = await processRefund(deps, refund, now);
  if (refundInserted) await tellUnowedRefund(deps, order, refund.amountPaise);
  return { kind: done ? "refunded" : "refund_pending", order };
}

/** Records every captured payment the gateway reports for one gateway order or link. */
export async function settleGatewayPayments(
  deps: PrimaryDeps,
  attemptRef: string,
  reported: { id: string; amount: number; currency: string; status: string }[],
  now = deps.now(),
) {
  for (const p of reported) {
    if (p.status === "captured") await settlePayment(deps, { attemptRef, paymentId: p.id, amountPaise: p.amount, currency: p.currency }, now);
  }
}

/**
 * Closes an order's links at the gateway once the store has cancelled them (order cancelled, cash on
 * delivery, the advance paid another way, the reservation over). A link the customer paid first is settled,
 * which refunds it, since nothing is owed through it.
 */
export async function closeCancelledLinks(deps: PrimaryDeps, orderId: number, now = deps.now()) {
  const links = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isLinkAttempt, eq(payments.status, ATTEMPT_STATUS.cancelled), eq(payments.gatewayClosed, false)));
  for (const link of links) await closeLink(deps, link, now);
}

export async function closeLink(deps: PrimaryDeps, link: Payment, now = deps.now()) {
  const gateway = deps.gateway;
  if (!gateway || link.provider !== gateway.name || !link.providerRef) return;
  try {
    const status = await gateway.cancelPaymentLink(link.providerRef);
    if (status === "paid" || status === "partially_paid")
      await settleGatewayPayments(deps, link.providerRef, (await gateway.fetchPaymentLink(link.providerRef)).payments, now);
    if (status !== "created") await deps.db.update(payments).set({ gatewayClosed: true, updatedAt: now }).where(eq(payments.id, link.id));
  } catch (error) {
    console.error(`closing payment link ${link.providerRef} failed; the scheduled job retries it`, error);
  }
}

async function loadOrder(deps: Pick<Deps, "db">, id: number): Promise<Order> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order;
}

async function sendReceipt(deps: NoticeDeps, order: Order) {
  const items = await deps.db
    .select({ name: orderItems.name, nameTe: orderItems.nameTe, quantity: orderItems.quantity, unit: orderItems.unit, productId: orderItems.productId })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id);
  // Shop lines are kilos or packs; an auction lot is one lot. Each is named in the reader's language.
  const list = (lang: Lang) =>
    items
      .map((i) => {
        const name = inLang(i.name, i.nameTe, lang);
        return i.productId === null ? name : `${name} × ${quantityText(i.quantity, i.unit, lang)}`;
      })
      .join(", ");
  await notifyCustomer(deps, order, {
    type: "order_placed",
    words: (t, lang) => {
      // A pre-booking's receipt keeps its place in the queue and says until when; an order's is placed.
      if (order.source === "season" && order.latestDate) {
        const values = { number: order.number, items: list(lang), date: formatDeliveryDate(order.latestDate, lang) };
        return { title: format(t.season.receiptTitle, values), message: format(t.season.receipt, values) };
      }
      return {
        title: format(t.pay.receiptTitle, { number: order.number }),
        message: format(t.pay.receipt, { number: order.number, items: list(lang), total: formatRupees(order.estimatedTotalPaise) }),
      };
    },
  });
}

async function tellBalancePaid(deps: NoticeDeps, order: Order, amount: number) {
  await notifyCustomer(deps, order, {
    type: "balance_paid",
    words: (t) => ({
      title: format(t.pay.balancePaidTitle, { number: order.number }),
      message: format(t.pay.balancePaid, { number: order.number, amount: formatRupees(amount) }),
    }),
  });
}

async function tellUnowedRefund(deps: NoticeDeps, order: Order, amount: number) {
  const values = { number: order.number, amount: formatRupees(amount) };
  await notifyCustomer(deps, order, { type: "refund", words: (t) => ({ title: format(t.pay.unowedTitle, values), message: format(t.pay.unowed, values) }) });
  await notifyAdmins(deps, {
    type: "refund",
    title: format(m.unowedTitle, values),
    message: format(m.unowedAdmin, values),
    orderId: order.id,
    orderNumber: order.number,
  });
}
