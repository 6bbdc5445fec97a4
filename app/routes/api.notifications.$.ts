import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleNotificationsApi } from "~/admin/api.server";
import { MAX_JSON_BYTES, withLimitedBody } from "~/web/body-limit.server";

export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleNotificationsApi(request, context, params["*"] ?? "");
// The body is read once within the JSON cap before the handler sees it: a larger one is answered 413.
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  withLimitedBody(request, MAX_JSON_BYTES, (limited) => handleNotificationsApi(limited, context, params["*"] ?? ""));
