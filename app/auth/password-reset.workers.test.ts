import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { call, freshIp, lastCode, userRow, verifiedUser, wrongFor } from "../../tests/setup/auth-api";
import { testDeps } from "../../tests/setup/deps";
import { all, one } from "../../tests/setup/sql";
import { resendResetCode, startPasswordReset } from "./password-reset.server";

const forgot = (email: string) => call("POST", "forgot-password", { email });
const reset = (email: string, otp: string | null, token: string, password = "new-river-2027") =>
  call("POST", "reset-password", { email, otp, password }, { token });
const login = (email: string, password: string) => call("POST", "login", { email, password });
const mails = (email: string) => all<{ subject: string }>('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY id', email);
/** Five minutes pass for `email`: its resets may be sent another code, and the address may be mailed one again. */
async function fiveMinutesLater(email: string) {
  await env.DB.prepare("UPDATE pending_codes SET sent_at = sent_at - 300000 WHERE email = ?").bind(email).run();
  await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 300000 WHERE key = ?").bind(`reset:mail:${email}`).run();
}

describe("forgot password", () => {
  it("mails a code, sets the new password with it once, ends every other session and token, and says so by e-mail", async () => {
    const oldToken = await verifiedUser("forgot@example.in");
    const asked = await forgot("forgot@example.in");
    expect(asked.status).toBe(200);
    const code = await lastCode("forgot@example.in");
    expect(code).toMatch(/^\d{6}$/);
    const done = await reset("forgot@example.in", code, asked.body.tempToken);
    expect(done.body).toMatchObject({ success: true, source: "reset-password", tokens: { tokenType: "Bearer" } });
    expect((await call("GET", "profile", undefined, { token: oldToken })).status).toBe(401);
    expect((await call("GET", "profile", undefined, { token: done.body.tokens.jwtToken })).status).toBe(200);
    expect((await login("forgot@example.in", "godavari-2026")).status).toBe(401);
    expect((await login("forgot@example.in", "new-river-2027")).status).toBe(200);
    expect((await reset("forgot@example.in", code, asked.body.tempToken, "third-password-1")).status).toBe(400);
    expect((await mails("forgot@example.in")).at(-1)!.subject).toBe("Your Godavari Pulasa password was changed");
  });

  it("answers the same whether or not the e-mail has an account, mails nothing to a stranger, and no code resets it", async () => {
    const known = await forgot((await verifiedUser("known@example.in"), "known@example.in"));
    const unknown = await forgot("nobody-here@example.in");
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort());
    expect(unknown.body.message).toBe(known.body.message);
    expect(await mails("nobody-here@example.in")).toEqual([]);
    for (const otp of ["000000", "123456"]) expect((await reset("nobody-here@example.in", otp, unknown.body.tempToken)).status).toBe(400);
  });

  it("answers a known address without waiting for its code to be mailed, so neither timing nor a mail failure tells it apart", async () => {
    await verifiedUser("slow-mail@example.in");
    const handed: Promise<unknown>[] = [];
    // A request whose mail provider never answers, or fails: the Worker hands the mail to the runtime instead.
    const request = (send: () => Promise<void>) => ({ ...testDeps({}, { client: freshIp(), waitUntil: (work) => void handed.push(work) }), mailer: { send } });
    const silent = () => new Promise<void>(() => {});
    const down = () => Promise.reject(new Error("provider down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { token } = await startPasswordReset(request(silent), "slow-mail@example.in");
    await fiveMinutesLater("slow-mail@example.in");
    await expect(startPasswordReset(request(down), "slow-mail@example.in")).resolves.toEqual({ token: expect.any(String) });
    await startPasswordReset(request(down), "nobody-at-all@example.in");
    expect(handed).toHaveLength(2);
    await fiveMinutesLater("slow-mail@example.in");
    await resendResetCode(request(silent), token, "slow-mail@example.in");
    expect(handed).toHaveLength(3);
    await Promise.allSettled(handed.slice(1, 2));
    expect(logged).toHaveBeenCalledWith("work after the response failed", new Error("provider down"));
    logged.mockRestore();
  });

  it("counts every try before comparing: 30 concurrent wrong codes, then the right one is refused", async () => {
    await verifiedUser("guess@example.in");
    const { body } = await forgot("guess@example.in");
    const code = await lastCode("guess@example.in");
    const guesses = await Promise.all(Array.from({ length: 30 }, () => reset("guess@example.in", wrongFor(code), body.tempToken)));
    // Refused as wrong, dead, or past the address's tries for the hour; every one counted on the reset first.
    expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
    expect((await one<{ tries: number }>("SELECT tries FROM pending_codes WHERE email = 'guess@example.in'")).tries).toBe(30);
    expect((await reset("guess@example.in", code, body.tempToken)).status).toBe(429);
    expect((await login("guess@example.in", "godavari-2026")).status).toBe(200);
  });

  it("a code takes 5 wrong tries, not a sixth, and lasts 10 minutes", async () => {
    const tries = async (email: string, wrong: number) => {
      await verifiedUser(email);
      const { body } = await forgot(email);
      const code = await lastCode(email);
      for (let i = 0; i < wrong; i++) expect((await reset(email, wrongFor(code), body.tempToken)).status).toBe(400);
      return (await reset(email, code, body.tempToken)).status;
    };
    expect(await tries("four-wrong@example.in", 4)).toBe(200);
    expect(await tries("five-wrong@example.in", 5)).toBe(400);

    await verifiedUser("slow@example.in");
    const { body } = await forgot("slow@example.in");
    const row = await one<{ sent_at: number; expires_at: number }>("SELECT sent_at, expires_at FROM pending_codes WHERE email = 'slow@example.in'");
    expect(row.expires_at - row.sent_at).toBe(10 * 60_000);
    await env.DB.prepare("UPDATE pending_codes SET sent_at = sent_at - 600000, expires_at = expires_at - 600000 WHERE email = 'slow@example.in'").run();
    const late = await reset("slow@example.in", await lastCode("slow@example.in"), body.tempToken);
    expect(late).toMatchObject({ status: 400, body: { error: "This code can no longer be used. Please request a new code." } });
  });

  it("needs the token of the request the code was mailed for, and a sign-up token never passes for it", async () => {
    await verifiedUser("bound@example.in");
    await forgot("bound@example.in");
    const code = await lastCode("bound@example.in");
    const other = await forgot("bound@example.in");
    const signupToken = (await call("POST", "register", { name: "X", email: "other-signup@example.in", password: "godavari-2026" })).body.tempToken;
    expect((await reset("bound@example.in", code, signupToken)).body.error).toBe(
      "We could not find a password reset waiting for this code in this browser. Please ask for a new code here.",
    );
    expect((await reset("bound@example.in", code, other.body.tempToken)).status).toBe(400);
  });

  it("resends once per 300 s with Retry-After, and the old code dies", async () => {
    await verifiedUser("again@example.in");
    const { body } = await forgot("again@example.in");
    const first = await lastCode("again@example.in");
    const early = await call("POST", "resend-reset", { email: "again@example.in" }, { token: body.tempToken });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(290);
    await fiveMinutesLater("again@example.in");
    expect((await call("POST", "resend-reset", { email: "again@example.in" }, { token: body.tempToken })).status).toBe(200);
    const second = await lastCode("again@example.in");
    if (second !== first) expect((await reset("again@example.in", first, body.tempToken)).status).toBe(400);
    expect((await reset("again@example.in", second, body.tempToken)).status).toBe(200);
  });
});

describe("forgot password, bounded", () => {
  it("a reset lives an hour from when it was asked, resends included: then neither a resend nor its code works", async () => {
    await verifiedUser("old-reset@example.in");
    const { body } = await forgot("old-reset@example.in");
    await env.DB.prepare("UPDATE pending_codes SET created_at = created_at - 3600000, sent_at = sent_at - 300000 WHERE email = 'old-reset@example.in'").run();
    expect((await call("POST", "resend-reset", { email: "old-reset@example.in" }, { token: body.tempToken })).status).toBe(404);
    const late = await reset("old-reset@example.in", await lastCode("old-reset@example.in"), body.tempToken);
    expect(late.body.error).toBe("We could not find a password reset waiting for this code in this browser. Please ask for a new code here.");
    expect((await login("old-reset@example.in", "new-river-2027")).status).toBe(401);
  });

  it("an address takes 20 code tries an hour across all its resets and resends; the 21st, even the right code, is refused", async () => {
    const email = "many-resets@example.in";
    await verifiedUser(email); // its sign-up's code: the address's first try of the hour
    let last = { token: "", code: "" };
    for (let n = 0; n < 5; n++) {
      await fiveMinutesLater(email);
      const { body } = await forgot(email);
      last = { token: body.tempToken, code: (await lastCode(email))! };
      for (let i = 0; i < (n === 4 ? 3 : 4); i++) expect((await reset(email, wrongFor(last.code), last.token)).status).toBe(400);
    }
    expect(await reset(email, last.code, last.token)).toMatchObject({ status: 429, body: { error: "Too many attempts. Please wait a moment and try again." } });
    expect((await login(email, "new-river-2027")).status).toBe(401);
  });

  it("tries that name no live reset of the address (no token, another's token) do not use up its tries", async () => {
    const email = "locked-out@example.in";
    await verifiedUser(email);
    const stranger = (await forgot("stranger@example.in")).body.tempToken;
    for (let i = 0; i < 25; i++) expect((await reset(email, "123456", i % 2 ? stranger : "")).status).toBe(400);
    const { body } = await forgot(email);
    expect((await reset(email, (await lastCode(email))!, body.tempToken)).status).toBe(200);
  });
});

describe("signed in: change password, name and phone", () => {
  it("needs the current password, keeps this session, ends the others and mails the owner", async () => {
    const here = await verifiedUser("change@example.in");
    const elsewhere = (await login("change@example.in", "godavari-2026")).body.tokens.jwtToken;
    const wrong = await call("POST", "change-password", { current: "not-it-at-all", password: "new-river-2027" }, { token: here });
    expect(wrong).toMatchObject({ status: 401, body: { error: "Your current password is not correct" } });
    const ok = await call("POST", "change-password", { current: "godavari-2026", password: "new-river-2027" }, { token: here });
    expect(ok.status).toBe(200);
    expect((await call("GET", "profile", undefined, { token: here })).status).toBe(200);
    expect((await call("GET", "profile", undefined, { token: elsewhere })).status).toBe(401);
    expect((await login("change@example.in", "new-river-2027")).status).toBe(200);
    expect((await mails("change@example.in")).at(-1)!.subject).toBe("Your Godavari Pulasa password was changed");
  });

  it("saves the name and a phone written the Indian way as its 10 digits, and refuses a bad one", async () => {
    const token = await verifiedUser("details@example.in");
    const saved = await call("PUT", "profile", { name: "  Asha Rani Devi ", phone: "+91 98480-12345" }, { token });
    expect(saved.status).toBe(200);
    expect(await userRow("details@example.in")).toMatchObject({ name: "Asha Rani Devi" });
    expect((await one<{ phone: string }>("SELECT phone FROM users WHERE email = 'details@example.in'")).phone).toBe("9848012345");
    const bad = await call("PUT", "profile", { name: "Asha", phone: "98480" }, { token });
    expect(bad).toMatchObject({ status: 400 });
    expect((await one<{ phone: string }>("SELECT phone FROM users WHERE email = 'details@example.in'")).phone).toBe("9848012345");
  });
});
