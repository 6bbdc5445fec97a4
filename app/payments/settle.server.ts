import { and, eq } from "drizzle-orm";
import type { Deps } from "~/deps";
import { ledger, orders, payments, type Order, type Payment } from "~/db/schema";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { payMessages as m } from "~/i18n/pay.messages";
import { formatRupees } from "~/lib/money";
import { notifyAdmins, notifyCustomer } from "~/notifications/notify.server";
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
  deps: Deps,
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
  const d1 = deps.db.$client;
  const advance = attempt.kind === "advance";
  const note = `${advance ? "Advance" : "Balance"} ${formatRupees(amount)} paid (${input.paymentId})`;
  const statements = [
    d1
      .prepare(
        `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, attempt_id, created_at, updated_at)
         VALUES (?, 'capture', ?, ?, ?, ?, 'done', ?, ?, ?) ON CONFLICT (ref) DO NOTHING`,
      )
      .bind(attempt.orderId, attempt.kind, input.paymentId, attempt.provider, amount, attempt.id, now, now),
    advance
      ? d1
          .prepare(
            `UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status IN ('created', 'failed') AND amount_paise = ?
               AND changes() = 1 AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'payment_pending')`,
          )
          .bind(input.paymentId, now, attempt.id, amount, attempt.orderId)
      : d1
          .prepare(
            `UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status = 'created' AND amount_paise = ?
               AND (expires_at IS NULL OR expires_at > ?) AND changes() = 1
               AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_state = 'balance_requested' AND status <> 'order_cancelled')`,
          )
          .bind(input.paymentId, now, attempt.id, amount, now, attempt.orderId),
    advance
      ? d1
          .prepare(
            `UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ?, reserved_until = NULL, version = version + 1,
               updated_at = ? WHERE id = ? AND status = 'payment_pending' AND changes() = 1`,
          )
          .bind(now, now, attempt.orderId)
      : d1
          .prepare(
            "UPDATE orders SET payment_state = 'balance_paid', version = version + 1, updated_at = ? WHERE id = ? AND payment_state = 'balance_requested' AND changes() = 1",
          )
          .bind(now, attempt.orderId),
    d1
      .prepare(
        "INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) SELECT ?, NULL, 'payment', ?, ?, ?, ? WHERE changes() = 1",
      )
      .bind(attempt.orderId, advance ? "payment_pending" : "balance_requested", advance ? "order_raised" : "balance_paid", note, now),
    ...(advance
      ? [
          d1
            .prepare(
              `DELETE FROM cart_items WHERE changes() = 1 AND user_id = (SELECT user_id FROM orders WHERE id = ?1 AND source = 'shop')
                 AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?1)`,
            )
            .bind(attempt.orderId),
        ]
      : []),
    // An order no longer waiting for its advance (paid now, or by another tab, or closed) has no live advance link.
    ...(advance ? [cancelLinksStatement(deps, attempt.orderId, now, "status <> 'payment_pending'", "advance")] : []),
    // Not owed unless this very payment paid the attempt: refund all of it.
    refundStatement(deps, {
      orderId: attempt.orderId,
      reason: "unowed",
      now,
      paymentRef: input.paymentId,
      guard: { sql: "NOT EXISTS (SELECT 1 FROM payments WHERE id = ? AND status = 'paid' AND payment_id = ?)", binds: [attempt.id, input.paymentId] },
    }),
  ];
  const results = await d1.batch(statements);
  // The links this call closed are closed at the gateway too (what was paid on them meanwhile is settled, so refunded).
  if (advance && results[results.length - 2].meta.changes > 0) await closeCancelledLinks(deps, attempt.orderId, now);
  const order = await loadOrder(deps, attempt.orderId);
  if (results[2].meta.changes === 1) {
    await (advance ? sendReceipt(deps, order) : tellBalancePaid(deps, order, amount));
    return { kind: "paid", order };
  }
  const refundInserted = results[results.length - 1].meta.changes === 1;
  const [refund] = await deps.db
    .select()
    .from(ledger)
    .where(eq(ledger.ref, `unowed:${input.paymentId}`))
    .limit(1);
  if (!refund) return { kind: "already", order };
  if (refundInserted) {
    await d1
      .prepare(
        "INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) VALUES (?, NULL, 'payment', NULL, 'refund', ?, ?)",
      )
      .bind(order.id, `${formatRupees(refund.amountPaise)} from ${input.paymentId} was not owed: refunded in full`, now)
      .run();
  }
  const done = await processRefund(deps, refund, now);
  if (refundInserted) await tellUnowedRefund(deps, order, refund.amountPaise);
  return { kind: done ? "refunded" : "refund_pending", order };
}

/** Records every captured payment the gateway reports for one gateway order or link. */
export async function settleGatewayPayments(
  deps: Deps,
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
export async function closeCancelledLinks(deps: Deps, orderId: number, now = deps.now()) {
  const links = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isLinkAttempt, eq(payments.status, "cancelled"), eq(payments.gatewayClosed, false)));
  for (const link of links) await closeLink(deps, link, now);
}

export async function closeLink(deps: Deps, link: Payment, now = deps.now()) {
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

async function sendReceipt(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order) {
  const items = await deps.db.$client
    .prepare("SELECT name, name_te, quantity, unit, product_id FROM order_items WHERE order_id = ? ORDER BY id")
    .bind(order.id)
    .all<{ name: string; name_te: string | null; quantity: number; unit: ProductUnit; product_id: number | null }>();
  // Shop lines are kilos or packs; an auction lot is one lot. Each is named in the reader's language.
  const list = (lang: Lang) =>
    items.results
      .map((i) => {
        const name = inLang(i.name, i.name_te, lang);
        return i.product_id === null ? name : `${name} × ${quantityText(i.quantity, i.unit, lang)}`;
      })
      .join(", ");
  await notifyCustomer(deps, order, {
    type: "order_placed",
    words: (t, lang) => ({
      title: format(t.pay.receiptTitle, { number: order.number }),
      message: format(t.pay.receipt, { number: order.number, items: list(lang), total: formatRupees(order.estimatedTotalPaise) }),
    }),
  });
}

async function tellBalancePaid(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order, amount: number) {
  await notifyCustomer(deps, order, {
    type: "balance_paid",
    words: (t) => ({
      title: format(t.pay.balancePaidTitle, { number: order.number }),
      message: format(t.pay.balancePaid, { number: order.number, amount: formatRupees(amount) }),
    }),
  });
}

async function tellUnowedRefund(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order, amount: number) {
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
