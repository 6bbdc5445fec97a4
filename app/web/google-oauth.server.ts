import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { loginWithGoogle } from "~/auth/accounts.server";
import type { Deps } from "~/deps";
import { UnauthorizedError } from "~/lib/errors";
import { appCookies, COOKIE_NAMES, isSecureCookieEnvironment } from "./cookies.server";
import { safeRedirect } from "./safe-redirect";

/**
 * The Google redirect flow (remix-auth-google): a plain form post starts it, so it works without JavaScript.
 * The OAuth state lives in its own short-lived signed cookie, separate from the session cookie.
 * Returns null when Google is not configured.
 */
export function googleAuthenticator(deps: Pick<Deps, "db" | "config" | "now">) {
  const google = deps.config.google;
  if (!google) return null;
  const storage = createCookieSessionStorage({
    cookie: {
      name: COOKIE_NAMES.oauthState,
      path: "/auth",
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureCookieEnvironment(deps.config),
      secrets: [deps.config.sessionSecret],
      maxAge: 600,
    },
  });
  const authenticator = new Authenticator<{ token: string; user: { id: number; isAdmin: boolean } }>(storage);
  authenticator.use(
    // The callback URL is absolute from configuration (remix-auth-oauth2 guesses http/https from the host otherwise).
    new GoogleStrategy({ clientID: google.clientId, clientSecret: google.clientSecret, callbackURL: google.callbackUrl }, async ({ profile }) => {
      const json = profile._json;
      if (!json.email_verified || !json.email) throw new UnauthorizedError("Google authentication failed");
      const { token, user } = await loginWithGoogle(deps, { sub: json.sub, email: json.email, name: json.name });
      return { token, user: { id: user.id, isAdmin: user.isAdmin } };
    }),
  );
  return authenticator;
}

/** Adds to the redirect to Google the page to come back to afterwards (a same-site path only). */
export async function rememberReturnPath(deps: Pick<Deps, "config">, redirectToGoogle: Response, path: unknown): Promise<Response> {
  const response = new Response(null, redirectToGoogle);
  response.headers.append("Set-Cookie", await appCookies(deps.config).oauthReturn.serialize(safeRedirect(path)));
  return response;
}

/** The page the visitor started Google sign-in from ("/" when unknown or not a same-site path). */
export async function readReturnPath(request: Request, deps: Pick<Deps, "config">): Promise<string> {
  return safeRedirect(await appCookies(deps.config).oauthReturn.parse(request.headers.get("Cookie")));
}
