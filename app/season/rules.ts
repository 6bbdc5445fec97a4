import type { Product } from "~/db/schema";
import { istDate } from "~/delivery/slots";

/** Whether pre-booking is open for a product at `now`: the admin opened it and its last date is still to come. */
export function seasonOpen(
  product: Pick<Product, "seasonUntil" | "hidden">,
  now: number,
): product is Pick<Product, "hidden" | "seasonUntil"> & { seasonUntil: string } {
  return !product.hidden && product.seasonUntil !== null && product.seasonUntil > istDate(now);
}
