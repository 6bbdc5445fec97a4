import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { signIdToken, testKeyPair } from "./google-id-token.fixtures";
import { loadContext } from "../../tests/setup/load-context";
import { handleAuthApi } from "./api.server";

let ipCounter = 0;

async function call(method: string, path: string, body?: unknown, options: { token?: string; ip?: string; raw?: string; ctx?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? `10.0.0.${++ipCounter}` };
  if (body !== undefined || options.raw !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const request = new Request(`https://store.test/api/auth/${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const res = await handleAuthApi(request, await loadContext(request, options.ctx), path);
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

async function lastCode(email: string) {
  const row = await env.DB.prepare("SELECT body FROM mail_outbox WHERE \"to\" = ? ORDER BY id DESC LIMIT 1").bind(email).first<{ body: string }>();
  return /code is (\d{6})/.exec(row?.body ?? "")?.[1] ?? null;
}

const signup = (email: string, extra: Record<string, unknown> = {}) =>
  call("POST", "register", { name: "Asha Rani", email, password: "godavari-2026", phone: "9876543210", ...extra });

async function verifiedUser(email: string) {
  await signup(email);
  const res = await call("POST", "verify-otp", { email, otp: await lastCode(email) });
  expect(res.status).toBe(200);
  return res.body.tokens.jwtToken as string;
}

describe("register", () => {
  it("creates an unverified account, mails a code and hands out no session token", async () => {
    const res = await signup("new@example.in");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, otpRequired: true, user: { email: "new@example.in", is_admin: false } });
    expect(res.body.tokens).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const mail = await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE \"to\" = 'new@example.in'").first<{ subject: string; body: string }>();
    expect(mail?.body).toMatch(/code is \d{6}/);
    expect(mail?.body).toContain("10 minutes");
    expect(mail?.body).toMatch(/did not sign up/);
    // The temporary token is good for verification only.
    expect((await call("GET", "profile", undefined, { token: res.body.tempToken })).status).toBe(401);
  });

  it("ignores privileged and server-owned fields", async () => {
    const res = await signup("sneaky@example.in", { is_admin: true, isAdmin: true, id: 1, email_verified_at: 1, created_at: 0 });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT is_admin, email_verified_at FROM users WHERE email = 'sneaky@example.in'").first();
    expect(row).toEqual({ is_admin: 0, email_verified_at: null });
  });

  it("lets nobody replace the password of an account whose code is live; once the code is dead, a new sign-up may", async () => {
    await signup("waiting@example.in");
    const second = await call("POST", "register", { name: "Someone Else", email: "waiting@example.in", password: "attacker-password" });
    expect(second).toMatchObject({ status: 409, body: { success: false } });
    expect(second.body.error).toContain("already been sent");
    // The owner's password still stands: it leads to verification, the other one is refused.
    expect((await call("POST", "login", { email: "waiting@example.in", password: "attacker-password" })).status).toBe(401);
    expect((await call("POST", "login", { email: "waiting@example.in", password: "godavari-2026" })).body.otpRequired).toBe(true);

    await env.DB.prepare("UPDATE otp_codes SET expires_at = 0, sent_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = 'waiting@example.in')").run();
    const again = await call("POST", "register", { name: "Asha Rani", email: "waiting@example.in", password: "a-new-password-2026" });
    expect(again.status).toBe(201);
    expect((await call("POST", "login", { email: "waiting@example.in", password: "a-new-password-2026" })).body.otpRequired).toBe(true);
  });

  it("answers 409 for an e-mail that is already registered", async () => {
    await verifiedUser("taken@example.in");
    const res = await signup("TAKEN@example.in");
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
  });

  it("answers 400 for malformed or invalid input, never 500", async () => {
    expect((await call("POST", "register", undefined, { raw: "{not json" })).status).toBe(400);
    expect((await call("POST", "register", undefined, { raw: "[]" })).status).toBe(400);
    expect((await call("POST", "register", { email: "x@example.in" })).status).toBe(400);
    expect((await signup("short@example.in", { password: "1234567" })).body.error).toBe("Password must be at least 8 characters");
    expect((await signup("phone@example.in", { phone: "12345" })).body.error).toBe("Phone number must be exactly 10 digits");
    const plainRequest = new Request("https://store.test/api/auth/login", { method: "POST", body: "email=a" });
    const plain = await handleAuthApi(plainRequest, await loadContext(plainRequest), "login");
    expect(plain.status).toBe(400);
  });
});

describe("verify-otp", () => {
  it("signs the account in with a correct code, once", async () => {
    await signup("once@example.in");
    const code = await lastCode("once@example.in");
    const ok = await call("POST", "verify-otp", { email: "once@example.in", otp: code });
    expect(ok.body).toMatchObject({ success: true, tokens: { tokenType: "Bearer", expiresIn: "24h" } });
    const again = await call("POST", "verify-otp", { email: "once@example.in", otp: code });
    expect(again.status).toBe(409);
  });

  it("kills a code after 5 wrong tries", async () => {
    await signup("guess@example.in");
    const code = (await lastCode("guess@example.in"))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await call("POST", "verify-otp", { email: "guess@example.in", otp: wrong })).status).toBe(400);
    const right = await call("POST", "verify-otp", { email: "guess@example.in", otp: code });
    expect(right.status).toBe(400);
    expect(right.body.error).toMatch(/new code/);
  });

  it("refuses an expired code and a code that is not 6 digits", async () => {
    await signup("late@example.in");
    const code = await lastCode("late@example.in");
    await env.DB.prepare("UPDATE otp_codes SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = 'late@example.in')").bind(Date.now() - 1).run();
    expect((await call("POST", "verify-otp", { email: "late@example.in", otp: code })).status).toBe(400);
    expect((await call("POST", "verify-otp", { email: "late@example.in", otp: "12345" })).body.error).toBe("Please enter a valid 6-digit OTP");
  });

  it("allows a resend only once per 300 s, with Retry-After", async () => {
    await signup("resend@example.in");
    const first = await lastCode("resend@example.in");
    const early = await call("POST", "resend-otp", { email: "resend@example.in" });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(290);
    await env.DB.prepare("UPDATE otp_codes SET sent_at = sent_at - 300000 WHERE user_id = (SELECT id FROM users WHERE email = 'resend@example.in')").run();
    const later = await call("POST", "resend-otp", { email: "resend@example.in" });
    expect(later.body).toEqual({ success: true, message: "OTP resent successfully!" });
    const second = await lastCode("resend@example.in");
    const old = await call("POST", "verify-otp", { email: "resend@example.in", otp: first });
    if (first !== second) expect(old.status).toBe(400);
  });
});

describe("login, tokens and logout", () => {
  it("logs in, reads the profile with the token, and the token fails after logout", async () => {
    await verifiedUser("asha@example.in");
    const res = await call("POST", "login", { email: "Asha@Example.in", password: "godavari-2026" });
    expect(res.body).toMatchObject({ success: true, source: "login", user: { name: "Asha Rani", phone: "9876543210" } });
    const token = res.body.tokens.jwtToken;
    const profile = await call("GET", "profile", undefined, { token });
    expect(profile.body.user.email).toBe("asha@example.in");
    expect(JSON.stringify(profile.body)).not.toMatch(/password|hash/i);
    expect((await call("POST", "validate", { token })).body).toMatchObject({ success: true, valid: true });
    expect((await call("POST", "logout", undefined, { token })).status).toBe(200);
    expect((await call("GET", "profile", undefined, { token })).status).toBe(401);
    expect((await call("POST", "validate", { token })).body).toMatchObject({ success: false, valid: false });
  });

  it("refuses bad credentials and tampered tokens with 401", async () => {
    await verifiedUser("ravi@example.in");
    expect((await call("POST", "login", { email: "ravi@example.in", password: "wrong-password" })).status).toBe(401);
    expect((await call("POST", "login", { email: "nobody@example.in", password: "whatever1" })).status).toBe(401);
    expect((await call("GET", "profile")).body.error).toBe("Authentication required");
    expect((await call("GET", "profile", undefined, { token: "a.b.c" })).status).toBe(401);
  });

  it("sends an unverified account to verification instead of signing it in", async () => {
    await signup("pending@example.in");
    const res = await call("POST", "login", { email: "pending@example.in", password: "godavari-2026" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, otpRequired: true });
    expect(res.body.tokens).toBeUndefined();
  });

  it("throttles login guesses per e-mail (429 with Retry-After) across client addresses", async () => {
    await verifiedUser("target@example.in");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call("POST", "login", { email: "target@example.in", password: `guess-${i}-x` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await call("POST", "login", { email: "target@example.in", password: "godavari-2026" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("check-user and google", () => {
  it("answers only whether the e-mail exists, and is throttled", async () => {
    await verifiedUser("exists@example.in");
    const res = await call("GET", "check-user/exists%40example.in");
    expect(res.body).toEqual({ exists: true });
    expect((await call("GET", "check-user/missing@example.in")).body).toEqual({ exists: false });
    expect((await call("GET", "check-user/not-an-email")).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await call("GET", "check-user/a@example.in", undefined, { ip: "192.0.2.9" })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses Google sign-in without configuration and bad ID tokens", async () => {
    expect((await call("POST", "google", { idToken: "x.y.z" })).body.error).toBe("Google OAuth is not available. Please refresh the page and try again.");
    const ctx = ({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback" });
    expect((await call("POST", "google", {}, { ctx })).status).toBe(400);
  });

  it("signs a Google user in with a verified ID token: new accounts are created verified, existing ones linked", async () => {
    const { privateKey, jwk } = await testKeyPair("test-key");
    // Google's key endpoint, answered here: the tests never reach the internet.
    const keys = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ keys: [jwk] }));
    const idToken = (claims: Record<string, unknown>) => signIdToken(privateKey, claims, { alg: "RS256", kid: "test-key" });
    const ctx = ({ GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback" });
    const claims = { iss: "https://accounts.google.com", aud: "store.apps.googleusercontent.com", sub: "g-1", email: "meena@example.in", email_verified: true, name: "Meena", exp: Math.floor(Date.now() / 1000) + 600 };

    const created = await call("POST", "google", { idToken: await idToken(claims) }, { ctx });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, source: "google", user: { email: "meena@example.in", is_admin: false }, tokens: { tokenType: "Bearer", expiresIn: "24h" } });
    const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = 'meena@example.in'").first<{ email_verified_at: number | null }>();
    expect(row?.email_verified_at).not.toBeNull();
    expect((await call("GET", "profile", undefined, { token: created.body.tokens.jwtToken })).status).toBe(200);

    // An account that signed up with a password but never entered its code is linked and verified by Google.
    await signup("pending.google@example.in");
    const linked = await call("POST", "google", { idToken: await idToken({ ...claims, sub: "g-2", email: "pending.google@example.in" }) }, { ctx });
    expect(linked.body.user.email).toBe("pending.google@example.in");
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'pending.google@example.in' AND email_verified_at IS NOT NULL").first<{ n: number }>())?.n).toBe(1);

    const wrongAudience = await call("POST", "google", { idToken: await idToken({ ...claims, aud: "someone-else" }) }, { ctx });
    expect(wrongAudience).toMatchObject({ status: 401, body: { success: false, error: "Google authentication failed" } });
    keys.mockRestore();
  });

  it("answers unknown endpoints with 404", async () => {
    expect((await call("GET", "nothing")).status).toBe(404);
    expect((await call("DELETE", "login")).status).toBe(404);
  });
});
