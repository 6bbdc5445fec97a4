import { z } from "zod";
import { emailExists, login, loginWithGoogle, logout, publicUser, register, resendCode, verifyEmail } from "~/auth/accounts.server";
import { googleKeys, verifyGoogleIdToken } from "~/auth/google-id-token.server";
import { LIMITS, throttle } from "~/auth/rate-limit.server";
import { loginSchema, resendSchema, signupSchema, verifySchema } from "~/auth/schemas";
import { findSessionUser, issueApiToken, issueSignupToken, readApiToken, readSignupToken } from "~/auth/session.server";
import type { Deps } from "~/deps";
import { ForbiddenError, InvalidInputError, UnauthorizedError } from "~/lib/errors";
import { apiRoute, endpoint, reply, storeApi } from "~/web/api.server";
import { bearerToken } from "~/web/credentials.server";

async function tokens(deps: Pick<Deps, "config">, userId: number, sessionToken: string) {
  return { jwtToken: await issueApiToken(deps.config, userId, sessionToken), tokenType: "Bearer", expiresIn: "24h" };
}

/** The auth JSON API: /api/auth/login, /register, /verify-otp, /profile, /check-user/{email}, ... */
const AUTH_API = storeApi([
  endpoint({
    method: "POST",
    path: "/api/auth/login",
    guard: "public",
    body: loginSchema,
    async handler({ deps, body }) {
      const { user, token } = await login(deps, body.email, body.password);
      return { user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "login" };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/register",
    guard: "public",
    body: signupSchema,
    status: 201,
    async handler({ deps, body }) {
      const signup = await register(deps, body);
      // No account exists until the code is entered with this temporary token (it can do nothing else).
      const tempToken = await issueSignupToken(deps.config, signup.token);
      return { user: { name: signup.name, email: signup.email }, otpRequired: true, tempToken, source: "register" };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/validate",
    guard: "public",
    body: z.object({ token: z.string().min(1, "Token is required").max(4096) }),
    async handler({ deps, body }) {
      const claims = await readApiToken(deps.config, body.token);
      const user = claims ? await findSessionUser(deps, claims.sessionToken) : null;
      if (!user) return reply(401, { success: false, valid: false, error: "Invalid or expired token" });
      return { valid: true, user: publicUser(user) };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/verify-otp",
    guard: "public",
    body: verifySchema,
    async handler({ request, deps, body }) {
      const { user, token } = await verifyEmail(deps, await readSignupToken(deps.config, bearerToken(request)), body.email, body.otp);
      return { user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "verify-otp" };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/resend-otp",
    guard: "public",
    body: resendSchema,
    async handler({ request, deps, body }) {
      await resendCode(deps, await readSignupToken(deps.config, bearerToken(request)), body.email);
      return { message: "OTP resent successfully!" };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/logout",
    guard: "user",
    async handler({ deps, caller }) {
      await logout(deps, caller.sessionToken, caller.user.id);
      return {};
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/google",
    guard: "public",
    body: z.object({ idToken: z.string().min(1, "idToken is required").max(8192) }),
    async handler({ deps, body }) {
      const google = deps.config.google;
      if (!google) throw new ForbiddenError("Google OAuth is not available. Please refresh the page and try again.");
      const identity = await verifyGoogleIdToken(body.idToken, google.clientId, await googleKeys());
      if (!identity) throw new UnauthorizedError("Google authentication failed");
      const { user, token } = await loginWithGoogle(deps, identity);
      return { user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "google" };
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/auth/profile",
    guard: "user",
    handler: async ({ caller }) => ({ user: publicUser(caller.user) }),
  }),
  endpoint({
    method: "GET",
    path: "/api/auth/check-user/*email",
    guard: "public",
    async handler({ deps, params }) {
      await throttle(deps, `check:ip:${deps.client}`, LIMITS.checkUserPerClient);
      // Remix has already decoded the path (decoding it twice threw on `%E0%A4%A`).
      const email = z.string().trim().toLowerCase().email().safeParse(params.email);
      if (!email.success) throw new InvalidInputError("Please enter a valid email address");
      return reply(200, { exists: await emailExists(deps, email.data) });
    },
  }),
]);

export const loader = apiRoute(AUTH_API, "/api/auth");
export const action = loader;
