import { listProductJson, productJsonById } from "~/catalog/api.server";
import { apiRoute, endpoint, storeApi } from "~/web/api.server";

/** GET /api/products and /api/products/{id}: the catalogue for API clients. */
const PRODUCTS_API = storeApi(
  [
    endpoint({ method: "GET", path: "/api/products", guard: "public", handler: async ({ deps }) => ({ products: await listProductJson(deps) }) }),
    endpoint({
      method: "GET",
      path: "/api/products/:id",
      guard: "public",
      handler: async ({ deps, params }) => ({ product: await productJsonById(deps, params.id) }),
    }),
  ],
  "Failed to load products",
);

export const loader = apiRoute(PRODUCTS_API, "/api/products");
export const action = loader;
