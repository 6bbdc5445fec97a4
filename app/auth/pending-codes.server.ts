import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { AppConfig } from "~/config.server";
import { pendingCodes, type PendingCode } from "~/db/schema";
import type { Deps } from "~/deps";
import { accountTexts as m } from "~/i18n/texts";
import { InvalidInputError, TooManyRequestsError } from "~/lib/errors";
import { randomCode, randomToken, safeEqual, sha256 } from "~/lib/crypto.server";
import { CODE_LIFETIME_MS, codeUnusableReason, RESEND_INTERVAL_MS, resendWaitSeconds } from "./otp-rules";
import { LIMITS, throttle } from "./rate-limit.server";
import { SIGNUP_TTL_MS, type CodePurpose } from "./session.server";

/*
 * The one mechanism behind sign-up and password-reset codes: a code mailed to an address, entered in the browser
 * (or API client) that asked for it, for the purpose it was asked for. The rules, the same for both:
 * - a sign-up or reset lives an hour from when it was asked (its `created_at` on the server), resends included;
 * - a code lasts 10 minutes and 5 tries, every try counted atomically before the comparison, and works once;
 * - one resend per 300 s, and two resends at once draw one code;
 * - an address takes 20 code tries an hour across all its sign-ups and resets; only a try on a live one counts,
 *   so tries that name none cannot lock the address.
 */

/** A mailed code as stored: bound to the secret and to the token of the browser that asked for it. */
const codeHash = (config: AppConfig, token: string, code: string) => sha256(`${config.sessionSecret}:${token}:${code}`);

/** What a pending code is about: its purpose, address, page language, and a sign-up's account to be or a reset's account. */
export type PendingFields = Pick<typeof pendingCodes.$inferInsert, "purpose" | "email" | "lang" | "userId" | "name" | "phone" | "address" | "passwordHash">;

/**
 * Stores a pending code and returns the token only the asking browser will hold, with the code to mail.
 * `mailWaitSeconds`: when no code may be mailed yet, the seconds until one may; the resend countdown then ends
 * at that time (within the usual 300 s).
 */
export async function issueCode(deps: Pick<Deps, "db" | "config" | "now">, fields: PendingFields, mailWaitSeconds = 0) {
  const now = deps.now();
  const token = randomToken();
  const code = randomCode();
  await deps.db.insert(pendingCodes).values({
    ...fields,
    tokenHash: await sha256(token),
    codeHash: await codeHash(deps.config, token, code),
    expiresAt: now + CODE_LIFETIME_MS,
    sentAt: mailWaitSeconds > 0 ? now - RESEND_INTERVAL_MS + Math.min(mailWaitSeconds * 1000, RESEND_INTERVAL_MS) : now,
    createdAt: now,
  });
  return { token, code };
}

/** The pending code of `purpose` for `email` that this browser's token names, while it lives. */
const thisPending = async (purpose: CodePurpose, token: string, email: string, now: number) =>
  and(
    eq(pendingCodes.tokenHash, await sha256(token)),
    eq(pendingCodes.purpose, purpose),
    eq(pendingCodes.email, email),
    gt(pendingCodes.createdAt, now - SIGNUP_TTL_MS),
  );

async function findPending(deps: Pick<Deps, "db" | "now">, purpose: CodePurpose, token: string | null, email: string) {
  if (!token) return null;
  const [row] = await deps.db
    .select()
    .from(pendingCodes)
    .where(await thisPending(purpose, token, email, deps.now()))
    .limit(1);
  return row ?? null;
}

/** Seconds before this browser's sign-up or reset may be sent another code; null when it has none for `email`. */
export async function pendingResendWait(deps: Pick<Deps, "db" | "now">, purpose: CodePurpose, token: string | null, email: string) {
  const pending = await findPending(deps, purpose, token, email);
  return pending ? resendWaitSeconds(pending, deps.now()) : null;
}

/**
 * Draws a new code for this browser's sign-up or reset: the old code dies and the new one has its own 10 minutes
 * and 5 tries (the sign-up or reset still ends an hour after it was asked). At most once per 300 s, and not
 * before `mailWait` (the caller's own wait, asked only once the 300 s are over) says a code may go out. Returns
 * the pending code and the code to mail, or null when this browser has none for `email`.
 */
