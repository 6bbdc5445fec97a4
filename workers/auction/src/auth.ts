import { bearerToken, findSessionUser, readApiToken, readSessionToken } from "../../../app/auth/session.server";
import { getConfig } from "../../../app/config.server";
import { getDb } from "../../../app/db/client.server";
import type { User } from "../../../app/db/schema";

type AuthEnv = { DB: D1Database } & Record<string, unknown>;

/**
 * Who is asking: a Bearer JWT naming a live session, or the store's signed session cookie. Both are checked
 * against the shared sessions table here; no other header can name a user.
 */
export async function authenticate(request: Request, env: AuthEnv): Promise<User | null> {
  const config = getConfig(env);
  const bearer = bearerToken(request);
  const token = bearer ? (await readApiToken(config, bearer))?.sessionToken : await readSessionToken(request, config);
  return token ? findSessionUser(getDb(env), token) : null;
}

/** How long a bidder's credentials, once checked, count as checked in this isolate. */
export const RECENT_SESSION_MS = 5_000;
const recentBidders = new Map<string, { user: User; until: number }>();

/**
 * Bids only. At the close a bidder sends several bids a second, and checking the credentials (the cookie's
 * signature, then the session in D1) is most of a bid's cost. So the exact credentials this isolate found
 * live in the last 5 seconds are not checked again: a session that ends (logout, expiry) can bid at most
 * that long after. A refusal is never remembered. Creating, cancelling and watching always check.
 */
export async function authenticateBidder(request: Request, env: AuthEnv): Promise<User | null> {
  const credentials = request.headers.get("Authorization") ?? request.headers.get("Cookie");
  if (!credentials || credentials.length > 2_000) return authenticate(request, env);
  const now = Date.now();
  const recent = recentBidders.get(credentials);
  if (recent && recent.until > now) return recent.user;
  recentBidders.delete(credentials);
  const user = await authenticate(request, env);
  if (user) {
    if (recentBidders.size >= 5_000) recentBidders.delete(recentBidders.keys().next().value!);
    recentBidders.set(credentials, { user, until: now + RECENT_SESSION_MS });
  }
  return user;
}
