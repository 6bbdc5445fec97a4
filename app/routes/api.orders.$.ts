import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleOrdersApi } from "~/orders/api.server";

/** The orders JSON API (spec section 7); endpoints are listed in app/orders/api.server.ts (ORDERS_API). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleOrdersApi(request, context, params["*"] ?? "");
export const action = ({ request, context, params }: ActionFunctionArgs) => handleOrdersApi(request, context, params["*"] ?? "");
