import { z } from "zod";
import { emailExists, login, loginWithGoogle, logout, publicUser, register, resendCode, verifyEmail } from "~/auth/accounts.server";
import { googleKeys, verifyGoogleIdToken } from "~/auth/google-id-token.server";
import { LIMITS, throttle } from "~/auth/rate-limit.server";
import { changePassword, updateProfile } from "~/auth/profile.server";
import { resendResetCode, resetPassword, startPasswordReset } from "~/auth/password-reset.server";
import { authSchemas } from "~/auth/schemas";
import { findSessionUser, issueApiToken, issueCodeToken, readApiToken, readCodeToken } from "~/auth/session.server";
import type { User } from "~/db/schema";
import type { Deps } from "~/deps";
import { messagesFor } from "~/i18n/catalogue";
import { en } from "~/i18n/messages";
import { ForbiddenError, InvalidInputError, UnauthorizedError } from "~/lib/errors";
import { apiRoute, endpoint, reply, storeApi } from "~/web/api.server";
import { knownAccountIds, rememberSignIn } from "~/web/auth-pages.server";
import { bearerToken } from "~/web/credentials.server";

const texts = (deps: Pick<Deps, "config" | "lang">) => messagesFor(deps).auth;

/** The JSON API's paths have no Telugu twin: its bodies are refused in English. */
const schemas = authSchemas(en.auth.errors);

async function tokens(deps: Pick<Deps, "config">, userId: number, sessionToken: string) {
  return { jwtToken: await issueApiToken(deps.config, userId, sessionToken), tokenType: "Bearer", expiresIn: "24h" };
}

/**
 * A sign-in's answer. It also sets the cookie the pages set, so a client that keeps cookies is known to this
 * account afterwards: the per-account login limit and strangers' password resets never shut it out.
 */
async function signedIn(request: Request, deps: Deps, session: { user: User; token: string }, source: string) {
  const body = { success: true, user: publicUser(session.user), tokens: await tokens(deps, session.user.id, session.token), source };
  return Response.json(body, { headers: { "Cache-Control": "no-store", "Set-Cookie": await rememberSignIn(request, deps, session.user.id) } });
}

const known = async (request: Request, deps: Deps) => ({ knownAccountIds: await knownAccountIds(request, deps) });

/** Mails a sign-up's or a reset's code once more; the code's token comes as the bearer token. */
function resendEndpoint(
  path: string,
  kind: "signup" | "reset",
  resend: (deps: Deps, token: string | null, email: string, options: { knownAccountIds: number[] }) => Promise<void>,
) {
  return endpoint({
    method: "POST",
    path,
    guard: "public",
    body: schemas.resend,
    async handler({ request, deps, body }) {
      await resend(deps, await readCodeToken(deps.config, kind, bearerToken(request)), body.email, await known(request, deps));
      return { message: "OTP resent successfully!" };
    },
  });
}

/** The auth JSON API: /api/auth/login, /register, /verify-otp, /profile, /check-user/{email}, ... */
const AUTH_API = storeApi([
  endpoint({
    method: "POST",
    path: "/api/auth/login",
    guard: "public",
    body: schemas.login,
    async handler({ request, deps, body }) {
      return signedIn(request, deps, await login(deps, body.email, body.password, await known(request, deps)), "login");
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/register",
    guard: "public",
    body: schemas.signup,
    status: 201,
    async handler({ deps, body }) {
      const signup = await register(deps, body);
      // No account exists until the code is entered with this temporary token (it can do nothing else).
      const tempToken = await issueCodeToken(deps.config, "signup", signup.token);
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
    body: schemas.verify,
    async handler({ request, deps, body }) {
      const session = await verifyEmail(deps, await readCodeToken(deps.config, "signup", bearerToken(request)), body.email, body.otp);
      return signedIn(request, deps, session, "verify-otp");
    },
  }),
  resendEndpoint("/api/auth/resend-otp", "signup", resendCode),
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
    async handler({ request, deps, body }) {
      const google = deps.config.google;
      if (!google) throw new ForbiddenError("Google OAuth is not available. Please refresh the page and try again.");
      const identity = await verifyGoogleIdToken(body.idToken, google.clientId, await googleKeys());
      if (!identity) throw new UnauthorizedError("Google authentication failed");
      return signedIn(request, deps, await loginWithGoogle(deps, identity), "google");
    },
  }),
  endpoint({
    method: "GET",
    path: "/api/auth/profile",
    guard: "user",
    handler: async ({ caller }) => ({ user: publicUser(caller.user) }),
  }),
  endpoint({
    method: "PUT",
    path: "/api/auth/profile",
    guard: "user",
    body: schemas.profile,
    async handler({ deps, caller, body }) {
      await updateProfile(deps, caller.user, body);
      return { message: texts(deps).profileSaved, user: publicUser({ ...caller.user, name: body.name, phone: body.phone ?? null }) };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/change-password",
    guard: "user",
    body: schemas.changePassword,
    async handler({ deps, caller, body }) {
      await changePassword(deps, caller.user, caller.sessionToken, body);
      return { message: texts(deps).passwordChanged };
    },
  }),
  endpoint({
    method: "POST",
    path: "/api/auth/forgot-password",
    guard: "public",
    body: schemas.forgot,
    async handler({ request, deps, body }) {
      const { token } = await startPasswordReset(deps, body.email, await known(request, deps));
      // The same answer whether or not the address has an account; the code works only with this token.
      return { message: texts(deps).resetSent, tempToken: await issueCodeToken(deps.config, "reset", token) };
    },
  }),
  resendEndpoint("/api/auth/resend-reset", "reset", resendResetCode),
  endpoint({
    method: "POST",
    path: "/api/auth/reset-password",
    guard: "public",
    body: schemas.reset,
    async handler({ request, deps, body }) {
      const reset = { email: body.email, code: body.otp, password: body.password };
      const session = await resetPassword(deps, await readCodeToken(deps.config, "reset", bearerToken(request)), reset, await known(request, deps));
      return signedIn(request, deps, session, "reset-password");
    },
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
