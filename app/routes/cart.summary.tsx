import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { localePath } from "~/i18n/lang";
import { appCookies } from "~/web/cookies.server";
import { safeRedirect, sameOriginReferer } from "~/web/safe-redirect";

/** Closes the floating cart summary for this browser session (a cookie), then back to the page it was closed on. */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const cookie = await appCookies(deps.config).cartSummaryClosed.serialize("1");
  if ((await request.formData()).get("js") === "1") return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
  return redirect(localePath(deps.lang, safeRedirect(sameOriginReferer(request, "/"))), { status: 303, headers: { "Set-Cookie": cookie } });
}
