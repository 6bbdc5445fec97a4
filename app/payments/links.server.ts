import { and, eq, isNotNull, or } from "drizzle-orm";
import { orderIs, type OrderAt } from "~/db/guards.server";
import { ATTEMPT_STATUS, payments } from "~/db/schema";
import type { Deps } from "~/deps";

/**
 * Which of an order's attempts are payment links: every balance attempt, and an advance paid through a link
 * (the JavaScript-free checkout's), which keeps the link's address. A Checkout attempt (a gateway order) has none.
 */
export const isLinkAttempt = or(eq(payments.kind, "balance"), isNotNull(payments.linkUrl));

const LINK_KIND = { balance: eq(payments.kind, "balance"), advance: and(eq(payments.kind, "advance"), isNotNull(payments.linkUrl)) } as const;

/**
 * The order's live links of one kind become `cancelled` if the order is now where `orderNow` says (a statement
 * for the batch that moves the order). The gateway is told afterwards (`closeCancelledLinks`).
 */
export function cancelLinksStatement(deps: Pick<Deps, "db">, orderId: number, now: number, orderNow: OrderAt, kind: keyof typeof LINK_KIND = "balance") {
  return deps.db
    .update(payments)
    .set({ status: ATTEMPT_STATUS.cancelled, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), LINK_KIND[kind], eq(payments.status, ATTEMPT_STATUS.created), orderIs(orderId, orderNow)));
}
