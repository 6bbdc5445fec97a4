import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { googleAuthenticator, rememberReturnPath } from "~/auth/google-oauth.server";
import { authMessages } from "~/auth/pages.server";
import { redirectWithFlash } from "~/web/flash.server";

export const loader = () => redirect("/login");

/** Starts the Google redirect flow, or explains that Google sign-in is not available here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const authenticator = googleAuthenticator(request, context);
  if (!authenticator) {
    const back = new URL(request.headers.get("Referer") ?? "/login", request.url);
    const to = back.origin === new URL(request.url).origin && /^\/(login|signup)$/.test(back.pathname) ? back.pathname : "/login";
    return redirectWithFlash(context, to, { type: "error", text: authMessages(context).googleUnavailable });
  }
  const returnTo = (await request.clone().formData()).get("redirectTo");
  try {
    return await authenticator.authenticate("google", request);
  } catch (thrown) {
    // remix-auth answers with a thrown redirect to Google; it also carries where to come back to.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) throw await rememberReturnPath(context, thrown, returnTo);
    throw thrown;
  }
}
