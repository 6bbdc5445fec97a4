/**
 * An order's money as the admin reads it, pure: the payment in a few words (the order list, the order page, the
 * CSV) and the order page's one summary. Every figure comes from the ledger (app/payments/ledger.ts), the balance
 * from `balanceDue`, the one definition the customer's page and the packing list use too.
 */
import { adminMessages as m } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import type { OrderStatus, PaymentState } from "~/orders/status";
import { balanceDue, refundsByReason, summarizeLedger, type LedgerEntry } from "~/payments/ledger";
import { ORDER_STATUS, PAYMENT_STATE } from "~/orders/status";

type MoneyOrder = { status: OrderStatus; paymentState: PaymentState; estimatedTotalPaise: number; finalTotalPaise: number | null };

const reasonWord = (reason: LedgerEntry["reason"]) => m.ledger.reasons[reason];

/** Each refund reason's amounts, done and on their way: "Refunded (claim) ₹500", "Refund pending (cancellation) ₹500". */
function refundParts(rows: readonly LedgerEntry[]): string[] {
  return refundsByReason(rows).flatMap(({ reason, donePaise, pendingPaise }) => [
    ...(donePaise > 0 ? [format(m.payment.refundedFor, { reason: reasonWord(reason), amount: formatRupees(donePaise) })] : []),
    ...(pendingPaise > 0 ? [format(m.payment.refundPendingFor, { reason: reasonWord(reason), amount: formatRupees(pendingPaise) })] : []),
  ]);
}

/**
 * The payment in a few words. A cancelled order reads by what it refunded ("Refunded ₹500"), never by the state it
 * was in ("Advance paid"); a delivered order is paid in full; any other reads by its payment state. Refunds made
 * on an order that was not cancelled (a claim, a difference below the advance) follow: "Paid in full · Refunded
 * (claim) ₹500".
 */
export function paymentLabel(order: MoneyOrder, rows: readonly LedgerEntry[]): string {
  const money = summarizeLedger(rows);
  if (order.status === ORDER_STATUS.order_cancelled) {
    const parts = [
      ...(money.refundedPaise > 0 ? [format(m.payment.refunded, { amount: formatRupees(money.refundedPaise) })] : []),
      ...(money.refundPendingPaise > 0 ? [format(m.payment.refundPending, { amount: formatRupees(money.refundPendingPaise) })] : []),
    ];
    return parts.length ? parts.join(" · ") : m.payment.nothingPaid;
  }
  if (order.status === ORDER_STATUS.payment_expired) return m.payment.notPaid;
  const state = order.status === ORDER_STATUS.order_delivered ? m.payment.paidInFull : (m.paymentStates[order.paymentState] ?? order.paymentState);
  return [state, ...refundParts(rows)].join(" · ");
}

export type MoneyRow = { label: string; value: string; strong?: boolean; reference?: boolean };

/**
 * The order page's money summary, each figure once: the estimate, the final price, what was paid (and the
 * advance's gateway reference), each refund by its reason, and the balance: due, or to collect on delivery when
 * it will be paid at the door. A cancelled order, or one still waiting for its advance, owes no balance and
 * shows none.
 */
export function moneyRows(order: MoneyOrder, rows: readonly (LedgerEntry & { ref: string })[]): MoneyRow[] {
  const money = summarizeLedger(rows);
  const advance = rows.find((r) => r.kind === "capture" && r.reason === "advance");
  const result: MoneyRow[] = [
    { label: m.detail.estimated, value: formatRupees(order.estimatedTotalPaise) },
    { label: m.detail.final, value: order.finalTotalPaise === null ? m.detail.notWeighed : formatRupees(order.finalTotalPaise) },
    { label: m.detail.paid, value: formatRupees(money.capturedPaise + money.cashPaise) },
    { label: m.detail.advanceReference, value: advance?.ref ?? m.detail.none, reference: advance !== undefined },
  ];
  for (const { reason, donePaise, pendingPaise } of refundsByReason(rows)) {
    if (donePaise > 0) result.push({ label: format(m.detail.refundedFor, { reason: reasonWord(reason) }), value: formatRupees(donePaise) });
    if (pendingPaise > 0) result.push({ label: format(m.detail.refundPendingFor, { reason: reasonWord(reason) }), value: formatRupees(pendingPaise) });
  }
  if (order.status === ORDER_STATUS.order_cancelled || order.status === ORDER_STATUS.payment_pending || order.status === ORDER_STATUS.payment_expired)
    return result;
  const due = balanceDue(order, money);
  const label = order.paymentState === PAYMENT_STATE.balance_on_delivery && due.kind !== "none" ? m.detail.toCollect : m.ledger.due;
  const value =
    due.kind === "none" ? formatRupees(0) : due.kind === "due" ? formatRupees(due.paise) : format(m.detail.dueAbout, { amount: formatRupees(due.paise) });
  result.push({ label, value, strong: true });
  return result;
}
