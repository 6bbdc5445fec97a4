import { eq } from "drizzle-orm";
import { sessions, users, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { accountTexts as m } from "~/i18n/texts";
import { InvalidInputError, NotFoundError, TooManyRequestsError } from "~/lib/errors";
import { passwordChangedMail, resetCodeMail } from "~/mail/mail.server";
import { findAccount } from "./accounts.server";
import { hashPassword } from "~/lib/crypto.server";
import { RESEND_INTERVAL_MS } from "./otp-rules";
import { endPendingCodes, enterCode, issueCode, redrawCode } from "./pending-codes.server";
import { claimAfterGap, LIMITS, throttle } from "./rate-limit.server";
import { createSession } from "./session.server";

/**
 * Forgot password: a 6-digit code mailed to the address, entered with a new password in the browser (or API
 * client) that asked, under the rules of every pending code (pending-codes.server.ts). The same answer, in the
 * same time, whether or not the address has an account: the same queries run either way, and a code goes out
 * after the response. The codes are mailed in the language of the page the reset was asked on. A reset ends
 * every session and API token of the account, signs this browser in, and mails the owner (in the account's
 * language) that the password changed.
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
  const { token, code } = await issueCode(deps, { purpose: "reset", email, userId: account?.id ?? null, lang: deps.lang }, wait);
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

/**
 * Mails a new code for this browser's reset, at most once per 300 s (two resends at once mail one code); from a
 * browser that has not signed in to the account, only as `startPasswordReset` would mail one.
 */
export async function resendResetCode(deps: Deps, token: string | null, email: string, options: KnownBrowser = {}): Promise<void> {
  const resent = await redrawCode(deps, "reset", token, email, (reset) => (isKnown(options, reset.userId) ? 0 : mailWait(deps, email)));
  if (!resent) throw new NotFoundError(m.noResetHere);
  const account = await findAccount(deps, email);
  if (account && resent.pending.userId !== null)
    await deps.afterResponse(() => deps.mailer.send(resetCodeMail(deps.config, { email, name: account.name, lang: resent.pending.lang }, resent.code)));
}

/**
 * Checks the code of this browser's reset and sets the new password. The owner's own browsers count their tries
 * apart from everyone else's. Ends every session of the account (API tokens name a session, so they die too)
 * and returns a new one for this browser.
 */
export async function resetPassword(
  deps: Deps,
  token: string | null,
  input: { email: string; code: string; password: string },
  options: KnownBrowser = {},
): Promise<{ user: User; token: string }> {
  const reset = await enterCode(deps, "reset", token, input.email, input.code, (pending) => isKnown(options, pending.userId));
  if (!reset) throw new InvalidInputError(m.noResetHere);
  // A reset whose code matched names its account.
  const userId = reset.userId!;
  const passwordHash = await hashPassword(input.password);
  const [updated] = await deps.db.batch([
    deps.db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning(),
    deps.db.delete(sessions).where(eq(sessions.userId, userId)),
    endPendingCodes(deps, "reset", reset.email),
  ]);
  const user = updated[0];
  if (!user) throw new InvalidInputError(m.deadCode);
  await deps.mailer.send(passwordChangedMail(deps.config, user));
  return { user, token: await createSession(deps, user.id) };
}
