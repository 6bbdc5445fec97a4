import { and, eq, lte } from "drizzle-orm";
import type { Deps } from "~/deps";
import { orders } from "~/db/schema";

/** A cart line as the checkout sends it: a product and whole kilos. */
export type OrderLineInput = { productId: number; quantity: number };

/**
 * One UPDATE that takes every line's quantity from stock, or none of them: it applies only if all lines
 * have enough (the count subquery is evaluated once, before any row changes). Its row count is the number
 * of lines when it applied, 0 otherwise.
 */
export function takeStockStatement(deps: Pick<Deps, "db">, lines: OrderLineInput[]): D1PreparedStatement {
  const cases = lines.map(() => "WHEN ? THEN ?").join(" ");
  const ids = lines.map(() => "?").join(", ");
  const enough = lines.map(() => "(id = ? AND stock >= ?)").join(" OR ");
  const binds = [
    ...lines.flatMap((l) => [l.productId, l.quantity]),
    ...lines.map((l) => l.productId),
    ...lines.flatMap((l) => [l.productId, l.quantity]),
    lines.length,
  ];
  return deps.db.$client
    .prepare(`UPDATE products SET stock = stock - CASE id ${cases} END WHERE id IN (${ids}) AND (SELECT count(*) FROM products WHERE ${enough}) = ?`)
    .bind(...binds);
}

/** Gives a held order's stock back; applies only if the previous statement of the batch changed exactly 1 row. */
export function returnStockStatement(deps: Pick<Deps, "db">, orderId: number): D1PreparedStatement {
  return deps.db.$client
    .prepare(
      `UPDATE products SET stock = stock + (SELECT coalesce(sum(quantity), 0) FROM order_items WHERE order_id = ?1 AND product_id = products.id)
       WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?1 AND product_id IS NOT NULL) AND changes() = 1`,
    )
    .bind(orderId);
}

/**
 * Releases reservations whose time is up, 100 a call: the order becomes `payment_expired` and a held order's stock
 * goes back, exactly once (the status change and the stock return are one batch, the return conditional on
 * the status change). Safe to run from any request or a cron trigger, concurrently. Returns how many expired.
 */
export async function releaseExpiredOrders(deps: Pick<Deps, "db">, now: number): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, stockHeld: orders.stockHeld })
    .from(orders)
    .where(and(eq(orders.status, "payment_pending"), lte(orders.reservedUntil, now)))
    .limit(100);
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
    const statements = order.stockHeld ? [expire, returnStockStatement(deps, order.id)] : [expire];
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
