import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../tests/setup/load-context";
import { loader as authApi } from "~/routes/api.auth.$";

import { call, fakeGoogle, GOOGLE_CTX, lastCode, signup, userRow, verifiedUser, wrongFor } from "../../tests/setup/auth-api";

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

describe("takeover attempts on a sign-up", () => {
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
    await env.DB.prepare("UPDATE pending_codes SET sent_at = sent_at - 300000 WHERE email = 'victim@example.in'").run();
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
    const { keys, idToken } = await fakeGoogle();
    const claims = { sub: "g-victim", email: "gmail.victim@example.in", name: "Gita" };
    // A pending sign-up by the attacker, and an unverified row with a password as the first version left them.
    await signup("gmail.victim@example.in", { password: "attacker-password-2" });
    await env.DB.prepare(
      "INSERT INTO users (name, email, password_hash) VALUES ('Attacker', 'gmail.victim@example.in', 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA$x')",
    ).run();
    const res = await call("POST", "google", { idToken: await idToken(claims) }, { ctx: GOOGLE_CTX });
    expect(res.status).toBe(200);
    expect(await userRow("gmail.victim@example.in")).toMatchObject({ password_hash: null, name: "Gita" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM pending_codes WHERE email = 'gmail.victim@example.in'").first<{ n: number }>())?.n).toBe(0);
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
    // Refused as wrong, dead, or past the address's tries for the hour.
    expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
    expect((await call("POST", "verify-otp", { email: "race@example.in", otp: code }, { token: body.tempToken })).status).not.toBe(200);
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
    await env.DB.prepare("UPDATE pending_codes SET expires_at = ? WHERE email = 'late@example.in'")
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
    await env.DB.prepare("UPDATE pending_codes SET sent_at = sent_at - 300000 WHERE email = 'resend@example.in'").run();
    const later = await call("POST", "resend-otp", { email: "resend@example.in" }, { token: body.tempToken });
    expect(later.body).toEqual({ success: true, message: "OTP resent successfully!" });
    const second = await lastCode("resend@example.in");
    const old = await call("POST", "verify-otp", { email: "resend@example.in", otp: first }, { token: body.tempToken });
    if (first !== second) expect(old.status).toBe(400);
    expect((await call("POST", "resend-otp", { email: "resend@example.in" })).status).toBe(404);
  });

  it("lives an hour from the sign-up, resends included: then neither a resend nor its code works", async () => {
    const { body } = await signup("old-signup@example.in");
    await env.DB.prepare("UPDATE pending_codes SET created_at = created_at - 3600000, sent_at = sent_at - 300000 WHERE email = 'old-signup@example.in'").run();
    const resend = await call("POST", "resend-otp", { email: "old-signup@example.in" }, { token: body.tempToken });
    expect(resend.status).toBe(404);
    const code = await lastCode("old-signup@example.in");
    const late = await call("POST", "verify-otp", { email: "old-signup@example.in", otp: code }, { token: body.tempToken });
    expect(late.body.error).toBe("We could not find a sign-up waiting for this code in this browser. Please sign up again here.");
    expect(await userRow("old-signup@example.in")).toBeNull();
  });

  it("an address takes 20 code tries an hour across all its sign-ups and resends; the 21st, even the right code, is refused", async () => {
    const email = "many-signups@example.in";
    let last = { token: "", code: "" };
    for (let n = 0; n < 5; n++) {
      const { body } = await signup(email);
      last = { token: body.tempToken, code: (await lastCode(email))! };
      for (let i = 0; i < 4; i++) expect((await call("POST", "verify-otp", { email, otp: wrongFor(last.code) }, { token: last.token })).status).toBe(400);
    }
    const right = await call("POST", "verify-otp", { email, otp: last.code }, { token: last.token });
    expect(right).toMatchObject({ status: 429, body: { error: "Too many attempts. Please wait a moment and try again." } });
    expect(await userRow(email)).toBeNull();
  });
});
