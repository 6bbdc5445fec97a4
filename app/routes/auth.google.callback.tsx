import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { authMessages, signedInRedirect } from "~/web/auth-pages.server";
import { redirectWithFlash } from "~/web/flash.server";
import { googleAuthenticator, readReturnPath } from "~/web/google-oauth.server";

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const m = authMessages(deps);
  const authenticator = googleAuthenticator(deps);
  if (!authenticator) return redirectWithFlash(deps, "/login", { type: "error", text: m.googleUnavailable });
  try {
    const session = await authenticator.authenticate("google", request, { throwOnError: true });
    return signedInRedirect(request, deps, session, await readReturnPath(request, deps), m.loginSuccess);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("google sign-in failed", error);
    return redirectWithFlash(deps, "/login", { type: "error", text: m.googleFailed });
  }
}
