import { LEFT_SQL } from "~/catalog/availability.server";
import { dayName } from "~/catalog/stock-text";
import { quantityText, type ProductUnit } from "~/catalog/units";
import type { Deps } from "~/deps";
import { orderDates, upcomingDates } from "~/delivery/slots";
import { messagesFor } from "~/i18n/texts";
import { format } from "~/i18n/format";

/**
 * How much of a product a cart may hold: never more than one delivery date the checkout offers can supply.
 * The checkout chooses one date for the whole cart and refuses what its catch does not cover; the cart says so
 * earlier, line by line, against the best date (the most left, the earliest of equals). Read before the cart's
 * write, so a checkout in between can still take the last kilo: the checkout's check is the one that holds.
 */
export type BestDay = { date: string; left: number };

/**
 * product id → its best date among the checkout's (products hidden, unknown or without any catch there are
 * absent). What the shopper's own waitlist hold keeps is theirs: it counts as left for them.
 */
export async function bestDays(deps: Pick<Deps, "db">, productIds: number[], now: number, userId: number): Promise<Map<number, BestDay>> {
  const dates = orderDates(now);
  const out = new Map<number, BestDay>();
  if (dates.length === 0 || productIds.length === 0) return out;
  const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");
  const { results } = await deps.db.$client
    .prepare(
      `SELECT c.product_id AS productId, c.delivery_date AS date, ${LEFT_SQL} + coalesce((SELECT sum(w.quantity) FROM waitlist_entries w
         WHERE w.user_id = ? AND w.hold_date = c.delivery_date AND w.stock_held = 1 AND w.product_id = c.product_id), 0) AS left
       FROM catch_days c JOIN products p ON p.id = c.product_id AND p.hidden = 0
       WHERE c.delivery_date IN (${marks(dates.length)}) AND c.product_id IN (${marks(productIds.length)}) ORDER BY c.delivery_date`,
    )
    .bind(userId, ...dates, ...productIds)
    .all<{ productId: number; date: string; left: number }>();
  for (const r of results) {
    const best = out.get(r.productId);
    if (!best || r.left > best.left) out.set(r.productId, { date: r.date, left: Math.max(0, r.left) });
  }
  return out;
}

type Product = { name: string; unit: ProductUnit; minQty: number; maxQty: number };

/** The most a line may hold now: the product's maximum per order or its best date's catch, whichever is less (below the minimum: sold out). */
export function lineLimit(product: Pick<Product, "maxQty">, best: BestDay | undefined): number {
  return Math.min(product.maxQty, best?.left ?? 0);
}

/** What the shopper is told when the catch stops a line (`product.name` in the page's language): how much is left for which date, or that it is sold out. */
export function catchText(deps: Pick<Deps, "config" | "lang">, product: Product, best: BestDay | undefined, now: number): string {
  const cart = messagesFor(deps).shop.cart;
  if (!best || best.left < product.minQty) return format(cart.soldOut, { name: product.name });
  const texts = messagesFor(deps).products;
  const date = dayName(best.date, upcomingDates(now, 1)[0], texts, deps.lang);
  return format(cart.catchLeft, { qty: quantityText(best.left, product.unit, deps.lang), name: product.name, date });
}
