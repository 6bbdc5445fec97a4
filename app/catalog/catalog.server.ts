import { asc } from "drizzle-orm";
import { products } from "~/db/schema";
import type { Deps } from "~/deps";

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

export async function listProducts(deps: Pick<Deps, "db">): Promise<ProductCardData[]> {
  return deps.db
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
