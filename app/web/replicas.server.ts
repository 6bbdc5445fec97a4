import type { AppConfig } from "../config.server";
import { isBookmark, type ReadStart, type RequestDb } from "../db/client.server";
import { appCookies, COOKIE_NAMES, parseCookieHeader } from "./cookies.server";

/**
 * Which copy of the database answers a request (D1 read replicas; docs/read-replicas.md). (Relative imports: the
 * load context bundles this file.)
 * - A form post (and any other write) starts on the primary, and so does Google's return (it signs in), and every
 *   money and stock step (`onPrimary`).
 * - A signed-in shopper's page reads from a copy at least as new as the bookmark their last write left in the
 *   `__d1b` cookie, so an order placed, a cart changed or a cancel shows on the next page wherever it is served;
 *   without one (just signed in), from the primary.
 * - Anyone else's page may be answered by any replica: it shows the catalogue a moment old at worst, and it is
 *   the page the edge cache shares.
 */
export async function readStart(request: Request, config: AppConfig, signedIn: boolean): Promise<ReadStart> {
  if (request.method !== "GET" && request.method !== "HEAD") return "first-primary";
  // Google's return signs in, links or creates an account by a GET: accounts are never decided on a replica's copy.
  if (new URL(request.url).pathname.startsWith("/auth/")) return "first-primary";
  if (!signedIn) return "first-unconstrained";
  const bookmark = await readBookmark(request, config);
  return bookmark ? { bookmark } : "first-primary";
}

async function readBookmark(request: Request, config: AppConfig): Promise<string | null> {
  const value: unknown = await appCookies(config).bookmark.parse(request.headers.get("Cookie"));
  return isBookmark(value) ? value : null;
}

function carriesBookmark(request: Request): boolean {
  const header = request.headers.get("Cookie");
  return header !== null && COOKIE_NAMES.bookmark in parseCookieHeader(header);
}

/** A response that clears the session cookie signs its browser out (sign-out). */
function signsOut(response: Response): boolean {
  const prefix = `${COOKIE_NAMES.session}=`;
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(prefix) && /;\s*Max-Age=0(;|$)/i.test(cookie));
}

/**
 * The `__d1b` cookie for a request's response, or null to leave it alone:
 * - for a signed-in shopper whose request wrote (or read on the primary), the newest bookmark it reached (a page
 *   that only read leaves it: a tab still showing an older page never winds another tab's newer one back);
 * - cleared once nobody is signed in (sign-out, an expired or revoked session), so a signed-out browser carries no
 *   cookie but the theme and the edge cache serves it again;
 * - never on a response the edge cache shares (the request carried no cookie but the theme, so no bookmark).
 */
export async function bookmarkCookie(
  request: Request,
  response: Response,
  config: AppConfig,
  signedIn: boolean,
  database: Pick<RequestDb, "bookmark" | "advanced">,
): Promise<string | null> {
  const cache = response.headers.get("x-cache");
  if (cache === "HIT" || cache === "MISS") return null;
  const cookie = appCookies(config).bookmark;
  if (!signedIn || signsOut(response)) return carriesBookmark(request) ? cookie.serialize("", { maxAge: 0 }) : null;
  if (!database.advanced()) return null;
  const reached = database.bookmark();
  return reached === null ? null : cookie.serialize(reached);
}

/**
 * Where a request read, for `npm run bench:replicas` (sent in development only): where its reads started (any
 * replica, a copy at least as new as the shopper's bookmark, or the primary) and whether it went to the primary.
 */
export function readsHeader(database: Pick<RequestDb, "start" | "usedPrimary">): string {
  const start = database.start === "first-unconstrained" ? "any-replica" : database.start === "first-primary" ? "primary" : "bookmark";
  return `${start}; primary=${database.usedPrimary() ? 1 : 0}`;
}
