import { langOfPath, sentFromPageIn } from "../app/i18n/lang";
import { COOKIE_NAMES, parseCookieHeader } from "../app/web/cookies.server";
import { readTheme } from "../app/web/theme.server";

/**
 * Edge caching of public pages for anonymous visitors (Cache API).
 * - A request that carries any cookie but the theme is never answered from the cache and never stored
 *   (cookies are read by the app's one parser, so `__session =x` counts as a session).
 * - A response is stored only when the page itself says `public, s-maxage` and the app rendered it for nobody
 *   (`personal` is decided where the user is known: the load context).
 */
export function carriesPrivateCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return Object.keys(parseCookieHeader(header)).some((name) => name !== COOKIE_NAMES.theme);
}

function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.startsWith("/dev/")) return false;
  return !carriesPrivateCookie(request);
}

/**
 * The theme cookie changes the rendered HTML (no flash of the wrong theme), so it is part of the key; so is the
 * catalogue's version, so a product, price or catch change leaves every cached copy behind at once.
 */
async function cacheKey(request: Request, version: string): Promise<Request> {
  const url = new URL(request.url);
  url.searchParams.set("__theme", await readTheme(request));
  url.searchParams.set("__v", version);
  // A page's data carries the catalogue only when asked from a page in the other language (textsFor).
  if (url.pathname.endsWith(".data")) url.searchParams.set("__from", sentFromPageIn(request, langOfPath(url.pathname)) ? "same" : "other");
  return new Request(url.toString(), { method: "GET" });
}

function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && /(^|,)\s*public\s*(,|$)/.test(cacheControl) && cacheControl.includes("s-maxage") && !response.headers.has("Set-Cookie");
}

function withHeader(response: Response, name: string, value: string): Response {
  const copy = new Response(response.body, response);
  copy.headers.set(name, value);
  return copy;
}

/** A page rendered for someone (a user, a flash message) is private whatever its route said. */
function makePrivate(response: Response): Response {
  const out = withHeader(response, "x-cache", "BYPASS");
  out.headers.set("Cache-Control", "private, no-store");
  return out;
}

export async function withEdgeCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  cache: Cache,
  render: () => Promise<{ response: Response; personal: boolean }>,
  version: () => Promise<string | number> = async () => "1",
): Promise<Response> {
  if (!isCacheableRequest(request)) {
    const { response, personal } = await render();
    return personal || carriesPrivateCookie(request) ? makePrivate(response) : withHeader(response, "x-cache", "BYPASS");
  }
  const key = await cacheKey(request, String(await version()));
  const hit = await cache.match(key);
  if (hit) return withHeader(hit, "x-cache", "HIT");
  const { response, personal } = await render();
  if (personal) return makePrivate(response);
  if (!isStorable(response)) return withHeader(response, "x-cache", "BYPASS");
  const out = withHeader(response, "x-cache", "MISS");
  ctx.waitUntil(cache.put(key, out.clone()));
  return out;
}
