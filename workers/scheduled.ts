import { purgeDeadSignups } from "../app/auth/accounts.server";
import { purgeOldRateLimits } from "../app/auth/rate-limit.server";
import { purgeExpiredSessions } from "../app/auth/session.server";
import { getDb } from "../app/db/client.server";

/**
 * The app Worker's Cron Trigger (wrangler.toml `[triggers]`): tables that would otherwise only grow lose their
 * dead rows (expired sessions, sign-ups nobody finished, old rate-limit windows).
 */
export async function purgeExpiredRows(env: { DB: D1Database }, now = Date.now()) {
  const db = getDb(env);
  await db.batch([purgeExpiredSessions(db, now), purgeDeadSignups(db, now), purgeOldRateLimits(db, now)]);
}
