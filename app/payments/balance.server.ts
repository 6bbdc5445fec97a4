import { eq } from "drizzle-orm";
import { orders, payments, type Order } from "~/db/schema";
import { format } from "~/i18n/messages";
import { formatRupees } from "~/lib/money";
import { notifyCustomer } from "~/notifications/notify.server";
import type { PaymentDeps } from "./advance.server";
import { payMessages } from "~/i18n/pay.messages";

export type BalanceOutcome = { kind: "paid"; order: Order } | { kind: "already" } | { kind: "ignored"; reason: string };

/**
 * A balance payment link was paid (webhook `payment_link.paid`, or the link's callback after its signature
 * was checked): the balance payment row (kind 'balance', providerRef = the link id) becomes paid and the
 * order's paymentState 'balance_paid', exactly once, and the customer is told. The admin side creates the
 * row when it creates the link (getGateway(context).createPaymentLink).
 */
export async function settleBalancePayment(
  deps: PaymentDeps,
  input: { paymentLinkId: string; paymentId: string; amountPaise?: number; currency?: string },
  now = Date.now(),
): Promise<BalanceOutcome> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.providerRef, input.paymentLinkId)).limit(1);
  if (!row || row.kind !== "balance") return { kind: "ignored", reason: "unknown payment link" };
  if (input.amountPaise !== undefined && input.amountPaise !== row.amountPaise) return { kind: "ignored", reason: "amount mismatch" };
  if (input.currency !== undefined && input.currency !== row.currency) return { kind: "ignored", reason: "currency mismatch" };
  const d1 = deps.db.$client;
  const results = await d1.batch([
    d1.prepare("UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status IN ('created', 'failed')").bind(input.paymentId, now, row.id),
    d1.prepare("UPDATE orders SET payment_state = 'balance_paid', version = version + 1, updated_at = ? WHERE id = ? AND changes() = 1").bind(now, row.orderId),
    d1
      .prepare("INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) SELECT ?, NULL, 'payment', NULL, 'balance_paid', ?, ? WHERE changes() = 1")
      .bind(row.orderId, `Balance ${formatRupees(row.amountPaise)} paid (${input.paymentId})`, now),
  ]);
  if (results[0].meta.changes !== 1) return { kind: "already" };
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
  const m = payMessages;
  await notifyCustomer(deps, order, {
    type: "balance_paid",
    title: format(m.balancePaidTitle, { number: order.number }),
    message: format(m.balancePaid, { number: order.number, amount: formatRupees(row.amountPaise) }),
  });
  return { kind: "paid", order };
}
