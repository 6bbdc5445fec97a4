import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { signIdToken, testKeyPair } from "~/auth/google-id-token.fixtures";
import { loader as authApi } from "~/routes/api.auth.$";
import { afterResponses, loadContext } from "./load-context";

/**
 * The auth JSON API as a client calls it (each call from a new address unless one is given, so throttles
 * count only what a test means them to), and what a test reads back: the last mailed code, a user's row.
 */
let ipCounter = 0;
/** A client address no other call has used. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

export async function call(
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string; ip?: string; raw?: string; ctx?: Record<string, string>; cookie?: string } = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? freshIp() };
  if (options.cookie) headers.Cookie = options.cookie;
  if (body !== undefined || options.raw !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const request = new Request(`https://store.test/api/auth/${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const res = await authApi({ request, context: await loadContext(request, options.ctx), params: { "*": path } });
  await afterResponses();
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

export async function lastCode(email: string) {
  const row = await env.DB.prepare('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').bind(email).first<{ body: string }>();
  return /code is (\d{6})/.exec(row?.body ?? "")?.[1] ?? null;
}

export const signup = (email: string, extra: Record<string, unknown> = {}) =>
  call("POST", "register", { name: "Asha Rani", email, password: "godavari-2026", phone: "9876543210", ...extra });

export async function verifiedUser(email: string) {
  const { body } = await signup(email);
  const res = await call("POST", "verify-otp", { email, otp: await lastCode(email) }, { token: body.tempToken });
  expect(res.status).toBe(200);
  return res.body.tokens.jwtToken as string;
}

export const userRow = (email: string) =>
  env.DB.prepare("SELECT id, name, password_hash, email_verified_at, is_admin FROM users WHERE email = ?").bind(email).first<Record<string, any>>();
export const wrongFor = (code: string | null) => (code === "000000" ? "111111" : "000000");

/** Google sign-in configured, as a test passes it in the request's context. */
export const GOOGLE_CTX = {
  GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback",
};

// One key pair per test file: the server caches Google's keys for an hour, as Google's Cache-Control says.
const googleKeyPair = testKeyPair("test-key");

/**
 * Google's key endpoint, answered here (the tests never reach the internet), and ID tokens signed with its key:
 * a valid, verified token for the store unless `claims` say otherwise. Call `keys.mockRestore()` when done.
 */
export async function fakeGoogle() {
  const { privateKey, jwk } = await googleKeyPair;
  const keys = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ keys: [jwk] }));
  const idToken = (claims: Record<string, unknown>) =>
    signIdToken(
      privateKey,
      { iss: "https://accounts.google.com", aud: GOOGLE_CTX.GOOGLE_CLIENT_ID, email_verified: true, exp: Math.floor(Date.now() / 1000) + 600, ...claims },
      { alg: "RS256", kid: "test-key" },
    );
  return { keys, idToken };
}
