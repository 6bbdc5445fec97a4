import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleProductsApi } from "~/catalog/api.server";

/** GET /api/products and /api/products/{id} (spec section 7). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleProductsApi(request, context, params["*"] ?? "");
