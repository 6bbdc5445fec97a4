import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleProductsApi } from "~/catalog/api.server";

/** GET /api/products and /api/products/{id}: the catalogue for API clients. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleProductsApi(request, context, params["*"] ?? "");
