import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chunkedUpload, jsonOfSize } from "../../tests/setup/chunked-body";
import { loadContext } from "../../tests/setup/load-context";
import { login } from "./accounts.server";
import { loader as authApi } from "~/routes/api.auth.$";
import { MAX_JSON_BYTES } from "~/web/body-limit.server";

import { call, fakeGoogle, freshIp, GOOGLE_CTX, signup, userRow, verifiedUser } from "../../tests/setup/auth-api";

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
    const first = await call("POST", "login", { email: "owner@example.in", password: "godavari-2026" });
    expect(first.status).toBe(200);
    // A botnet's 60 addresses stop guessing for everyone without a known browser…
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => call("POST", "login", { email: "owner@example.in", password: `nope-${i}-y` }, { ip: `198.18.0.${i}` })),
    );
    expect((await call("POST", "login", { email: "owner@example.in", password: "godavari-2026" })).status).toBe(429);
    // …but the owner's own browser is still let in.
    const request = new Request("https://store.test/login", { headers: { "CF-Connecting-IP": "192.0.2.250" } });
    const result = await login((await loadContext(request)).deps, "owner@example.in", "godavari-2026", { knownAccountIds: [user!.id] });
    expect(result.user.id).toBe(user!.id);
    // …and so is an API client that keeps the cookie its sign-in was answered with, as a browser does.
    const known = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("__known="))!
      .split(";")[0];
    expect((await call("POST", "login", { email: "owner@example.in", password: "godavari-2026" }, { cookie: known })).status).toBe(200);
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
    const { keys, idToken } = await fakeGoogle();
    const ctx = GOOGLE_CTX;
    const claims = { sub: "g-1", email: "meena@example.in", name: "Meena" };

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
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
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
