import { and, eq, sql } from "drizzle-orm";
import { findProduct } from "~/catalog/catalog.server";
import { limitProblem } from "~/catalog/units";
import { cartItems, products } from "~/db/schema";
import type { Deps } from "~/deps";
import { messagesFor } from "~/i18n/texts";
import { inPageLang, selectCartLines, type CartLine } from "./cart-lines.server";
import { bestDays, catchText, lineLimit } from "./limits.server";

/** An add that went in (`notice` when the line could not grow: at the maximum per order or all the catch left), or null. */
export type AddResult = { name: string; notice: string | null } | null;

/**
 * Adds a product: a new line at the product's minimum (or at `quantity`, the product page's choice), or one more
 * unit (or `quantity` more), never above its maximum per order nor above what the checkout's best date has left
 * (a line already above it comes down to it). Refuses unknown, hidden and sold-out products (nothing left for
 * any date the checkout offers).
 */
export async function addToCart(deps: Pick<Deps, "db" | "now" | "config" | "lang">, userId: number, productId: number, quantity?: number): Promise<AddResult> {
  const product = await findProduct(deps, { id: productId });
  if (!product || !product.orderable) return null;
  const best = (await bestDays(deps, [productId], deps.now(), userId)).get(productId);
  const limit = lineLimit(product, best);
  if (limit < product.minQty) return null;
  const more = quantity ?? 1;
  const first = Math.min(Math.max(product.minQty, quantity ?? product.minQty), limit);
  const where = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));
  const [before] = await deps.db.select({ quantity: cartItems.quantity }).from(cartItems).where(where);
  await deps.db
    .insert(cartItems)
    .values({ userId, productId, quantity: first })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      // The product's limits as they are now, read in the statement, and the catch's as read just before.
      set: { quantity: sql`max(${minOf(productId)}, min(${cartItems.quantity} + ${more}, ${maxOf(productId)}, ${limit}))` },
    });
  const wanted = before ? before.quantity + more : Math.max(product.minQty, quantity ?? product.minQty);
  if (wanted <= limit) return { name: product.name, notice: null };
  const notice = limit < product.maxQty ? catchText(deps, product, best, deps.now()) : limitProblem(product, wanted, messagesFor(deps).shop.cart, deps.lang);
  return { name: product.name, notice };
}

const minOf = (productId: number) => sql`(select ${products.minQty} from ${products} where ${products.id} = ${productId})`;
const maxOf = (productId: number) => sql`(select ${products.maxQty} from ${products} where ${products.id} = ${productId})`;

/** The cart's lines with today's catalogue prices and limits, each product named in the page's language. */
export async function getCart(deps: Pick<Deps, "db" | "lang">, userId: number): Promise<CartLine[]> {
  return inPageLang(await selectCartLines(deps.db, userId), deps.lang);
}

/** A cart line as the cart page shows it: the most it may hold now (below its minimum: sold out) and why, when the catch is what stops it. */
export type CartLineView = CartLine & { limit: number; note: string | null };

export async function getCartView(deps: Pick<Deps, "db" | "config" | "now" | "lang">, userId: number): Promise<CartLineView[]> {
  const lines = await getCart(deps, userId);
  const now = deps.now();
  const best = await bestDays(
    deps,
    lines.map((l) => l.productId),
    now,
    userId,
  );
  return lines.map((line) => {
    const day = best.get(line.productId);
    const limit = lineLimit(line, day);
    const caughtShort = limit < line.minQty || (line.quantity >= limit && limit < line.maxQty);
    return { ...line, limit, note: caughtShort ? catchText(deps, line, day, now) : null };
  });
}

export type QuantityResult =
  | { kind: "updated"; quantity: number }
  | { kind: "removed" }
  | { kind: "capped"; quantity: number; limit: "min" | "max" | "catch" }
  | { kind: "sold_out" }
  | { kind: "missing" };

/**
 * Sets a line's quantity (0 or less removes the line), kept within the product's minimum and maximum as they
 * are when the statement runs and within what the checkout's best date has left. When no date has the minimum
 * left, the line may only come down (or go): the checkout will name it.
 */
export async function setCartQuantity(deps: Pick<Deps, "db" | "now">, userId: number, productId: number, quantity: number): Promise<QuantityResult> {
  const where = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));
  if (quantity <= 0) {
    const removed = await deps.db.delete(cartItems).where(where).returning({ productId: cartItems.productId });
    return removed.length ? { kind: "removed" } : { kind: "missing" };
  }
  const [product] = await deps.db.select({ minQty: products.minQty, maxQty: products.maxQty }).from(products).where(eq(products.id, productId));
  const left = (await bestDays(deps, [productId], deps.now(), userId)).get(productId)?.left ?? 0;
  if (!product || left < product.minQty) {
    const lowered = await deps.db
      .update(cartItems)
      .set({ quantity: sql`max(${minOf(productId)}, ${quantity})` })
      .where(and(where, sql`${cartItems.quantity} > ${quantity}`))
      .returning({ quantity: cartItems.quantity });
    if (lowered.length) return { kind: "updated", quantity: lowered[0].quantity };
    return (await deps.db.select().from(cartItems).where(where)).length ? { kind: "sold_out" } : { kind: "missing" };
  }
  const updated = await deps.db
    .update(cartItems)
    .set({ quantity: sql`max(${minOf(productId)}, min(${quantity}, ${maxOf(productId)}, ${left}))` })
    .where(where)
    .returning({ quantity: cartItems.quantity });
  if (!updated.length) return { kind: "missing" };
  const q = updated[0].quantity;
  if (q > quantity) return { kind: "capped", quantity: q, limit: "min" };
  if (q < quantity) return { kind: "capped", quantity: q, limit: q === left && left < product.maxQty ? "catch" : "max" };
  return { kind: "updated", quantity: q };
}

export async function clearCart(deps: Pick<Deps, "db">, userId: number): Promise<void> {
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** The floating summary's data: count, first two lines, how many more, the total. Null when closed or empty. */
export async function cartPreview(deps: Pick<Deps, "db" | "lang">, userId: number, read?: CartLine[]) {
  const lines = read ?? (await getCart(deps, userId));
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  return {
    items,
    lines: lines.slice(0, 2).map((l) => ({ name: l.name, quantity: l.quantity, unit: l.unit })),
    more: Math.max(0, lines.length - 2),
    totalPaise: lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0),
  };
}

/**
 * A waitlist hold's line: the held quantity, whatever the catch has left for others (the hold keeps it for this
 * shopper, and the checkout counts it as theirs). The checkout still checks it in the batch that writes the order.
 */
export async function putHeldLine(deps: Pick<Deps, "db">, userId: number, productId: number, quantity: number): Promise<void> {
  await deps.db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity } });
}
