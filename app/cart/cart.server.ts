import { and, asc, eq, sql } from "drizzle-orm";
import { findProduct } from "~/catalog/catalog.server";
import type { ProductUnit } from "~/catalog/units";
import { cartItems, products } from "~/db/schema";
import type { Deps } from "~/deps";

/**
 * Adds a product: a new line at the product's minimum, or one more unit, never above its maximum. Refuses
 * unknown, hidden and sold-out products (nothing left for any date the checkout offers).
 */
export async function addToCart(deps: Pick<Deps, "db" | "now">, userId: number, productId: number): Promise<{ name: string } | null> {
  const product = await findProduct(deps, { id: productId });
  if (!product || !product.orderable) return null;
  await deps.db
    .insert(cartItems)
    .values({ userId, productId, quantity: product.minQty })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      // The product's limits as they are now, read in the statement: an add at the maximum leaves the line as it is.
      set: {
        quantity: sql`max((select ${products.minQty} from ${products} where ${products.id} = ${productId}), min(${cartItems.quantity} + 1, (select ${products.maxQty} from ${products} where ${products.id} = ${productId})))`,
      },
    });
  return { name: product.name };
}

export type CartLine = {
  productId: number;
  name: string;
  image: string;
  pricePaise: number;
  unit: ProductUnit;
  minQty: number;
  maxQty: number;
  quantity: number;
};

/** The cart's lines with today's catalogue prices and limits, oldest line first (hidden products stay, for the checkout to name). */
export async function getCart(deps: Pick<Deps, "db">, userId: number): Promise<CartLine[]> {
  return deps.db
    .select({
      productId: cartItems.productId,
      name: products.name,
      image: products.image,
      pricePaise: products.pricePaise,
      unit: products.unit,
      minQty: products.minQty,
      maxQty: products.maxQty,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}

export type QuantityResult =
  { kind: "updated"; quantity: number } | { kind: "removed" } | { kind: "capped"; quantity: number; limit: "min" | "max" } | { kind: "missing" };

/**
 * Sets a line's quantity (0 or less removes the line), kept within the product's minimum and maximum as they
 * are when the statement runs. Whether the catch covers it is the checkout's to say, for the date chosen there.
 */
export async function setCartQuantity(deps: Pick<Deps, "db">, userId: number, productId: number, quantity: number): Promise<QuantityResult> {
  const where = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));
  if (quantity <= 0) {
    const removed = await deps.db.delete(cartItems).where(where).returning({ productId: cartItems.productId });
    return removed.length ? { kind: "removed" } : { kind: "missing" };
  }
  const min = sql`(select ${products.minQty} from ${products} where ${products.id} = ${productId})`;
  const max = sql`(select ${products.maxQty} from ${products} where ${products.id} = ${productId})`;
  const updated = await deps.db
    .update(cartItems)
    .set({ quantity: sql`max(${min}, min(${quantity}, ${max}))` })
    .where(where)
    .returning({ quantity: cartItems.quantity });
  if (!updated.length) return { kind: "missing" };
  const q = updated[0].quantity;
  if (q < quantity) return { kind: "capped", quantity: q, limit: "max" };
  if (q > quantity) return { kind: "capped", quantity: q, limit: "min" };
  return { kind: "updated", quantity: q };
}

export async function clearCart(deps: Pick<Deps, "db">, userId: number): Promise<void> {
  await deps.db.delete(cartItems).where(eq(cartItems.userId, userId));
}

/** The floating summary's data: count, first two lines, how many more, the total. Null when closed or empty. */
export async function cartPreview(deps: Pick<Deps, "db">, userId: number) {
  const lines = await getCart(deps, userId);
  const items = lines.reduce((n, l) => n + l.quantity, 0);
  return {
    items,
    lines: lines.slice(0, 2).map((l) => ({ name: l.name, quantity: l.quantity })),
    more: Math.max(0, lines.length - 2),
    totalPaise: lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0),
  };
}
