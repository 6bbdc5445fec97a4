import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { mediaUrl } from "~/components/picture";
import { products, type Product } from "~/db/schema";
import { InvalidInputError, NotFoundError, toJsonError } from "~/lib/errors";
import { paiseToRupees } from "~/lib/money";

/** The product shape API clients read: `price` in rupees as a number (25000), the image as a URL. */
export function productJson(p: Pick<Product, "id" | "name" | "description" | "pricePaise" | "image" | "stock" | "category">) {
  return { id: p.id, name: p.name, description: p.description, price: paiseToRupees(p.pricePaise), image: mediaUrl(p.image, 960, "webp"), stock: p.stock, category: p.category };
}

const headers = { "Cache-Control": "no-store" };

/** GET /api/products and GET /api/products/{id}. */
export async function handleProductsApi(request: Request, context: AppLoadContext, splat: string): Promise<Response> {
  try {
    if (request.method !== "GET") throw new NotFoundError("Not found");
    if (splat === "") {
      const rows = await context.db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
      return Response.json({ success: true, products: rows.map(productJson) }, { headers });
    }
    if (!/^\d{1,9}$/.test(splat)) throw new InvalidInputError("Invalid product id");
    const [row] = await context.db.select().from(products).where(eq(products.id, Number(splat))).limit(1);
    if (!row) throw new NotFoundError("Product not found");
    return Response.json({ success: true, product: productJson(row) }, { headers });
  } catch (error) {
    return toJsonError(error, "Failed to load products");
  }
}
