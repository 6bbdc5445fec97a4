import type { LedgerKind, LedgerReason, LedgerState } from "~/db/schema";
import { awaitsPayment, ORDER_STATUS, type OrderStatus } from "~/orders/status";

/**
 * What an order's money adds up to, derived from its ledger rows (never from counters). Pure, so the rules
 * and the randomized test share one definition.
 * - captured: every capture the gateway took for the order (wanted or not);
 * - cash: collected on delivery;
 * - refunded: refunds the gateway confirmed; refundPending: refunds asked or to be retried (they already count
 *   against what the order keeps, so nothing is ever refunded twice);
 * - kept: what the store keeps = captured + cash − every refund;
 * - paidTowardPrice: what the customer has paid toward the order's price = captured + cash − every refund but
 *   a claim's. A claim's refund makes good a problem with a delivered order: it is money given back, never a
 *   part of the price the customer still has to pay.
 */
export type LedgerEntry = { kind: LedgerKind; reason: LedgerReason; state: LedgerState; amountPaise: number };

export type MoneySummary = {
  capturedPaise: number;
  cashPaise: number;
  refundedPaise: number;
  refundPendingPaise: number;
  keptPaise: number;
  paidTowardPricePaise: number;
  advancePaidPaise: number;
  balancePaidPaise: number;
};

export function summarizeLedger(rows: readonly LedgerEntry[]): MoneySummary {
  const sum = (pick: (r: LedgerEntry) => boolean) => rows.filter(pick).reduce((total, r) => total + r.amountPaise, 0);
  const capturedPaise = sum((r) => r.kind === "capture");
  const cashPaise = sum((r) => r.kind === "cash");
  const refundedPaise = sum((r) => r.kind === "refund" && r.state === "done");
  const refundPendingPaise = sum((r) => r.kind === "refund" && r.state !== "done");
  return {
    capturedPaise,
    cashPaise,
    refundedPaise,
    refundPendingPaise,
    keptPaise: capturedPaise + cashPaise - refundedPaise - refundPendingPaise,
    paidTowardPricePaise: capturedPaise + cashPaise - sum((r) => r.kind === "refund" && r.reason !== "claim"),
    advancePaidPaise: sum((r) => r.kind === "capture" && r.reason === "advance"),
    balancePaidPaise: sum((r) => (r.kind === "capture" || r.kind === "cash") && r.reason === "balance"),
  };
}

/** An order's refunds by why they were made (cancellation, claim, difference, ...): what is done and what is on its way. */
export function refundsByReason(rows: readonly LedgerEntry[]): { reason: LedgerReason; donePaise: number; pendingPaise: number }[] {
  const byReason = new Map<LedgerReason, { reason: LedgerReason; donePaise: number; pendingPaise: number }>();
  for (const r of rows) {
    if (r.kind !== "refund") continue;
    const entry = byReason.get(r.reason) ?? { reason: r.reason, donePaise: 0, pendingPaise: 0 };
    if (r.state === "done") entry.donePaise += r.amountPaise;
    else entry.pendingPaise += r.amountPaise;
    byReason.set(r.reason, entry);
  }
  return [...byReason.values()];
}

/**
 * What the customer still owes, the one figure every page shows as 'Balance due' or 'to collect':
 * - none for an order that is cancelled, delivered (a delivered order owes nothing: its balance was paid or
 *   collected at the door) or still waiting for its advance (that is the advance, not a balance);
 * - once weighed, the final price less what was paid toward it (`due`);
 * - before weighing, about the estimated total less what was paid toward it (`estimate`).
 * A claim's refund never makes an order owe again (see paidTowardPrice).
 */
export type BalanceDue = { kind: "none" } | { kind: "due"; paise: number } | { kind: "estimate"; paise: number };

export function balanceDue(order: { status: OrderStatus; finalTotalPaise: number | null; estimatedTotalPaise: number }, money: MoneySummary): BalanceDue {
  if (order.status === ORDER_STATUS.order_cancelled || order.status === ORDER_STATUS.order_delivered || awaitsPayment(order.status)) return { kind: "none" };
  const owed = (order.finalTotalPaise ?? order.estimatedTotalPaise) - money.paidTowardPricePaise;
  if (owed <= 0) return { kind: "none" };
  return order.finalTotalPaise === null ? { kind: "estimate", paise: owed } : { kind: "due", paise: owed };
}

/** The paise of a balance that is known (weighed), else 0: what a payment link or the cash at the door is for. */
export function knownDuePaise(due: BalanceDue): number {
  return due.kind === "due" ? due.paise : 0;
}

/** A balance link the customer can still pay: sent, and not paid, cancelled or past its expiry. */
export function isLiveLink(link: { kind: string; status: string; expiresAt: number | null }, now: number): boolean {
  return link.kind === "balance" && link.status === "created" && (link.expiresAt === null || link.expiresAt > now);
}