export async function redrawCode(
  deps: Pick<Deps, "db" | "config" | "client" | "now">,
  purpose: CodePurpose,
  token: string | null,
  email: string,
  mailWait: (pending: PendingCode) => Promise<number> | number = () => 0,
): Promise<{ pending: PendingCode; code: string } | null> {
  await throttle(deps, `resend:ip:${deps.client}`, LIMITS.resendPerClient);
  const pending = await findPending(deps, purpose, token, email);
  if (!pending || !token) return null;
  const now = deps.now();
  const wait = resendWaitSeconds(pending, now) || (await mailWait(pending));
  if (wait > 0) throw new TooManyRequestsError(m.resendWait, wait);
  const code = randomCode();
  // Conditional on the previous send time, so two resends at once draw (and mail) one code.
  const [updated] = await deps.db
    .update(pendingCodes)
    .set({ codeHash: await codeHash(deps.config, token, code), expiresAt: now + CODE_LIFETIME_MS, tries: 0, sentAt: now })
    .where(and(eq(pendingCodes.id, pending.id), eq(pendingCodes.sentAt, pending.sentAt)))
    .returning({ id: pendingCodes.id });
  if (!updated) throw new TooManyRequestsError(m.resendWait, resendWaitSeconds({ sentAt: now }, now));
  return { pending, code };
}

/**
 * Spends one try of this browser's sign-up or reset on `code`, and uses the pending code up if it is the one:
 * returns it, deleted (only the request that deletes it goes on). Returns null when this browser has no live
 * pending code of `purpose` for `email` (and nothing is counted); otherwise refuses the code as wrong, or as dead
 * (expired, out of tries, or already used), or the address as out of tries for the hour. `ownerBrowser`: the
 * pending code was asked from a browser that has signed in to its account, whose tries count apart, so strangers
 * spending the address's tries cannot lock the owner out.
 */
export async function enterCode(
  deps: Pick<Deps, "db" | "config" | "client" | "now">,
  purpose: CodePurpose,
  token: string | null,
  email: string,
  code: string,
  ownerBrowser: (pending: PendingCode) => boolean = () => false,
): Promise<PendingCode | null> {
  await throttle(deps, `code:ip:${deps.client}`, LIMITS.codePerClient);
  const now = deps.now();
  if (!token) return null;
  // Every try is counted before the comparison, so concurrent guesses cannot exceed the limit.
  const [counted] = await deps.db
    .update(pendingCodes)
    .set({ tries: sql`${pendingCodes.tries} + 1` })
    .where(await thisPending(purpose, token, email, now))
    .returning();
  if (!counted) return null;
  await throttle(deps, `${ownerBrowser(counted) ? "code:email-known" : "code:email"}:${email}`, LIMITS.codePerEmail);
  if (codeUnusableReason({ expiresAt: counted.expiresAt, failedAttempts: counted.tries - 1, sentAt: counted.sentAt }, now))
    throw new InvalidInputError(m.deadCode);
  const given = await codeHash(deps.config, token, code);
  // A reset asked for an address without an account answers as a real one, but no code ever matches it.
  const matches = (counted.purpose === "signup" || counted.userId !== null) && safeEqual(given, counted.codeHash);
  if (!matches) {
    throw new InvalidInputError(codeUnusableReason({ ...counted, failedAttempts: counted.tries }, now) ? m.deadCode : m.wrongCode);
  }
  const [used] = await deps.db
    .delete(pendingCodes)
    .where(and(eq(pendingCodes.id, counted.id), eq(pendingCodes.codeHash, counted.codeHash)))
    .returning();
  if (!used) throw new InvalidInputError(m.deadCode);
  return used;
}

/** Ends every pending code of `purpose` for `email` (a statement, so it can run in a batch). */
export function endPendingCodes(deps: Pick<Deps, "db">, purpose: CodePurpose, email: string) {
  return deps.db.delete(pendingCodes).where(and(eq(pendingCodes.purpose, purpose), eq(pendingCodes.email, email)));
}

/** Sign-ups and resets nobody finished, a day after their code died (no resend can revive them): the cron purge. */
export function purgeDeadCodes(deps: Pick<Deps, "db" | "now">, now = deps.now()) {
  return deps.db.delete(pendingCodes).where(lt(pendingCodes.expiresAt, now - 24 * 60 * 60_000));
}
