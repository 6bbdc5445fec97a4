import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleOrdersApi } from "~/orders/api.server";
import { MAX_JSON_BYTES, withLimitedBody } from "~/web/body-limit.server";

/** The orders JSON API; endpoints are listed in app/orders/api.server.ts (ORDERS_API). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleOrdersApi(request, context, params["*"] ?? "");
// The body is read once within the JSON cap before the handler sees it: a larger one is answered 413.
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  withLimitedBody(request, MAX_JSON_BYTES, (limited) => handleOrdersApi(limited, context, params["*"] ?? ""));
