import { eq, lt, lte, sql } from "drizzle-orm";
import { rateLimits } from "../db/schema";
import type { Deps } from "../deps";
import { accountTexts } from "../i18n/catalogue";
import { TooManyRequestsError } from "../lib/errors";

export type Limit = { limit: number; windowMs: number };

/**
 * Throttles by fixed windows. Password guessing stops per account and address (10 tries) and per address
 * (30); the per-account cap across all addresses (50) stops a botnet but is skipped for browsers that have
 * signed in to that account before, so nobody can lock the owner out. Windows are minutes, never permanent.
 */
export const LIMITS = {
  loginPerEmailAndClient: { limit: 10, windowMs: 10 * 60_000 },
  loginPerEmail: { limit: 50, windowMs: 10 * 60_000 },
  registerPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  loginPerClient: { limit: 30, windowMs: 10 * 60_000 },
  codePerClient: { limit: 30, windowMs: 10 * 60_000 },
  // Every code try for an address, across its sign-ups or resets and their resends (5 tries per code allow 4 codes).
  codePerEmail: { limit: 20, windowMs: 60 * 60_000 },
  resendPerClient: { limit: 10, windowMs: 10 * 60_000 },
  registerPerClient: { limit: 10, windowMs: 10 * 60_000 },
  checkUserPerClient: { limit: 20, windowMs: 60_000 },
  // Reset codes mailed to an address for browsers that never signed in to it (its owner's browsers are not counted).
  resetPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  resetPerClient: { limit: 10, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/** Rows of windows that ended long ago (the cron purge). */
export function purgeOldRateLimits(deps: Pick<Deps, "db" | "now">, now = deps.now()) {
  return deps.db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 24 * 60 * 60_000));
}

/** Counts one hit; throws TooManyRequestsError (429 with Retry-After) once the window's limit is passed. */
export async function throttle(deps: Pick<Deps, "db" | "now">, key: string, { limit, windowMs }: Limit, now = deps.now()) {
  const windowStart = now - (now % windowMs);
  const [row] = await deps.db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart} then ${rateLimits.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  if (row.count > limit) throw new TooManyRequestsError(accountTexts.tooMany, (windowStart + windowMs - now) / 1000);
}

/**
 * Claims `key` if it was last claimed at least `gapMs` ago (a gap measured from the last claim, not a fixed
 * window): one conditional write, so of many concurrent claims exactly one succeeds. Returns 0 when claimed,
 * else the seconds until it may be claimed again.
 */
export async function claimAfterGap(deps: Pick<Deps, "db" | "now">, key: string, gapMs: number, now = deps.now()): Promise<number> {
  const [claimed] = await deps.db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, windowStart: now },
      setWhere: lte(rateLimits.windowStart, now - gapMs),
    })
    .returning({ key: rateLimits.key });
  if (claimed) return 0;
  const [held] = await deps.db.select({ at: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  return Math.max(1, Math.ceil(((held?.at ?? now) + gapMs - now) / 1000));
}
