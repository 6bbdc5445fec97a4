import { and, eq, lte, type SQLWrapper } from "drizzle-orm";
import { LEFT_SQL } from "~/catalog/availability.server";
import { bumpCatalogueStatement } from "~/catalog/site-version.server";
import type { Deps } from "~/deps";
import { orders } from "~/db/schema";
import type { DeliverySlot } from "~/delivery/slots";
import { cancelLinksStatement } from "~/payments/links.server";

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
) {
  const enough = lines.map(() => `(SELECT ${LEFT_SQL} FROM catch_days c WHERE c.delivery_date = ? AND c.product_id = ?) >= ?`);
  const room = `coalesce((SELECT capacity FROM delivery_slots WHERE delivery_date = ? AND slot = ?), ?)
    > (SELECT count(*) FROM orders WHERE delivery_date = ? AND delivery_slot = ? AND stock_held = 1 AND id <> ?)`;
  return {
    sql: [...enough, room].join(" AND "),
    binds: [
      ...lines.flatMap((l) => [delivery.date, l.productId, l.quantity]),
      delivery.date,
      delivery.slot,
      defaultCapacity,
      delivery.date,
      delivery.slot,
      exceptOrderId,
    ],
  };
}

/**
 * Releases reservations whose time is up, 100 a call: the order becomes `payment_expired`, stops holding its
 * catch and slot and its advance link is cancelled, exactly once (what is left is derived from `stock_held`, cleared by the guarded status change;
 * the same batch moves the public pages' version). Safe to run from any request or a cron trigger, concurrently. Returns how many expired.
 */
export async function releaseExpiredOrders(deps: Pick<Deps, "db">, now: number): Promise<number> {
  return releaseDue(deps, await dueReservations(deps, now), now);
}

/** The reservations `releaseExpiredOrders` releases (as a query that can go into a D1 batch). */
export function dueReservations(deps: Pick<Deps, "db">, now: number | SQLWrapper) {
  return deps.db
    .select({ id: orders.id, stockHeld: orders.stockHeld })
    .from(orders)
    .where(and(eq(orders.status, "payment_pending"), lte(orders.reservedUntil, now)))
    .limit(100);
}

/** Releases the reservations `dueReservations` read at `now`. */
export function releaseDue(deps: Pick<Deps, "db">, due: { id: number; stockHeld: boolean }[], now: number): Promise<number> {
  return expireOrders(deps, due, now, now);
}

async function expireOrders(deps: Pick<Deps, "db">, due: { id: number; stockHeld: boolean }[], now: number, deadline: number): Promise<number> {
  const d1 = deps.db.$client;
  let expired = 0;
  for (const order of due) {
    const expire = d1
      .prepare(
        `UPDATE orders SET status = 'payment_expired', stock_held = 0, version = version + 1, updated_at = ?
         WHERE id = ? AND status = 'payment_pending' AND reserved_until <= ? AND stock_held = ?`,
      )
      .bind(now, order.id, deadline, order.stockHeld ? 1 : 0);
    // Its advance link closes with it (the gateway is told by the scheduled job, if its own expiry has not come first).
    const closeLinks = cancelLinksStatement(deps, order.id, now, "status = 'payment_expired'", "advance");
    const statements = order.stockHeld ? [expire, closeLinks, bumpCatalogueStatement(deps)] : [expire, closeLinks];
    const results = await d1.batch(statements);
    if (results[0].meta.changes === 1) {
      expired++;
      await d1
        .prepare(
          "INSERT INTO order_events (order_id, kind, from_value, to_value, note, created_at) VALUES (?, 'status', 'payment_pending', 'payment_expired', ?, ?)",
        )
        .bind(order.id, order.stockHeld ? "Advance not paid in time; stock released" : "Advance not paid in time", now)
        .run();
    }
  }
  return expired;
}
