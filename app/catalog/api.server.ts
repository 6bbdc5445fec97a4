import { asc, eq } from "drizzle-orm";
import { mediaUrl } from "~/components/picture";
import { products, type Product } from "~/db/schema";
import type { Deps } from "~/deps";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { paiseToRupees } from "~/lib/money";

/** The product shape API clients read: `price` in rupees as a number (25000), the image as a URL. */
export function productJson(p: Pick<Product, "id" | "name" | "description" | "pricePaise" | "image" | "stock" | "category">) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: paiseToRupees(p.pricePaise),
    image: mediaUrl(p.image, 960, "webp"),
    stock: p.stock,
    category: p.category,
  };
}

/** Every product in the spec's shape, in the catalogue's order. */
export async function listProductJson(deps: Pick<Deps, "db">) {
  const rows = await deps.db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map(productJson);
}

/** One product in the spec's shape; an id that is not a number is refused, an unknown one NotFound. */
export async function productJsonById(deps: Pick<Deps, "db">, id: string) {
  if (!/^\d{1,9}$/.test(id)) throw new InvalidInputError("Invalid product id");
  const [row] = await deps.db
    .select()
    .from(products)
    .where(eq(products.id, Number(id)))
    .limit(1);
  if (!row) throw new NotFoundError("Product not found");
  return productJson(row);
}
