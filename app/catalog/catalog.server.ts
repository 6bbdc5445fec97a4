import { asc } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { products } from "~/db/schema";

/** What a product card needs; the price stays in integer paise until it is displayed. */
export type ProductCardData = {
  id: number;
  name: string;
  description: string;
  pricePaise: number;
  image: string;
  stock: number;
  category: string;
};

export async function listProducts(env: { DB: D1Database }): Promise<ProductCardData[]> {
  return getDb(env)
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      pricePaise: products.pricePaise,
      image: products.image,
      stock: products.stock,
      category: products.category,
    })
    .from(products)
    .orderBy(asc(products.sortOrder), asc(products.id));
}
