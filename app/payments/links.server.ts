import { eq, isNotNull, or } from "drizzle-orm";
import { payments } from "~/db/schema";
import type { Deps } from "~/deps";

/**
 * Which of an order's attempts are payment links: every balance attempt, and an advance paid through a link
 * (the JavaScript-free checkout's), which keeps the link's address. A Checkout attempt (a gateway order) has none.
 */
export const isLinkAttempt = or(eq(payments.kind, "balance"), isNotNull(payments.linkUrl));

const KIND_SQL = { balance: "kind = 'balance'", advance: "kind = 'advance' AND link_url IS NOT NULL" } as const;

/**
 * The order's live links of one kind become `cancelled` if the order is now in the state `orderCondition` says
 * (a statement for the batch that moves the order). The gateway is told afterwards (`closeCancelledLinks`).
 */
export function cancelLinksStatement(deps: Pick<Deps, "db">, orderId: number, now: number, orderCondition: string, kind: keyof typeof KIND_SQL = "balance") {
  return deps.db.$client
    .prepare(
      `UPDATE payments SET status = 'cancelled', updated_at = ?1 WHERE order_id = ?2 AND ${KIND_SQL[kind]} AND status = 'created'
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND ${orderCondition})`,
    )
    .bind(now, orderId);
}
