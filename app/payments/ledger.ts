import type { LedgerKind, LedgerReason, LedgerState } from "~/db/schema";
import type { OrderStatus } from "~/orders/status";

/**
 * What an order's money adds up to, derived from its ledger rows (never from counters). Pure, so the rules
 * and the randomized test share one definition.
 * - captured: every capture the gateway took for the order (wanted or not);
 * - cash: collected on delivery;
 * - refunded: refunds the gateway confirmed; refundPending: refunds asked or to be retried (they already count
 *   against what the order keeps, so nothing is ever refunded twice);
 * - kept: what the store keeps = captured + cash − every refund.
 */
export type LedgerEntry = { kind: LedgerKind; reason: LedgerReason; state: LedgerState; amountPaise: number };

export type MoneySummary = {
  capturedPaise: number;
  cashPaise: number;
  refundedPaise: number;
  refundPendingPaise: number;
  keptPaise: number;
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
    advancePaidPaise: sum((r) => r.kind === "capture" && r.reason === "advance"),
    balancePaidPaise: sum((r) => (r.kind === "capture" || r.kind === "cash") && r.reason === "balance"),
  };
}

/** What the customer still owes: the final price (or, before weighing, nothing beyond the advance) − what is kept. */
export function balanceDuePaise(order: { finalTotalPaise: number | null; status: OrderStatus }, money: MoneySummary): number {
  if (order.status === "order_cancelled" || order.finalTotalPaise === null) return 0;
  return Math.max(0, order.finalTotalPaise - money.keptPaise);
}

/** A balance link the customer can still pay: sent, and not paid, cancelled or past its expiry. */
export function isLiveLink(link: { kind: string; status: string; expiresAt: number | null }, now: number): boolean {
  return link.kind === "balance" && link.status === "created" && (link.expiresAt === null || link.expiresAt > now);
}
