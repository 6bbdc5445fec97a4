/** The one-time code rules: 10 minutes, 5 wrong tries, one resend per 300 s. Pure, so they are unit-tested on their own. */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;
export const RESEND_INTERVAL_MS = 300_000;

export type CodeState = { expiresAt: number; failedAttempts: number; sentAt: number };

/** Why a stored code cannot be used any more, or null if it can be tried. */
export function codeUnusableReason(state: CodeState | null, now: number): "missing" | "expired" | "exhausted" | null {
  if (!state) return "missing";
  if (state.failedAttempts >= MAX_WRONG_TRIES) return "exhausted";
  if (now >= state.expiresAt) return "expired";
  return null;
}

/** Seconds until another code may be sent (0 when allowed now). */
export function resendWaitSeconds(state: Pick<CodeState, "sentAt"> | null, now: number): number {
  if (!state) return 0;
  return Math.max(0, Math.ceil((state.sentAt + RESEND_INTERVAL_MS - now) / 1000));
}
