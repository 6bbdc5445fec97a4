import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleAuthApi } from "~/auth/api.server";

/** The auth JSON API of the spec (section 7): /api/auth/login, /register, /profile, /check-user/{email}, ... */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handleAuthApi(request, context, params["*"] ?? "");
export const action = ({ request, context, params }: ActionFunctionArgs) => handleAuthApi(request, context, params["*"] ?? "");
