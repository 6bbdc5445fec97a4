import { and, eq, lte, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { leftCovers } from "~/catalog/availability.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import type { Deps, PrimaryDeps } from "~/deps";
import { orderAt, runBatch } from "~/db/guards.server";
import { orderEvents, orders } from "~/db/schema";
import type { DeliverySlot } from "~/delivery/slots";
import { cancelLinksStatement } from "~/payments/links.server";
import { ORDER_STATUS } from "./status";

/** A cart line as the checkout sends it: a product and whole units (kg or packs). */
export type OrderLineInput = { productId: number; quantity: number };

/**
 * The condition under which a new order for `delivery` may hold its lines: every line has that much of the
 * date's catch left, and the slot has room. It is the WHERE of the order's INSERT, so checking and holding are
 * one statement, and D1 runs one batch at a time: of concurrent checkouts for the last kilo exactly one wins.
 */
export function holdCondition(
  lines: OrderLineInput[],
  delivery: { date: string; slot: DeliverySlot },
  defaultCapacity: number,
  /** An order already holding (one booked again) that must not count against the room it asks for. */
  exceptOrderId = 0,
): SQL {
  const enough = lines.map((l) => leftCovers(l.productId, delivery.date, l.quantity));
  const room = sql`coalesce((SELECT capacity FROM delivery_slots WHERE delivery_date = ${delivery.date} AND slot = ${delivery.slot}), ${defaultCapacity})
    > (SELECT count(*) FROM orders WHERE delivery_date = ${delivery.date} AND delivery_slot = ${delivery.slot} AND stock_held = 1 AND id <> ${exceptOrderId})`;
  return sql.join([...enough, room], sql` AND `);
}

/**
 * Releases reservations whose time is up, 100 a call: the order becomes `payment_expired`, stops holding its
 * catch and slot and its advance link is cancelled, exactly once (what is left is derived from `stock_held`, cleared by the guarded status change;
 * the same batch moves the public pages' version). Safe to run from any request or a cron trigger, concurrently. Returns how many expired.
 */
export async function releaseExpiredOrders(deps: Pick<PrimaryDeps, "db">, now: number): Promise<number> {
  return releaseDue(deps, await dueReservations(deps, now), now);
}

/** The reservations `releaseExpiredOrders` releases (as a query that can go into a D1 batch). */
export function dueReservations(deps: Pick<Deps, "db">, now: number | SQLWrapper) {
  return deps.db
    .select({ id: orders.id, stockHeld: orders.stockHeld })
    .from(orders)
    .where(and(eq(orders.status, ORDER_STATUS.payment_pending), lte(orders.reservedUntil, now)))
    .limit(100);
}

/** Releases the reservations `dueReservations` read at `now`. */
export function releaseDue(deps: Pick<PrimaryDeps, "db">, due: { id: number; stockHeld: boolean }[], now: number): Promise<number> {
  return expireOrders(deps, due, now, now);
}

async function expireOrders(deps: Pick<Deps, "db">, due: { id: number; stockHeld: boolean }[], now: number, deadline: number): Promise<number> {
  let expired = 0;
  for (const order of due) {
    const batch = await runBatch(deps.db, {
      expire: deps.db
        .update(orders)
        .set({ status: ORDER_STATUS.payment_expired, stockHeld: false, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(and(orderAt(order.id, { status: ORDER_STATUS.payment_pending }), lte(orders.reservedUntil, deadline), eq(orders.stockHeld, order.stockHeld))),
      // Its advance link closes with it (the gateway is told by the scheduled job, if its own expiry has not come first).
      links: cancelLinksStatement(deps, order.id, now, { status: ORDER_STATUS.payment_expired }, "advance"),
      catalogue: order.stockHeld && bumpCatalogue(deps),
    });
    if (batch.expire.meta.changes === 1) {
      expired++;
      await deps.db.insert(orderEvents).values({
        orderId: order.id,
        kind: "status",
        fromValue: ORDER_STATUS.payment_pending,
        toValue: ORDER_STATUS.payment_expired,
        note: order.stockHeld ? "Advance not paid in time; stock released" : "Advance not paid in time",
        createdAt: now,
      });
    }
  }
  return expired;
}
