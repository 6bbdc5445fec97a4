import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, freshIp, verifiedUser, wrongFor } from "../../tests/setup/auth-api";
import { afterResponses } from "../../tests/setup/load-context";
import { callRoute } from "../../tests/setup/routes";
import { all } from "../../tests/setup/sql";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction } from "~/routes/reset-password";

/**
 * Password resets asked for by strangers: they can neither shut the owner's own browser out (no 429 for the
 * address, no spent code tries) nor flood the owner's inbox, and their answers never tell whether the address
 * has an account. Through the JSON API and the pages alike.
 */

const RESET_SUBJECT = /(password reset code|పాస్‌వర్డ్ రీసెట్ కోడ్): \d{6}$/;
const codes = async (email: string) =>
  (await all<{ subject: string }>('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY id', email))
    .filter((m) => RESET_SUBJECT.test(m.subject))
    .map((m) => /(\d{6})$/.exec(m.subject)![1]);

const forgot = (email: string, cookie?: string) => call("POST", "forgot-password", { email }, { cookie });
const reset = (email: string, otp: string, token: string, cookie?: string) =>
  call("POST", "reset-password", { email, otp, password: "new-river-2027" }, { token, cookie });

/** An owner whose browser (or API client keeping cookies) has signed in before: the cookie it was given. */
async function ownerBrowser(email: string) {
  await verifiedUser(email);
  const signedIn = await call("POST", "login", { email, password: "godavari-2026" });
  const known = signedIn.headers.getSetCookie().find((c) => c.startsWith("__known="));
  expect(known).toBeDefined();
  return known!.split(";")[0];
}

/** Time passes for the codes mailed to the address: five minutes since the last, or the hour they are counted in. */
const later = (email: string, ms: number) =>
  env.DB.prepare("UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?")
    .bind(ms, ms < 60 * 60_000 ? `reset:mail:${email}` : `reset:email:${email}`)
    .run();

describe("password resets asked by strangers (JSON API)", () => {
  it("40 strangers at once, with the owner among them: every one is answered alike, one code reaches the inbox for them, and the owner resets", async () => {
    const email = "crowded@example.in";
    const cookie = await ownerBrowser(email);
    const asked = await Promise.all([
      ...Array.from({ length: 20 }, () => forgot(email)),
      forgot(email, cookie),
      ...Array.from({ length: 20 }, () => forgot(email)),
    ]);
    expect(asked.map((a) => a.status)).toEqual(asked.map(() => 200));
    expect(new Set(asked.map((a) => a.body.message)).size).toBe(1);
    // One code for all the strangers, one for the owner's browser.
    const mailed = await codes(email);
    expect(mailed).toHaveLength(2);

    // The strangers spend the address's 20 code tries for the hour, each with their own reset…
    const strangers = asked.filter((_, i) => i !== 20);
    const tries = await Promise.all(strangers.flatMap((a) => [0, 1].map(() => reset(email, wrongFor(mailed[0]), a.body.tempToken))));
    expect(tries.filter((t) => t.status === 429).length).toBeGreaterThan(0);
    // …and the owner's browser still resets with its code (whichever of the two was its own).
    const owner = asked[20].body.tempToken;
    const results = [];
    for (const code of mailed) results.push(await reset(email, code, owner, cookie));
    expect(results.map((r) => r.status)).toContain(200);
    expect((await call("POST", "login", { email, password: "new-river-2027" })).status).toBe(200);
  });

  it("mails a stranger's code at most once per 5 minutes and 5 times an hour, and says the same for an address without an account", async () => {
    const email = "spaced@example.in";
    await verifiedUser(email);
    const nobody = "no-account-spaced@example.in";
    for (let round = 0; round < 7; round++) {
      const [known, unknown] = await Promise.all([
        Promise.all(Array.from({ length: 4 }, () => forgot(email))),
        Promise.all(Array.from({ length: 4 }, () => forgot(nobody))),
      ]);
      for (const a of [...known, ...unknown]) expect(a).toMatchObject({ status: 200, body: { message: known[0].body.message } });
      expect(await codes(email)).toHaveLength(Math.min(round + 1, 5));
      await later(email, 5 * 60_000);
      await later(nobody, 5 * 60_000);
    }
    await later(email, 60 * 60_000);
    await later(email, 5 * 60_000);
    await forgot(email);
    expect(await codes(email)).toHaveLength(6);
    expect(await codes(nobody)).toEqual([]);
  });

  it("a resend from a stranger's browser waits for the address's next code (429 with Retry-After); the owner's browser is sent one", async () => {
    const email = "resend-crowd@example.in";
    const cookie = await ownerBrowser(email);
    const first = await forgot(email);
    const second = await forgot(email);
    expect(await codes(email)).toHaveLength(1);
    // The second browser's countdown ends when the address may be mailed again, not before.
    await env.DB.prepare("UPDATE pending_codes SET sent_at = sent_at - 300000 WHERE email = ?").bind(email).run();
    const early = await call("POST", "resend-reset", { email }, { token: second.body.tempToken });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get("Retry-After"))).toBeGreaterThan(280);
    expect(await codes(email)).toHaveLength(1);
    expect((await call("POST", "resend-reset", { email }, { token: second.body.tempToken, cookie })).status).toBe(200);
    expect(await codes(email)).toHaveLength(2);
    await later(email, 5 * 60_000);
    expect((await call("POST", "resend-reset", { email }, { token: first.body.tempToken })).status).toBe(200);
    expect(await codes(email)).toHaveLength(3);
  });
});

describe("password resets asked by strangers (pages, no JavaScript)", () => {
  const page = (fn: typeof forgotAction | typeof resetAction, path: string, form: Record<string, string>, cookie?: string) =>
    callRoute(fn as never, path, { form, cookie, headers: { "CF-Connecting-IP": freshIp() } });

  it("five strangers' requests do not shut the owner's browser out: it is sent its code and resets", async () => {
    const email = "page-owner@example.in";
    const known = await ownerBrowser(email);
    for (let i = 0; i < 6; i++) {
      const answer = await page(forgotAction, "/te/forgot-password", { email });
      expect(answer).toMatchObject({ status: 302, location: `/te/reset-password?email=${encodeURIComponent(email)}` });
    }
    await afterResponses();
    expect(await codes(email)).toHaveLength(1);
    const asked = await page(forgotAction, "/forgot-password", { email }, known);
    expect(asked.status).toBe(302);
    await afterResponses();
    const mailed = await codes(email);
    expect(mailed).toHaveLength(2);
    const resetCookie = asked.cookies.find((c) => c.startsWith("__reset="))!.split(";")[0];
    const done = await page(
      resetAction,
      `/reset-password?email=${encodeURIComponent(email)}`,
      { email, otp: mailed[1], password: "new-river-2027" },
      `${known}; ${resetCookie}`,
    );
    expect(done).toMatchObject({ status: 302, location: "/profile" });
  });
});
