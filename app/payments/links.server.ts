import { and, eq } from "drizzle-orm";
import type { Deps } from "~/deps";
import { payments, type Payment } from "~/db/schema";
import { settleGatewayPayments } from "./settle.server";

/** The order's live balance links become `cancelled` if the order is now in the state `orderCondition` says. */
export function cancelLinksStatement(deps: Pick<Deps, "db">, orderId: number, now: number, orderCondition: string) {
  return deps.db.$client
    .prepare(
      `UPDATE payments SET status = 'cancelled', updated_at = ?1 WHERE order_id = ?2 AND kind = 'balance' AND status = 'created'
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND ${orderCondition})`,
    )
    .bind(now, orderId);
}

/**
 * Closes an order's balance links at the gateway once the store has cancelled them (order cancelled, cash on
 * delivery). A link the customer paid first is settled, which refunds it, since nothing is owed through it.
 */
export async function closeCancelledLinks(deps: Deps, orderId: number, now = deps.now()) {
  const links = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "balance"), eq(payments.status, "cancelled"), eq(payments.gatewayClosed, false)));
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
