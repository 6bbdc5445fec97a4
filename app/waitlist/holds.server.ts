import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { abortUnless, previousChanged } from "~/db/guards.server";
import { orders, waitlistEntries } from "~/db/schema";

/**
 * A waitlist hold as the checkout uses it. The checkout that turns a hold into an order ends the hold in the
 * same batch that writes the order, before the order's own stock check: the held units are then free for that
 * order alone, and a hold can end only once, so a hold used twice at once makes one order.
 */
export type LiveHold = { id: number; productId: number; quantity: number };

/** The reason the checkout's batch aborts itself when a hold it meant to use had already ended. */
export const HOLD_GONE = "the waitlist hold had ended";

/** A shopper's holds still running at `now` for these products on this delivery date. */
export async function liveHolds(deps: { db: Db }, userId: number, productIds: number[], date: string, now: number): Promise<LiveHold[]> {
  if (productIds.length === 0) return [];
  return deps.db
    .select({ id: waitlistEntries.id, productId: waitlistEntries.productId, quantity: waitlistEntries.quantity })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        eq(waitlistEntries.state, "held"),
        eq(waitlistEntries.holdDate, date),
        gt(waitlistEntries.holdUntil, now),
        inArray(waitlistEntries.productId, productIds),
      ),
    );
}

/** Each hold ends as used, still running at `now`, or the batch aborts with HOLD_GONE (nothing of it written). */
export function endHoldStatements(db: Db, holds: LiveHold[], now: number) {
  return holds.flatMap((h) => [
    db
      .update(waitlistEntries)
      .set({ state: "used", stockHeld: false, updatedAt: now })
      .where(and(eq(waitlistEntries.id, h.id), eq(waitlistEntries.state, "held"), gt(waitlistEntries.holdUntil, now))),
    abortUnless(db, previousChanged(), HOLD_GONE),
  ]);
}

/** After the order's INSERT in the same batch: the used holds name the order they became. */
export function holdOrderStatement(db: Db, holds: LiveHold[], orderNumber: string) {
  if (holds.length === 0) return null;
  return db
    .update(waitlistEntries)
    .set({ orderId: sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.number} = ${orderNumber})` })
    .where(
      inArray(
        waitlistEntries.id,
        holds.map((h) => h.id),
      ),
    );
}
