import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { freshIp, wrongFor } from "../../tests/setup/auth-api";
import { testDeps } from "../../tests/setup/deps";
import { all, one } from "../../tests/setup/sql";
import { runScheduledJobs } from "../../workers/scheduled";
import { verifyEmail } from "./accounts.server";
import { resetPassword } from "./password-reset.server";
import { enterCode, issueCode, pendingResendWait, redrawCode, type PendingFields } from "./pending-codes.server";
import { sha256 } from "~/lib/crypto.server";
import { InvalidInputError, TooManyRequestsError } from "~/lib/errors";
import type { CodePurpose } from "./session.server";

/**
 * The one mechanism behind sign-up and reset codes. Each rule is tried for both purposes, so a purpose that
 * lost one (its own expiry, its own count of tries, a lookup that ignores the purpose) fails here.
 */

const PURPOSES = ["signup", "reset"] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A request at `time`, from an address no other call has used (so the per-client limits count nothing else). */
const at = (time: number) => ({ ...testDeps({}, { client: freshIp() }), now: () => time });

let accounts = 0;
/** A verified account, never used before in this file: a reset names it. */
async function account() {
  const email = `owner${++accounts}@example.in`;
  const { id } = await one<{ id: number }>("INSERT INTO users (name, email, email_verified_at) VALUES ('Asha Rani', ?, 1) RETURNING id", email);
  return { email, userId: id };
}

const fields = (purpose: CodePurpose, who: { email: string; userId: number }): PendingFields =>
  purpose === "signup"
    ? { purpose, email: who.email, lang: "en", name: "Asha Rani", phone: null, address: null, passwordHash: "pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA$x" }
    : { purpose, email: who.email, lang: "en", userId: who.userId };

describe("a pending code, whatever its purpose", () => {
  it.each(PURPOSES)("a %s lives an hour from when it was asked, however recently its code was resent", async (purpose) => {
    const who = await account();
    const asked = Date.now();
    const { token } = await issueCode(at(asked), fields(purpose, who));
    let code = "";
    for (let minute = 5; minute < 60; minute += 5) code = (await redrawCode(at(asked + minute * MINUTE), purpose, token, who.email))!.code;
    // Its last code, drawn at 55 minutes, has minutes of its own left at the hour; the sign-up or reset has not.
    expect(await pendingResendWait(at(asked + HOUR - 1), purpose, token, who.email)).not.toBeNull();
    expect(await pendingResendWait(at(asked + HOUR), purpose, token, who.email)).toBeNull();
    expect(await redrawCode(at(asked + HOUR + 5 * MINUTE), purpose, token, who.email)).toBeNull();
    expect(await enterCode(at(asked + HOUR), purpose, token, who.email, code)).toBeNull();
    expect(await enterCode(at(asked + HOUR - 1), purpose, token, who.email, code)).toMatchObject({ purpose, email: who.email });
  });

  it.each(PURPOSES)("an address takes 20 code tries an hour across its sign-ups and resets together: the 21st, on a %s, is refused", async (last) => {
    const who = await account();
    const now = Date.now();
    for (const purpose of ["signup", "reset", "signup", "reset"] as const) {
      const { token, code } = await issueCode(at(now), fields(purpose, who));
      for (let i = 0; i < 5; i++) await expect(enterCode(at(now), purpose, token, who.email, wrongFor(code))).rejects.toThrow(InvalidInputError);
    }
    const { token, code } = await issueCode(at(now), fields(last, who));
    await expect(enterCode(at(now), last, token, who.email, code)).rejects.toThrow(TooManyRequestsError);
    // The next hour the address may try again.
    const again = await issueCode(at(now + HOUR), fields(last, who));
    expect(await enterCode(at(now + HOUR), last, again.token, who.email, again.code)).toMatchObject({ purpose: last });
  });

  it("tries that name no live sign-up or reset of the address (a dead one, another purpose's) do not use up its tries", async () => {
    const who = await account();
    const now = Date.now();
    const old = await issueCode(at(now - HOUR), fields("signup", who));
    const other = await issueCode(at(now), fields("reset", who));
    for (let i = 0; i < 25; i++) {
      expect(await enterCode(at(now), "signup", old.token, who.email, old.code)).toBeNull();
      expect(await enterCode(at(now), "signup", other.token, who.email, other.code)).toBeNull();
    }
    expect(await enterCode(at(now), "reset", other.token, who.email, other.code)).toMatchObject({ purpose: "reset" });
  });

  it.each([
    ["signup", "reset"],
    ["reset", "signup"],
  ] as const)("a %s's token and code do nothing as a %s: nothing found, counted or resent, and they still work for their own", async (own, other) => {
    const who = await account();
    const now = Date.now();
    const { token, code } = await issueCode(at(now), fields(own, who));
    expect(await enterCode(at(now), other, token, who.email, code)).toBeNull();
    expect(await pendingResendWait(at(now), other, token, who.email)).toBeNull();
    expect(await redrawCode(at(now + 5 * MINUTE), other, token, who.email)).toBeNull();
    expect(await all("SELECT purpose, tries, sent_at FROM pending_codes WHERE email = ?", who.email)).toEqual([{ purpose: own, tries: 0, sent_at: now }]);
    expect(await enterCode(at(now), own, token, who.email, code)).toMatchObject({ purpose: own });
  });

  it.each(PURPOSES)("a %s's code works once: of two entries at once exactly one gets it, and a replay finds nothing", async (purpose) => {
    const who = await account();
    const now = Date.now();
    const { token, code } = await issueCode(at(now), fields(purpose, who));
    const entries = await Promise.allSettled([0, 1].map(() => enterCode(at(now), purpose, token, who.email, code)));
    const used = entries.filter((e) => e.status === "fulfilled" && e.value !== null);
    expect(used).toHaveLength(1);
    // The other found the code gone: before counting (nothing here) or after (no longer usable).
    const refused = entries.find((e) => !used.includes(e))!;
    if (refused.status === "rejected") expect(refused.reason).toMatchObject({ message: "This code can no longer be used. Please request a new code." });
    else expect(refused.value).toBeNull();
    expect(await enterCode(at(now), purpose, token, who.email, code)).toBeNull();
  });

  it.each(PURPOSES)("a resend racing the old code of a %s: either the old code is used or a new one drawn, never both", async (purpose) => {
    for (let round = 0; round < 4; round++) {
      const who = await account();
      const now = Date.now();
      const { token, code } = await issueCode(at(now - 5 * MINUTE), fields(purpose, who));
      const [resent, entered] = await Promise.allSettled([redrawCode(at(now), purpose, token, who.email), enterCode(at(now), purpose, token, who.email, code)]);
      const drawn = resent.status === "fulfilled" ? resent.value : null;
      const used = entered.status === "fulfilled" ? entered.value : null;
      expect([drawn, used].filter(Boolean)).toHaveLength(1);
      if (drawn) {
        if (drawn.code !== code) await expect(enterCode(at(now), purpose, token, who.email, code)).rejects.toThrow(InvalidInputError);
        expect(await enterCode(at(now), purpose, token, who.email, drawn.code)).toMatchObject({ purpose });
      } else {
        expect(await all("SELECT id FROM pending_codes WHERE email = ?", who.email)).toEqual([]);
      }
    }
  });

  it("two resets asked at once: each code fits its own browser only, and the one used ends the other", async () => {
    const who = await account();
    const now = Date.now();
    const [first, second] = await Promise.all([issueCode(at(now), fields("reset", who)), issueCode(at(now), fields("reset", who))]);
    const input = (code: string) => ({ email: who.email, code, password: "new-river-2027" });
    if (first.code !== second.code) await expect(resetPassword(at(now), first.token, input(second.code))).rejects.toThrow(InvalidInputError);
    await expect(resetPassword(at(now), first.token, input(first.code))).resolves.toMatchObject({ user: { email: who.email } });
    await expect(resetPassword(at(now), second.token, input(second.code))).rejects.toThrow(
      "We could not find a password reset waiting for this code in this browser. Please ask for a new code here.",
    );
  });

  it("the scheduled job purges sign-ups and resets a day after their code died, and keeps the rest", async () => {
    const who = await account();
    const now = Date.now();
    for (const purpose of PURPOSES) {
      await issueCode(at(now - 25 * HOUR), fields(purpose, who));
      await issueCode(at(now - 23 * HOUR), fields(purpose, who));
    }
    await runScheduledJobs(env, now);
    const left = await all<{ purpose: string; created_at: number }>("SELECT purpose, created_at FROM pending_codes WHERE email = ? ORDER BY id", who.email);
    expect(left).toEqual(PURPOSES.map((purpose) => ({ purpose, created_at: now - 23 * HOUR })));
  });
});

