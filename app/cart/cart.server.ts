import { and, asc, eq, sql } from "drizzle-orm";
import { cartItems, products } from "~/db/schema";
import type { Deps } from "~/deps";
import { MAX_LINE_QUANTITY } from "~/orders/rules";

/** Adds one more of a product (a new line, or quantity + 1). Refuses unknown and sold-out products. */
export async function addToCart(deps: Pick<Deps, "db">, userId: number, productId: number): Promise<{ name: string } | null> {
  const [product] = await deps.db.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product || product.stock <= 0) return null;
  await deps.db
    .insert(cartItems)
    .values({ userId, productId, quantity: 1 })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      // Never above the stock (the cart's rule): a further add at the stock leaves the line as it is.
      set: {
        quantity: sql`min(${cartItems.quantity} + 1, ${MAX_LINE_QUANTITY}, (select ${products.stock} from ${products} where ${products.id} = ${productId}))`,
      },
    });
  return { name: product.name };
}

export type CartLine = { productId: number; name: string; image: string; pricePaise: number; stock: number; quantity: number };

/** The cart's lines with today's catalogue prices and stock, oldest line first. */
export async function getCart(deps: Pick<Deps, "db">, userId: number): Promise<CartLine[]> {
  return deps.db
    .select({
      productId: cartItems.productId,
      name: products.name,
      image: products.image,
      pricePaise: products.pricePaise,
      stock: products.stock,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}

export type QuantityResult =
  { kind: "updated"; quantity: number } | { kind: "removed" } | { kind: "capped"; quantity: number; stock: number } | { kind: "missing" };

/**
 * Sets a line's quantity (0 or less removes the line), never above the product's stock: one conditional
 * statement, so a concurrent stock change cannot slip a quantity past it.
 */
export async function setCartQuantity(deps: Pick<Deps, "db">, userId: number, productId: number, quantity: number): Promise<QuantityResult> {
  const where = and(eq(cartItems.userId, userId), eq(cartItems.productId, productId));
  if (quantity <= 0) {
    const removed = await deps.db.delete(cartItems).where(where).returning({ productId: cartItems.productId });
    return removed.length ? { kind: "removed" } : { kind: "missing" };
  }
  // An order takes at most MAX_LINE_QUANTITY kg of one fish, so the cart never offers more.
  const stock = sql`min(${MAX_LINE_QUANTITY}, (select ${products.stock} from ${products} where ${products.id} = ${productId}))`;
  const updated = await deps.db
    .update(cartItems)
    .set({ quantity: sql`min(${quantity}, ${stock})` })
    .where(and(where, sql`${stock} >= 1`))
    .returning({ quantity: cartItems.quantity });
  if (!updated.length) {
    const [line] = await deps.db.select({ q: cartItems.quantity }).from(cartItems).where(where).limit(1);
    return line ? { kind: "capped", quantity: line.q, stock: 0 } : { kind: "missing" };
  }
  const q = updated[0].quantity;
  return q < quantity ? { kind: "capped", quantity: q, stock: q } : { kind: "updated", quantity: q };
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
