import { mediaUrl } from "~/components/picture";
import type { Deps } from "~/deps";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { paiseToRupees } from "~/lib/money";
import { findProduct, listProducts, type ProductCardData } from "./catalog.server";

/**
 * The product shape API clients read: `price` in rupees as a number (25000), the image as a URL, `stock` what
 * is left for the first date that can still be booked.
 */
export function productJson(p: ProductCardData) {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    price: paiseToRupees(p.pricePaise),
    unit: p.unit,
    minQuantity: p.minQty,
    maxQuantity: p.maxQty,
    image: mediaUrl(p.image, 960, "webp"),
    stock: p.days[0]?.left ?? 0,
    category: p.category,
  };
}

/** Every product on sale in the spec's shape, in the catalogue's order. */
export async function listProductJson(deps: Pick<Deps, "db" | "now" | "config">) {
  return (await listProducts(deps)).map(productJson);
}

/** One product in the spec's shape; an id that is not a number is refused, an unknown or hidden one NotFound. */
export async function productJsonById(deps: Pick<Deps, "db" | "now" | "config">, id: string) {
  if (!/^\d{1,9}$/.test(id)) throw new InvalidInputError("Invalid product id");
  const product = await findProduct(deps, { id: Number(id) });
  if (!product) throw new NotFoundError("Product not found");
  return productJson(product);
}
