import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleNotificationsApi } from "~/admin/api.server";

export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleNotificationsApi(request, context, params["*"] ?? "");
export const action = ({ request, context, params }: ActionFunctionArgs) => handleNotificationsApi(request, context, params["*"] ?? "");
