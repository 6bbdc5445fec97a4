import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { UnauthorizedError } from "~/lib/errors";
import { readCookie } from "~/web/cookies";
import { safeRedirectPath } from "~/web/flash.server";
import { loginWithGoogle } from "./accounts.server";
import { authDeps } from "./current-user.server";

/**
 * The Google redirect flow (remix-auth-google): a plain form post starts it, so it works without JavaScript.
 * The OAuth state lives in its own short-lived signed cookie, separate from the session cookie.
 * Returns null when Google is not configured.
 */
export function googleAuthenticator(request: Request, context: AppLoadContext) {
  const deps = authDeps(request, context);
  const google = deps.config.google;
  if (!google) return null;
  const storage = createCookieSessionStorage({
    cookie: {
      name: "__oauth",
      path: "/auth",
      httpOnly: true,
      sameSite: "lax",
      secure: !deps.config.isDevelopment,
      secrets: [deps.config.sessionSecret],
      maxAge: 600,
    },
  });
  const authenticator = new Authenticator<{ token: string }>(storage);
  authenticator.use(
    // The callback URL is absolute from configuration (remix-auth-oauth2 guesses http/https from the host otherwise).
    new GoogleStrategy({ clientID: google.clientId, clientSecret: google.clientSecret, callbackURL: google.callbackUrl }, async ({ profile }) => {
      const json = profile._json;
      if (!json.email_verified || !json.email) throw new UnauthorizedError("Google authentication failed");
      const { token } = await loginWithGoogle(deps, { sub: json.sub, email: json.email, name: json.name });
      return { token };
    }),
  );
  return authenticator;
}

const RETURN_COOKIE = "__oauth_return";

/** Adds to the redirect to Google the page to come back to afterwards (a same-site path only). */
export function rememberReturnPath(redirectToGoogle: Response, path: unknown): Response {
  const response = new Response(null, redirectToGoogle);
  const value = encodeURIComponent(safeRedirectPath(path));
  response.headers.append("Set-Cookie", `${RETURN_COOKIE}=${value}; Path=/auth; Max-Age=600; HttpOnly; SameSite=Lax`);
  return response;
}

/** The page the visitor started Google sign-in from ("/" when unknown or not a same-site path). */
export function readReturnPath(request: Request): string {
  const raw = readCookie(request, RETURN_COOKIE);
  if (!raw) return "/";
  try {
    return safeRedirectPath(decodeURIComponent(raw));
  } catch {
    return "/";
  }
}
