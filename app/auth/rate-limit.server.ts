import { sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rateLimits } from "../db/schema";
import { TooManyRequestsError } from "../lib/errors";

export type Limit = { limit: number; windowMs: number };

/**
 * Throttles by fixed windows: per e-mail and per client address, so guessing stops quickly while a stranger
 * can lock nobody out for longer than one short window. Windows are short (minutes), never permanent.
 */
export const LIMITS = {
  loginPerEmail: { limit: 10, windowMs: 10 * 60_000 },
  loginPerClient: { limit: 30, windowMs: 10 * 60_000 },
  codePerClient: { limit: 30, windowMs: 10 * 60_000 },
  resendPerClient: { limit: 10, windowMs: 10 * 60_000 },
  registerPerClient: { limit: 10, windowMs: 10 * 60_000 },
  checkUserPerClient: { limit: 20, windowMs: 60_000 },
} satisfies Record<string, Limit>;

export const TOO_MANY = "Too many attempts. Please wait a moment and try again.";

/** Counts one hit; throws TooManyRequestsError (429 with Retry-After) once the window's limit is passed. */
export async function throttle(db: Db, key: string, { limit, windowMs }: Limit, now = Date.now()) {
  const windowStart = now - (now % windowMs);
  const [row] = await db
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
  if (row.count > limit) throw new TooManyRequestsError(TOO_MANY, (windowStart + windowMs - now) / 1000);
}

/** The client's address as Cloudflare reports it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
