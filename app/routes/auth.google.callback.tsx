import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { authMessages, signedInRedirect } from "~/web/auth-pages.server";
import { redirectWithFlash } from "~/web/flash.server";
import { googleAuthenticator, readReturnPath } from "~/web/google-oauth.server";

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  // Google's callback has no language of its own: the page the sign-in started from gives it.
  const back = await readReturnPath(request, deps);
  const here = { ...deps, lang: back.lang };
  const m = authMessages(here);
  const authenticator = googleAuthenticator(deps, { signUpLang: back.lang });
  if (!authenticator) return redirectWithFlash(here, "/login", { type: "error", text: m.googleUnavailable });
  // The shopper pressed Cancel on Google's page: Google comes back with error=access_denied and no code.
  if (new URL(request.url).searchParams.get("error") === "access_denied") return redirectWithFlash(here, "/login", { type: "error", text: m.googleCancelled });
  try {
    const session = await authenticator.authenticate("google", request, { throwOnError: true });
    return signedInRedirect(request, here, session, { redirectTo: back.path }, (t) => t.loginSuccess);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("google sign-in failed", error);
    return redirectWithFlash(here, "/login", { type: "error", text: m.googleFailed });
  }
}
