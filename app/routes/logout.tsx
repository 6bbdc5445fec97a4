import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { logout } from "~/auth/accounts.server";
import { authDeps } from "~/auth/current-user.server";
import { authMessages } from "~/auth/pages.server";
import { clearSessionCookie } from "~/auth/session.server";
import { redirectWithFlash } from "~/web/flash.server";

/** Only a POST signs out; a GET (a link, a prefetch, a crawler) just goes home. */
export const loader = () => redirect("/");

export async function action({ context }: ActionFunctionArgs) {
  const deps = authDeps(context);
  if (context.user && context.sessionToken) await logout(deps, context.sessionToken, context.user.id);
  return redirectWithFlash(context, "/", { type: "success", text: authMessages(context).loggedOut }, { headers: { "Set-Cookie": await clearSessionCookie(deps.config) } });
}
