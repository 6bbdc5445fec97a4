import type { AppLoadContext } from "@remix-run/cloudflare";
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { GoogleStrategy } from "remix-auth-google";
import { UnauthorizedError } from "~/lib/errors";
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
