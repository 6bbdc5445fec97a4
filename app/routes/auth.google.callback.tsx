import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { googleAuthenticator, readReturnPath } from "~/auth/google-oauth.server";
import { authMessages, signedInRedirect } from "~/auth/pages.server";
import { redirectWithFlash } from "~/web/flash.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const m = authMessages(context);
  const authenticator = googleAuthenticator(request, context);
  if (!authenticator) return redirectWithFlash(context, "/login", { type: "error", text: m.googleUnavailable });
  try {
    const session = await authenticator.authenticate("google", request, { throwOnError: true });
    return signedInRedirect(request, context, session, await readReturnPath(request, context), m.loginSuccess);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("google sign-in failed", error);
    return redirectWithFlash(context, "/login", { type: "error", text: m.googleFailed });
  }
}
