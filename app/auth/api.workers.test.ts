import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { signIdToken, testKeyPair } from "./google-id-token.fixtures";
import { chunkedUpload, jsonOfSize } from "../../tests/setup/chunked-body";
import { loadContext } from "../../tests/setup/load-context";
import { login } from "./accounts.server";
import { loader as authApi } from "~/routes/api.auth.$";
import { MAX_JSON_BYTES } from "~/web/body-limit.server";

let ipCounter = 0;
// One key pair for the file: the server caches Google's keys for an hour, as Google's Cache-Control says.
const googleKeyPair = testKeyPair("test-key");

async function call(method: string, path: string, body?: unknown, options: { token?: string; ip?: string; raw?: string; ctx?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? `10.0.0.${++ipCounter}` };
  if (body !== undefined || options.raw !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const request = new Request(`https://store.test/api/auth/${path}`, {
    method,
    headers,
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const res = await authApi({ request, context: await loadContext(request, options.ctx), params: { "*": path } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

async function lastCode(email: string) {
  const row = await env.DB.prepare('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').bind(email).first<{ body: string }>();
  return /code is (\d{6})/.exec(row?.body ?? "")?.[1] ?? null;
}

const signup = (email: string, extra: Record<string, unknown> = {}) =>
  call("POST", "register", { name: "Asha Rani", email, password: "godavari-2026", phone: "9876543210", ...extra });

async function verifiedUser(email: string) {
  const { body } = await signup(email);
  const res = await call("POST", "verify-otp", { email, otp: await lastCode(email) }, { token: body.tempToken });
  expect(res.status).toBe(200);
  return res.body.tokens.jwtToken as string;
}

const userRow = (email: string) =>
  env.DB.prepare("SELECT id, name, password_hash, email_verified_at, is_admin FROM users WHERE email = ?").bind(email).first<Record<string, any>>();
const wrongFor = (code: string | null) => (code === "000000" ? "111111" : "000000");

describe("register", () => {
  it("creates no account until the code is entered: a pending sign-up, a mailed code, a temporary token only", async () => {
    const res = await signup("new@example.in");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, otpRequired: true, user: { email: "new@example.in", name: "Asha Rani" } });
    expect(res.body.tokens).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect(await userRow("new@example.in")).toBeNull();
    const mail = await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE \"to\" = 'new@example.in'").first<{ subject: string; body: string }>();
    expect(mail?.body).toMatch(/code is \d{6}/);
    expect(mail?.body).toContain("10 minutes");
    expect(mail?.body).toMatch(/did not sign up/);
    // The temporary token is good for verification only.
    expect((await call("GET", "profile", undefined, { token: res.body.tempToken })).status).toBe(401);
    expect((await call("POST", "validate", { token: res.body.tempToken })).status).toBe(401);
  });

  it("ignores privileged and server-owned fields", async () => {
    const res = await signup("sneaky@example.in", { is_admin: true, isAdmin: true, id: 1, email_verified_at: 1, created_at: 0 });
    expect(res.status).toBe(201);
    await call("POST", "verify-otp", { email: "sneaky@example.in", otp: await lastCode("sneaky@example.in") }, { token: res.body.tempToken });
    expect(await userRow("sneaky@example.in")).toMatchObject({ is_admin: 0 });
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
    const plain = await authApi({ request: plainRequest, context: await loadContext(plainRequest), params: { "*": "login" } });
    expect(plain.status).toBe(400);
  });
});

describe("takeover attempts on a sign-up (issue 7, defects 1 and 2)", () => {
  it("burnt code + second sign-up + resend: the victim's password stands, the attacker's never works", async () => {
    const victim = await signup("victim@example.in", { password: "victim-password-1" });
    const victimCode = await lastCode("victim@example.in");
    // The attacker burns tries without the victim's temporary token: nothing is counted against the victim.
    for (let i = 0; i < 5; i++) expect((await call("POST", "verify-otp", { email: "victim@example.in", otp: wrongFor(victimCode) })).status).toBe(400);
    // …then signs up again with the victim's e-mail and a password of their own.
    const attacker = await signup("victim@example.in", { password: "attacker-password-1" });
    expect(attacker.status).toBe(201);
    const attackerCode = await lastCode("victim@example.in");
    // The code mailed for the attacker's sign-up (in the victim's inbox) does not fit the victim's sign-up, and vice versa.
    expect((await call("POST", "verify-otp", { email: "victim@example.in", otp: attackerCode }, { token: victim.body.tempToken })).status).toBe(400);
    // The victim resends (after the 300 s wait) and enters their new code.
    await env.DB.prepare("UPDATE signups SET sent_at = sent_at - 300000 WHERE email = 'victim@example.in'").run();
    expect((await call("POST", "resend-otp", { email: "victim@example.in" }, { token: victim.body.tempToken })).status).toBe(200);
    const ok = await call("POST", "verify-otp", { email: "victim@example.in", otp: await lastCode("victim@example.in") }, { token: victim.body.tempToken });
    expect(ok.status).toBe(200);
    expect((await call("POST", "login", { email: "victim@example.in", password: "attacker-password-1" })).status).toBe(401);
    expect((await call("POST", "login", { email: "victim@example.in", password: "victim-password-1" })).status).toBe(200);
    // The attacker's sign-up is gone: their code no longer does anything either.
    expect((await call("POST", "verify-otp", { email: "victim@example.in", otp: attackerCode }, { token: attacker.body.tempToken })).status).toBe(409);
  });

  it("an unverified sign-up never signs in, whatever the password", async () => {
    await signup("pending@example.in");
    const res = await call("POST", "login", { email: "pending@example.in", password: "godavari-2026" });
    expect(res).toMatchObject({ status: 401, body: { success: false, error: "Invalid email or password" } });
  });

  it("Google vouching for an address discards any password set before it was verified", async () => {
    const { privateKey, jwk } = await googleKeyPair;
    const keys = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ keys: [jwk] }));
    const ctx = {
      GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback",
    };
    const claims = {
      iss: "https://accounts.google.com",
      aud: ctx.GOOGLE_CLIENT_ID,
      sub: "g-victim",
      email: "gmail.victim@example.in",
      email_verified: true,
      name: "Gita",
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    // A pending sign-up by the attacker, and an unverified row with a password as the first version left them.
    await signup("gmail.victim@example.in", { password: "attacker-password-2" });
    await env.DB.prepare(
      "INSERT INTO users (name, email, password_hash) VALUES ('Attacker', 'gmail.victim@example.in', 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA$x')",
    ).run();
    const res = await call("POST", "google", { idToken: await signIdToken(privateKey, claims, { alg: "RS256", kid: "test-key" }) }, { ctx });
    expect(res.status).toBe(200);
    expect(await userRow("gmail.victim@example.in")).toMatchObject({ password_hash: null, name: "Gita" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM signups WHERE email = 'gmail.victim@example.in'").first<{ n: number }>())?.n).toBe(0);
    expect((await call("POST", "login", { email: "gmail.victim@example.in", password: "attacker-password-2" })).status).toBe(401);
    keys.mockRestore();
  });
});

describe("verify-otp", () => {
  it("signs the account in with a correct code, once", async () => {
    const { body } = await signup("once@example.in");
    const code = await lastCode("once@example.in");
    const ok = await call("POST", "verify-otp", { email: "once@example.in", otp: code }, { token: body.tempToken });
    expect(ok.body).toMatchObject({ success: true, tokens: { tokenType: "Bearer", expiresIn: "24h" } });
    expect(await userRow("once@example.in")).toMatchObject({ name: "Asha Rani", is_admin: 0 });
    const again = await call("POST", "verify-otp", { email: "once@example.in", otp: code }, { token: body.tempToken });
    expect(again.status).toBe(409);
  });

  it("needs the temporary token of the sign-up the code was mailed for", async () => {
    await signup("elsewhere@example.in");
    const res = await call("POST", "verify-otp", { email: "elsewhere@example.in", otp: await lastCode("elsewhere@example.in") });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/this browser/);
    expect(await userRow("elsewhere@example.in")).toBeNull();
  });

  it("kills a code after 5 tries", async () => {
    const { body } = await signup("guess@example.in");
    const code = (await lastCode("guess@example.in"))!;
    for (let i = 0; i < 5; i++)
      expect((await call("POST", "verify-otp", { email: "guess@example.in", otp: wrongFor(code) }, { token: body.tempToken })).status).toBe(400);
    const right = await call("POST", "verify-otp", { email: "guess@example.in", otp: code }, { token: body.tempToken });
    expect(right.status).toBe(400);
    expect(right.body.error).toMatch(/new code/);
  });

  it("counts every try before comparing: 30 concurrent wrong guesses, then the right code is refused", async () => {
    const { body } = await signup("race@example.in");
    const code = (await lastCode("race@example.in"))!;
    const guesses = await Promise.all(
      Array.from({ length: 30 }, () =>
        call("POST", "verify-otp", { email: "race@example.in", otp: wrongFor(code) }, { token: body.tempToken, ip: "198.51.100.7" }),
      ),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect((await call("POST", "verify-otp", { email: "race@example.in", otp: code }, { token: body.tempToken })).status).toBe(400);
    expect(await userRow("race@example.in")).toBeNull();
  });

  it("29 wrong guesses racing the right code: at most 5 tries are ever compared", async () => {
    const { body } = await signup("race2@example.in");
    const code = (await lastCode("race2@example.in"))!;
    const attempts = [...Array.from({ length: 29 }, () => wrongFor(code)), code];
    const results = await Promise.all(
      attempts.map((otp) => call("POST", "verify-otp", { email: "race2@example.in", otp }, { token: body.tempToken, ip: "198.51.100.8" })),
    );
    const compared = results.filter((r) => r.status === 200 || r.body.error === "Invalid verification code. Please check the code and try again.");
    expect(compared.length).toBeLessThanOrEqual(5);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'race2@example.in'").first<{ n: number }>())!;
    expect(n).toBe(results.some((r) => r.status === 200) ? 1 : 0);
  });

  it("refuses an expired code and a code that is not 6 digits", async () => {
    const { body } = await signup("late@example.in");
    const code = await lastCode("late@example.in");
    await env.DB.prepare("UPDATE signups SET expires_at = ? WHERE email = 'late@example.in'")
      .bind(Date.now() - 1)
      .run();
    expect((await call("POST", "verify-otp", { email: "late@example.in", otp: code }, { token: body.tempToken })).status).toBe(400);
    expect((await call("POST", "verify-otp", { email: "late@example.in", otp: "12345" })).body.error).toBe("Please enter a valid 6-digit OTP");
  });

  it("allows a resend only once per 300 s, with Retry-After, and the old code dies", async () => {
    const { body } = await signup("resend@example.in");
    const first = await lastCode("resend@example.in");
    const early = await call("POST", "resend-otp", { email: "resend@example.in" }, { token: body.tempToken });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(290);
    await env.DB.prepare("UPDATE signups SET sent_at = sent_at - 300000 WHERE email = 'resend@example.in'").run();
    const later = await call("POST", "resend-otp", { email: "resend@example.in" }, { token: body.tempToken });
    expect(later.body).toEqual({ success: true, message: "OTP resent successfully!" });
    const second = await lastCode("resend@example.in");
    const old = await call("POST", "verify-otp", { email: "resend@example.in", otp: first }, { token: body.tempToken });
    if (first !== second) expect(old.status).toBe(400);
    expect((await call("POST", "resend-otp", { email: "resend@example.in" })).status).toBe(404);
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

  it("throttles login guesses per e-mail and address (429 with Retry-After)", async () => {
    await verifiedUser("target@example.in");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call("POST", "login", { email: "target@example.in", password: `guess-${i}-x` }, { ip: "203.0.113.5" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await call("POST", "login", { email: "target@example.in", password: "godavari-2026" }, { ip: "203.0.113.5" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("wrong logins from many addresses cannot lock the owner out: another address, and a browser that signed in before, still get in", async () => {
    await verifiedUser("owner@example.in");
    const user = await userRow("owner@example.in");
    // 11 addresses: the first release locked the owner out here.
    await Promise.all(
      Array.from({ length: 11 }, (_, i) => call("POST", "login", { email: "owner@example.in", password: `nope-${i}-x` }, { ip: `192.0.2.${100 + i}` })),
    );
    expect((await call("POST", "login", { email: "owner@example.in", password: "godavari-2026" })).status).toBe(200);
    // A botnet's 60 addresses stop guessing for everyone without a known browser…
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => call("POST", "login", { email: "owner@example.in", password: `nope-${i}-y` }, { ip: `198.18.0.${i}` })),
    );
    expect((await call("POST", "login", { email: "owner@example.in", password: "godavari-2026" })).status).toBe(429);
    // …but the owner's own browser is still let in.
    const request = new Request("https://store.test/login", { headers: { "CF-Connecting-IP": "192.0.2.250" } });
    const result = await login((await loadContext(request)).deps, "owner@example.in", "godavari-2026", { knownAccountIds: [user!.id] });
    expect(result.user.id).toBe(user!.id);
    // 70 password hashes (PBKDF2, 100,000 rounds each) take a few seconds on a busy machine.
  }, 30_000);
});

describe("check-user and google", () => {
  it("answers only whether the e-mail exists, and is throttled", async () => {
    await verifiedUser("exists@example.in");
    const res = await call("GET", "check-user/exists@example.in");
    expect(res.body).toEqual({ exists: true });
    expect((await call("GET", "check-user/missing@example.in")).body).toEqual({ exists: false });
    expect((await call("GET", "check-user/not-an-email")).status).toBe(400);
    expect((await call("GET", "check-user/%E0%A4%A")).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await call("GET", "check-user/a@example.in", undefined, { ip: "192.0.2.9" })).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses Google sign-in without configuration and bad ID tokens", async () => {
    expect((await call("POST", "google", { idToken: "x.y.z" })).body.error).toBe("Google OAuth is not available. Please refresh the page and try again.");
    const ctx = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret", GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback" };
    expect((await call("POST", "google", {}, { ctx })).status).toBe(400);
  });

  it("signs a Google user in with a verified ID token: new accounts are created verified, existing ones linked", async () => {
    const { privateKey, jwk } = await googleKeyPair;
    // Google's key endpoint, answered here: the tests never reach the internet.
    const keys = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ keys: [jwk] }));
    const idToken = (claims: Record<string, unknown>) => signIdToken(privateKey, claims, { alg: "RS256", kid: "test-key" });
    const ctx = {
      GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback",
    };
    const claims = {
      iss: "https://accounts.google.com",
      aud: "store.apps.googleusercontent.com",
      sub: "g-1",
      email: "meena@example.in",
      email_verified: true,
      name: "Meena",
      exp: Math.floor(Date.now() / 1000) + 600,
    };

    const created = await call("POST", "google", { idToken: await idToken(claims) }, { ctx });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      source: "google",
      user: { email: "meena@example.in", is_admin: false },
      tokens: { tokenType: "Bearer", expiresIn: "24h" },
    });
    const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = 'meena@example.in'").first<{ email_verified_at: number | null }>();
    expect(row?.email_verified_at).not.toBeNull();
    expect((await call("GET", "profile", undefined, { token: created.body.tokens.jwtToken })).status).toBe(200);

    // An address that signed up with a password but never entered its code becomes a verified Google account;
    // the password typed at that sign-up does not survive, so a stranger's password cannot ride on Google.
    await signup("pending.google@example.in", { password: "typed-before-google" });
    const linked = await call("POST", "google", { idToken: await idToken({ ...claims, sub: "g-2", email: "pending.google@example.in" }) }, { ctx });
    expect(linked.body.user.email).toBe("pending.google@example.in");
    expect(await userRow("pending.google@example.in")).toMatchObject({ password_hash: null });
    expect(
      (
        await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'pending.google@example.in' AND email_verified_at IS NOT NULL").first<{
          n: number;
        }>()
      )?.n,
    ).toBe(1);
    expect((await call("POST", "login", { email: "pending.google@example.in", password: "typed-before-google" })).status).toBe(401);

    const wrongAudience = await call("POST", "google", { idToken: await idToken({ ...claims, aud: "someone-else" }) }, { ctx });
    expect(wrongAudience).toMatchObject({ status: 401, body: { success: false, error: "Google authentication failed" } });
    keys.mockRestore();
  });

  it("answers an unknown endpoint 404, and a known one asked with another method 405 with Allow", async () => {
    expect(await call("GET", "nothing")).toMatchObject({ status: 404, body: { success: false, error: "Not found" } });
    const wrongMethod = await call("DELETE", "login");
    expect(wrongMethod).toMatchObject({ status: 405, body: { success: false, error: "Method not allowed" } });
    expect(wrongMethod.headers.get("Allow")).toBe("POST");
    expect((await call("GET", "login")).status).toBe(405);
  });
});

describe("body limit (chunked, no Content-Length)", () => {
  function register(body: string) {
    const upload = chunkedUpload("https://store.test/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": `10.0.9.${++ipCounter}` },
      body,
    });
    const response = (async () => {
      const res = await authApi({ request: upload.request, context: await loadContext(upload.request), params: { "*": "register" } });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
    })();
    return { response, sent: upload.sent };
  }
  const fields = (email: string) => ({ name: "Asha Rani", email, password: "godavari-2026", phone: "9876543210" });
  const mailsTo = (email: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE "to" = ?').bind(email).first<{ n: number }>();

  it("refuses a JSON body over the cap with 413 as soon as it passes it, before anything is processed", async () => {
    const oneOver = await register(jsonOfSize(MAX_JSON_BYTES + 1, fields("too.large@example.in"))).response;
    expect(oneOver).toMatchObject({ status: 413, body: { success: false, error: "Request body too large" } });
    expect(oneOver.headers.get("Cache-Control")).toBe("no-store");
    const huge = register(jsonOfSize(4 * 1024 * 1024, fields("too.large@example.in")));
    expect((await huge.response).status).toBe(413);
    expect(huge.sent()).toBeLessThan(MAX_JSON_BYTES + 100_000);
    expect(await mailsTo("too.large@example.in")).toEqual({ n: 0 });
  });

  it("reads a chunked JSON body of exactly the cap", async () => {
    const res = await register(jsonOfSize(MAX_JSON_BYTES, fields("at.cap@example.in"))).response;
    expect(res).toMatchObject({ status: 201, body: { success: true, user: { email: "at.cap@example.in" } } });
    expect(await mailsTo("at.cap@example.in")).toEqual({ n: 1 });
  });
});
