import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleAuthApi } from "~/auth/api.server";

/** The auth JSON API: /api/auth/login, /register, /profile, /check-user/{email}, ... (handlers in app/auth/api.server.ts). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleAuthApi(request, context, params["*"] ?? "");
export const action = ({ request, context, params }: ActionFunctionArgs) => handleAuthApi(request, context, params["*"] ?? "");
