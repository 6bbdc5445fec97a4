import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { logout } from "~/auth/accounts.server";
import { localePath } from "~/i18n/lang";
import { authMessages } from "~/web/auth-pages.server";
import { clearSessionCookie } from "~/web/credentials.server";
import { redirectWithFlash } from "~/web/flash.server";

/** Only a POST signs out; a GET (a link, a prefetch, a crawler) just goes home, in its language. */
export const loader = ({ context: { deps } }: LoaderFunctionArgs) => redirect(localePath(deps.lang, "/"));

export async function action({ context: { deps } }: ActionFunctionArgs) {
  if (deps.user && deps.sessionToken) await logout(deps, deps.sessionToken, deps.user.id);
  return redirectWithFlash(
    deps,
    "/",
    { type: "success", text: authMessages(deps).loggedOut },
    { headers: { "Set-Cookie": await clearSessionCookie(deps.config) } },
  );
}
