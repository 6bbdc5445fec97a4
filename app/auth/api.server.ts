import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { ForbiddenError, InvalidInputError, NotFoundError, toJsonError, UnauthorizedError } from "~/lib/errors";
import { MAX_JSON_BYTES, readLimitedText } from "~/web/body-limit.server";
import { emailExists, login, loginWithGoogle, logout, publicUser, register, resendCode, verifyEmail } from "./accounts.server";
import { authDeps } from "./current-user.server";
import { requireApiUser } from "./guards.server";
import { googleKeys, verifyGoogleIdToken } from "./google-id-token.server";
import { LIMITS, throttle } from "./rate-limit.server";
import { loginSchema, resendSchema, signupSchema, verifySchema } from "./schemas";
import { bearerToken, findSessionUser, issueApiToken, issueSignupToken, readApiToken, readSignupToken } from "./session.server";

type Deps = ReturnType<typeof authDeps>;
type Handler = (request: Request, deps: Deps, rest: string, context: AppLoadContext) => Promise<Response>;

const ok = (body: Record<string, unknown>, status = 200) => Response.json({ success: true, ...body }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * The JSON body parsed with the endpoint's schema; unknown fields are dropped (no mass assignment). A body
 * above MAX_JSON_BYTES throws BodyTooLargeError (413) before any of it is parsed.
 */
async function readBody<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) throw new InvalidInputError("Expected a JSON body");
  const text = await readLimitedText(request, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidInputError("Malformed JSON body");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? "Invalid request");
  return parsed.data;
}

async function tokens(deps: Deps, userId: number, sessionToken: string) {
  return { jwtToken: await issueApiToken(deps.config, userId, sessionToken), tokenType: "Bearer", expiresIn: "24h" };
}

const POST: Record<string, Handler> = {
  async login(request, deps) {
    const input = await readBody(request, loginSchema);
    const { user, token } = await login(deps, input.email, input.password);
    return ok({ user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "login" });
  },
  async register(request, deps) {
    const signup = await register(deps, await readBody(request, signupSchema));
    // No account exists until the code is entered with this temporary token (it can do nothing else).
    const tempToken = await issueSignupToken(deps.config, signup.token);
    return ok({ user: { name: signup.name, email: signup.email }, otpRequired: true, tempToken, source: "register" }, 201);
  },
  async validate(request, deps) {
    const { token } = await readBody(request, z.object({ token: z.string().min(1, "Token is required").max(4096) }));
    const claims = await readApiToken(deps.config, token);
    const user = claims ? await findSessionUser(deps.db, claims.sessionToken) : null;
    if (!user) {
      return Response.json({ success: false, valid: false, error: "Invalid or expired token" }, { status: 401, headers: { "Cache-Control": "no-store" } });
    }
    return ok({ valid: true, user: publicUser(user) });
  },
  async "verify-otp"(request, deps) {
    const input = await readBody(request, verifySchema);
    const { user, token } = await verifyEmail(deps, await readSignupToken(deps.config, bearerToken(request)), input.email, input.otp);
    return ok({ user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "verify-otp" });
  },
  async "resend-otp"(request, deps) {
    const { email } = await readBody(request, resendSchema);
    await resendCode(deps, await readSignupToken(deps.config, bearerToken(request)), email);
    return ok({ message: "OTP resent successfully!" });
  },
  async logout(request, deps, _rest, context) {
    const { user, sessionToken } = await requireApiUser(request, context);
    await logout(deps, sessionToken, user.id);
    return ok({});
  },
  async google(request, deps) {
    const { idToken } = await readBody(request, z.object({ idToken: z.string().min(1, "idToken is required").max(8192) }));
    const google = deps.config.google;
    if (!google) throw new ForbiddenError("Google OAuth is not available. Please refresh the page and try again.");
    const identity = await verifyGoogleIdToken(idToken, google.clientId, await googleKeys());
    if (!identity) throw new UnauthorizedError("Google authentication failed");
    const { user, token } = await loginWithGoogle(deps, identity);
    return ok({ user: publicUser(user), tokens: await tokens(deps, user.id, token), source: "google" });
  },
};

const GET: Record<string, Handler> = {
  async profile(request, _deps, _rest, context) {
    return ok({ user: publicUser((await requireApiUser(request, context)).user) });
  },
  async "check-user"(_request, deps, rest) {
    await throttle(deps.db, `check:ip:${deps.client}`, LIMITS.checkUserPerClient);
    const email = z.string().trim().toLowerCase().email().safeParse(rest); // the router has already decoded the path (decoding twice threw on `%E0%A4%A`)
    if (!email.success) throw new InvalidInputError("Please enter a valid email address");
    return Response.json({ exists: await emailExists(deps.db, email.data) }, { headers: { "Cache-Control": "no-store" } });
  },
};

/** `/api/auth/{endpoint}[/{rest}]`: one entry point, errors mapped in one place. */
export async function handleAuthApi(request: Request, context: AppLoadContext, splat: string): Promise<Response> {
  const [endpoint, ...rest] = splat.split("/");
  const table = request.method === "GET" ? GET : request.method === "POST" ? POST : {};
  const handler = Object.hasOwn(table, endpoint) ? table[endpoint] : undefined;
  try {
    if (!handler) throw new NotFoundError("Not found");
    return await handler(request, authDeps(context), rest.join("/"), context);
  } catch (error) {
    return toJsonError(error, "Something went wrong. Please try again.");
  }
}
