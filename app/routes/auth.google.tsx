import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { googleAuthenticator } from "~/auth/google-oauth.server";
import { authMessages } from "~/auth/pages.server";
import { redirectWithFlash } from "~/web/flash.server";

export const loader = () => redirect("/login");

/** Starts the Google redirect flow, or explains that Google sign-in is not available here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const authenticator = googleAuthenticator(request, context);
  if (!authenticator) {
    const back = new URL(request.headers.get("Referer") ?? "/login", request.url);
    const to = back.origin === new URL(request.url).origin && /^\/(login|signup)$/.test(back.pathname) ? back.pathname : "/login";
    return redirectWithFlash(to, { type: "error", text: authMessages(context).googleUnavailable });
  }
  return authenticator.authenticate("google", request);
}
