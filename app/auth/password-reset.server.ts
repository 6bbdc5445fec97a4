import { and, eq, gt, lt, sql } from "drizzle-orm";
import { passwordResets, sessions, users, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { accountTexts as m } from "~/i18n/catalogue";
import { InvalidInputError, NotFoundError, TooManyRequestsError } from "~/lib/errors";
import { passwordChangedMail, resetCodeMail } from "~/mail/mail.server";
import { codeHash, findAccount } from "./accounts.server";
import { hashPassword, randomCode, randomToken, safeEqual, sha256 } from "./crypto.server";
import { CODE_LIFETIME_MS, codeUnusableReason, RESEND_INTERVAL_MS, resendWaitSeconds } from "./otp-rules";
import { claimAfterGap, LIMITS, throttle } from "./rate-limit.server";
import { createSession, SIGNUP_TTL_MS } from "./session.server";

/**
 * Forgot password: a 6-digit code mailed to the address, entered with a new password in the browser (or API
 * client) that asked. The same limits as sign-up codes (10 minutes, 5 tries counted before comparing, one
 * resend per 300 s), and the same answer, in the same time, whether or not the address has an account: the same
 * queries run either way, and a code goes out after the response. The codes are mailed in the language of the
 * page the reset was asked on. A reset lives an hour from when it was asked, resends included, and an address
 * takes a bounded number of code tries an hour whatever the number of resets. A reset ends every session and API
 * token of the account, signs this browser in, and mails the owner (in the account's language) that the password
 * changed.
 *
 * Strangers can neither lock the owner out nor flood their inbox. Asking is never refused for the address's sake
 * (only a client asking too often is): a browser that has signed in to the account before (`knownAccountIds`, the
 * signed cookie login trusts) always gets its code, and its code tries have their own hourly count; any other
 * browser's reset mails a code only when none went to the address for such a browser in the last 300 s, and at
 * most 5 an hour (`mailWait`). Otherwise the answer is the same and its page's resend countdown says when a code
 * can be asked again.
 */
export async function startPasswordReset(deps: Deps, email: string, options: KnownBrowser = {}): Promise<{ token: string }> {
  await throttle(deps, `reset:ip:${deps.client}`, LIMITS.resetPerClient);
  const account = await findAccount(deps, email);
  const wait = isKnown(options, account?.id) ? 0 : await mailWait(deps, email);
  const now = deps.now();
  const token = randomToken();
  const code = randomCode();
  await deps.db.insert(passwordResets).values({
    tokenHash: await sha256(token),
    email,
    userId: account?.id ?? null,
    lang: deps.lang,
    codeHash: await codeHash(deps.config, token, code),
    expiresAt: now + CODE_LIFETIME_MS,
    // No code went out: the resend countdown ends when one may (within the usual 300 s).
    sentAt: wait > 0 ? now - RESEND_INTERVAL_MS + Math.min(wait * 1000, RESEND_INTERVAL_MS) : now,
    createdAt: now,
  });
  if (account && wait === 0) await deps.afterResponse(() => deps.mailer.send(resetCodeMail(deps.config, { email, name: account.name, lang: deps.lang }, code)));
  return { token };
}

/** The accounts the asking browser has signed in to before (read from its signed cookie by the route). */
export type KnownBrowser = { knownAccountIds?: number[] };

const isKnown = (options: KnownBrowser, userId: number | null | undefined) => userId != null && (options.knownAccountIds ?? []).includes(userId);

/**
 * Seconds before a code may be mailed to `email` for a browser that has not signed in to it: 0 (and the mail is
 * counted) when none went out for such a browser in the last 300 s and fewer than 5 this hour. Counted whether
 * or not the address has an account, so the answers never tell.
 */
async function mailWait(deps: Pick<Deps, "db" | "now">, email: string): Promise<number> {
  const gap = await claimAfterGap(deps, `reset:mail:${email}`, RESEND_INTERVAL_MS);
  if (gap > 0) return gap;
  try {
    await throttle(deps, `reset:email:${email}`, LIMITS.resetPerEmail);
    return 0;
  } catch (error) {
    if (error instanceof TooManyRequestsError) return error.retryAfterSeconds ?? RESEND_INTERVAL_MS / 1000;
    throw error;
  }
}

/** This browser's reset for `email`, while it lives (an hour from when it was asked). */
const thisReset = async (token: string, email: string, now: number) =>
  and(eq(passwordResets.tokenHash, await sha256(token)), eq(passwordResets.email, email), gt(passwordResets.createdAt, now - SIGNUP_TTL_MS));

async function findReset(deps: Pick<Deps, "db" | "now">, token: string | null, email: string) {
  if (!token) return null;
  const [row] = await deps.db
    .select()
    .from(passwordResets)
    .where(await thisReset(token, email, deps.now()))
    .limit(1);
  return row ?? null;
}

/** Seconds before this browser's reset may be sent another code; null when this browser has no reset for `email`. */
export async function resetResendWait(deps: Pick<Deps, "db" | "now">, token: string | null, email: string): Promise<number | null> {
  const reset = await findReset(deps, token, email);
  return reset ? resendWaitSeconds(reset, deps.now()) : null;
}

/**
 * Mails a new code for this browser's reset, at most once per 300 s (two resends at once mail one code); from a
 * browser that has not signed in to the account, only as `startPasswordReset` would mail one.
 */
export async function resendResetCode(deps: Deps, token: string | null, email: string, options: KnownBrowser = {}): Promise<void> {
  await throttle(deps, `resend:ip:${deps.client}`, LIMITS.resendPerClient);
  const reset = await findReset(deps, token, email);
  if (!reset) throw new NotFoundError(m.noResetHere);
  const now = deps.now();
  const wait = resendWaitSeconds(reset, now) || (isKnown(options, reset.userId) ? 0 : await mailWait(deps, email));
  if (wait > 0) throw new TooManyRequestsError(m.resendWait, wait);
  const code = randomCode();
  const [updated] = await deps.db
    .update(passwordResets)
    .set({ codeHash: await codeHash(deps.config, token!, code), expiresAt: now + CODE_LIFETIME_MS, tries: 0, sentAt: now })
    .where(and(eq(passwordResets.id, reset.id), eq(passwordResets.sentAt, reset.sentAt)))
    .returning({ id: passwordResets.id });
  if (!updated) throw new TooManyRequestsError(m.resendWait, resendWaitSeconds({ sentAt: now }, now));
  const account = await findAccount(deps, email);
  if (account && reset.userId !== null)
    await deps.afterResponse(() => deps.mailer.send(resetCodeMail(deps.config, { email, name: account.name, lang: reset.lang }, code)));
}

/**
 * Checks the code of this browser's reset and sets the new password: every try is counted atomically before
 * the comparison; the code is single use. Ends every session of the account (API tokens name a session, so
 * they die too) and returns a new one for this browser.
 */
export async function resetPassword(
  deps: Deps,
  token: string | null,
  input: { email: string; code: string; password: string },
  options: KnownBrowser = {},
): Promise<{ user: User; token: string }> {
  await throttle(deps, `code:ip:${deps.client}`, LIMITS.codePerClient);
  const now = deps.now();
  if (!token) throw new InvalidInputError(m.noResetHere);
  const [counted] = await deps.db
    .update(passwordResets)
    .set({ tries: sql`${passwordResets.tries} + 1` })
    .where(await thisReset(token, input.email, now))
    .returning();
  if (!counted) throw new InvalidInputError(m.noResetHere);
  // Only a try on a live reset counts towards the address's tries: one that names none cannot lock it. The
  // owner's own browsers count theirs apart, so strangers spending the address's tries cannot lock them out.
  const tries = isKnown(options, counted.userId) ? "code:email-known" : "code:email";
  await throttle(deps, `${tries}:${input.email}`, LIMITS.codePerEmail);
  if (codeUnusableReason({ expiresAt: counted.expiresAt, failedAttempts: counted.tries - 1, sentAt: counted.sentAt }, now))
    throw new InvalidInputError(m.deadCode);
  const given = await codeHash(deps.config, token, input.code);
  const matches = counted.userId !== null && safeEqual(given, counted.codeHash);
  if (!matches) throw new InvalidInputError(codeUnusableReason({ ...counted, failedAttempts: counted.tries }, now) ? m.deadCode : m.wrongCode);
  // Single use: only the request that deletes the reset goes on.
  const [reset] = await deps.db
    .delete(passwordResets)
    .where(and(eq(passwordResets.id, counted.id), eq(passwordResets.codeHash, counted.codeHash)))
    .returning();
  if (!reset?.userId) throw new InvalidInputError(m.deadCode);
  const passwordHash = await hashPassword(input.password);
  const [updated] = await deps.db.batch([
    deps.db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId)).returning(),
    deps.db.delete(sessions).where(eq(sessions.userId, reset.userId)),
    deps.db.delete(passwordResets).where(eq(passwordResets.email, reset.email)),
  ]);
  const user = updated[0];
  if (!user) throw new InvalidInputError(m.deadCode);
  await deps.mailer.send(passwordChangedMail(deps.config, user));
  return { user, token: await createSession(deps, user.id) };
}

/** Resets nobody finished, a day after their code died (the cron purge). */
export function purgeDeadResets(deps: Pick<Deps, "db" | "now">, now = deps.now()) {
  return deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, now - 24 * 60 * 60_000));
}
