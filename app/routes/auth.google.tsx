import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { langOfPath } from "~/i18n/lang";
import { authMessages } from "~/web/auth-pages.server";
import { redirectWithFlash } from "~/web/flash.server";
import { googleAuthenticator, rememberReturnPath } from "~/web/google-oauth.server";

export const loader = () => redirect("/login");

/** Starts the Google redirect flow, or explains that Google sign-in is not available here. */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const authenticator = googleAuthenticator(deps);
  if (!authenticator) {
    // Back to the sign-in or sign-up page the button was on, in its language.
    const back = new URL(request.headers.get("Referer") ?? "/login", request.url);
    const ours = back.origin === new URL(request.url).origin;
    const here = { ...deps, lang: ours ? langOfPath(back.pathname) : deps.lang };
    const to = ours && /^(\/te)?\/(login|signup)$/.test(back.pathname) ? back.pathname : "/login";
    return redirectWithFlash(here, to, { type: "error", text: authMessages(here).googleUnavailable });
  }
  const form = await request.clone().formData();
  const returnTo = form.get("redirectTo");
  // The language of the page the button was pressed on: a new account gets it, and the return is in it.
  const lang = form.get("lang") === "te" ? "te" : "en";
  try {
    return await authenticator.authenticate("google", request);
  } catch (thrown) {
    // remix-auth answers with a thrown redirect to Google; it also carries where to come back to.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) throw await rememberReturnPath(deps, thrown, returnTo, lang);
    throw thrown;
  }
}
