import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cartItems, products } from "~/db/schema";

/** Number of items (sum of quantities) in a user's cart. */
export async function cartCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.n ?? 0;
}

/** Adds one more of a product (a new line, or quantity + 1). Refuses unknown and sold-out products. */
export async function addToCart(db: Db, userId: number, productId: number): Promise<{ name: string } | null> {
  const [product] = await db
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.stock <= 0) return null;
  await db
    .insert(cartItems)
    .values({ userId, productId, quantity: 1 })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity: sql`${cartItems.quantity} + 1` } });
  return { name: product.name };
}
