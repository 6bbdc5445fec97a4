import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { loginWithGoogle } from "~/auth/accounts.server";
import type { Deps } from "~/deps";
import type { Lang } from "~/i18n/lang";
import { UnauthorizedError } from "~/lib/errors";
import { appCookies, COOKIE_NAMES, isSecureCookieEnvironment } from "./cookies.server";
import { safeRedirect } from "./safe-redirect";

/**
 * The Google redirect flow (remix-auth-google): a plain form post starts it, so it works without JavaScript.
 * The OAuth state lives in its own short-lived signed cookie, separate from the session cookie. An account
 * Google creates gets `signUpLang`, the language of the page the sign-in started from.
 * Returns null when Google is not configured.
 */
export function googleAuthenticator(deps: Pick<Deps, "db" | "config" | "now">, options: { signUpLang?: Lang } = {}) {
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
  const authenticator = new Authenticator<{ token: string; user: { id: number; isAdmin: boolean; lang: Lang } }>(storage);
  authenticator.use(
    // The callback URL is absolute from configuration (remix-auth-oauth2 guesses http/https from the host otherwise).
    new GoogleStrategy({ clientID: google.clientId, clientSecret: google.clientSecret, callbackURL: google.callbackUrl }, async ({ profile }) => {
      const json = profile._json;
      if (!json.email_verified || !json.email) throw new UnauthorizedError("Google authentication failed");
      const { token, user } = await loginWithGoogle(deps, { sub: json.sub, email: json.email, name: json.name }, options.signUpLang);
      return { token, user: { id: user.id, isAdmin: user.isAdmin, lang: user.lang } };
    }),
  );
  return authenticator;
}

/** Where to come back to from Google: the page asked for (null: none), and the language of the page it started from. */
export type GoogleReturn = { path: string | null; lang: Lang };

/** Adds to the redirect to Google where to come back to afterwards (a same-site path only) and the page's language. */
export async function rememberReturnPath(deps: Pick<Deps, "config">, redirectToGoogle: Response, path: unknown, lang: Lang): Promise<Response> {
  const response = new Response(null, redirectToGoogle);
  const back: GoogleReturn = { path: safeRedirect(path, "") || null, lang };
  response.headers.append("Set-Cookie", await appCookies(deps.config).oauthReturn.serialize(back));
  return response;
}

/** Where the visitor started Google sign-in: the page to return to (null when none, or not a same-site path) and its language. */
export async function readReturnPath(request: Request, deps: Pick<Deps, "config">): Promise<GoogleReturn> {
  const back: unknown = await appCookies(deps.config).oauthReturn.parse(request.headers.get("Cookie"));
  const { path, lang } = (back && typeof back === "object" ? back : {}) as Record<string, unknown>;
  return { path: safeRedirect(path, "") || null, lang: lang === "te" ? "te" : "en" };
}
