import type { User } from "../../../app/db/schema";
import type { Deps } from "../../../app/deps";
import { findCaller } from "../../../app/web/credentials.server";

/**
 * Who is asking: a Bearer JWT naming a live session, or the store's signed session cookie. Both are checked
 * against the shared sessions table (the same `findCaller` as the store's JSON API); no other header can name
 * a user.
 */
export async function authenticate(request: Request, deps: Deps): Promise<User | null> {
  const caller = await findCaller(request, deps);
  return caller && caller !== "invalid" ? caller.user : null;
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
export async function authenticateBidder(request: Request, deps: Deps): Promise<User | null> {
  // Both headers: the user may come from either (a Bearer token, else the cookie), so a header that names nobody
  // (a staging gate's Basic credentials, shared by every browser) must not stand for whoever sent it first.
  const credentials = `${request.headers.get("Authorization") ?? ""}\n${request.headers.get("Cookie") ?? ""}`;
  if (credentials.length === 1 || credentials.length > 4_000) return authenticate(request, deps);
  const now = deps.now();
  const recent = recentBidders.get(credentials);
  if (recent && recent.until > now) return recent.user;
  recentBidders.delete(credentials);
  const user = await authenticate(request, deps);
  if (user) {
    if (recentBidders.size >= 5_000) recentBidders.delete(recentBidders.keys().next().value!);
    recentBidders.set(credentials, { user, until: now + RECENT_SESSION_MS });
  }
  return user;
}
