// Relative imports: the load context (and so this module) is also loaded by vite.config.ts, without the `~` alias.
import { asc, eq, type SQL } from "drizzle-orm";
import type { ProductUnit } from "../catalog/units";
import type { Db } from "../db/client.server";
import { cartItems, productLineColumns, products } from "../db/schema";
import { inLang, type Lang } from "../i18n/lang";

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

/**
 * The query of a user's cart lines with today's catalogue prices and limits, oldest line first (hidden products
 * stay, for the checkout to name). `userId` may be SQL (the session's user, read in the same statement).
 */
export function selectCartLines(db: Db, userId: number | SQL) {
  return db
    .select({
      productId: cartItems.productId,
      ...productLineColumns,
      quantity: cartItems.quantity,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.productId));
}

/** The lines `selectCartLines` read, each product named in the page's language. */
export function inPageLang(rows: (CartLine & { nameTe: string | null })[], lang: Lang): CartLine[] {
  return rows.map(({ nameTe, ...line }) => ({ ...line, name: inLang(line.name, nameTe, lang) }));
}