describe("the move to one table", () => {
  it("a sign-up and a reset waiting in the old tables while the migration runs carry on: their codes work, and the old tables are left empty", async () => {
    // The database as it was before the move (which only added pending_codes), with a sign-up and a reset in flight.
    const move = env.TEST_MIGRATIONS.find((m) => m.name.includes("_pending_codes"))!;
    await env.DB.batch([env.DB.prepare("DROP TABLE pending_codes"), env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind(move.name)]);
    const deps = at(Date.now());
    const secret = deps.config.sessionSecret;
    const now = Date.now();
    const { id: userId } = await one<{ id: number }>(
      "INSERT INTO users (name, email, email_verified_at) VALUES ('Asha Rani', 'moving-reset@example.in', 1) RETURNING id",
    );
    const hashes = async (token: string, code: string) => [await sha256(token), await sha256(`${secret}:${token}:${code}`)];
    await env.DB.prepare(
      "INSERT INTO signups (token_hash, email, name, phone, password_hash, lang, code_hash, expires_at, tries, sent_at, created_at) VALUES (?, 'moving-signup@example.in', 'Gita', '9876543210', 'pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA$x', 'te', ?, ?, 2, ?, ?)",
    )
      .bind(...(await hashes("signup-token", "123456")), now + 5 * MINUTE, now - 5 * MINUTE, now - 20 * MINUTE)
      .run();
    await env.DB.prepare(
      "INSERT INTO password_resets (token_hash, email, user_id, lang, code_hash, expires_at, tries, sent_at, created_at) VALUES (?, 'moving-reset@example.in', ?, 'en', ?, ?, 1, ?, ?)",
    )
      .bind(await sha256("reset-token"), userId, (await hashes("reset-token", "654321"))[1], now + 9 * MINUTE, now - MINUTE, now - MINUTE)
      .run();

    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

    expect(await all("SELECT purpose, email, tries, created_at FROM pending_codes ORDER BY purpose")).toEqual([
      { purpose: "reset", email: "moving-reset@example.in", tries: 1, created_at: now - MINUTE },
      { purpose: "signup", email: "moving-signup@example.in", tries: 2, created_at: now - 20 * MINUTE },
    ]);
    expect(await all("SELECT id FROM signups UNION ALL SELECT id FROM password_resets")).toEqual([]);
    const { user } = await verifyEmail(at(now), "signup-token", "moving-signup@example.in", "123456");
    expect(user).toMatchObject({ name: "Gita", phone: "9876543210", lang: "te" });
    await expect(
      resetPassword(at(now), "reset-token", { email: "moving-reset@example.in", code: "654321", password: "new-river-2027" }),
    ).resolves.toMatchObject({
      user: { id: userId },
    });
  });
});
