import { readCookie } from "../app/web/cookies";
import { THEME_COOKIE } from "../app/web/theme.server";

/**
 * Edge caching of public pages for anonymous visitors (Cache API). Anything personal skips it: a request
 * that carries a session or flash cookie is never answered from the cache and never stored in it.
 */
export const PRIVATE_COOKIES = ["__session", "__flash"];

export function isPersonal(request: Request): boolean {
  return PRIVATE_COOKIES.some((name) => readCookie(request, name) !== undefined);
}

function isCacheableRequest(request: Request): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.startsWith("/dev/")) return false;
  return !isPersonal(request);
}

/** The theme cookie changes the rendered HTML (no flash of the wrong theme), so it is part of the key. */
function cacheKey(request: Request): Request {
  const url = new URL(request.url);
  const theme = readCookie(request, THEME_COOKIE);
  url.searchParams.set("__theme", theme === "dark" || theme === "system" ? theme : "light");
  return new Request(url.toString(), { method: "GET" });
}

function isStorable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    cacheControl.includes("public") &&
    cacheControl.includes("s-maxage") &&
    !response.headers.has("Set-Cookie")
  );
}

function withHeader(response: Response, name: string, value: string): Response {
  const copy = new Response(response.body, response);
  copy.headers.set(name, value);
  return copy;
}

export async function withEdgeCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  cache: Cache,
  render: () => Promise<Response>,
): Promise<Response> {
  if (!isCacheableRequest(request)) {
    const response = await render();
    const out = withHeader(response, "x-cache", "BYPASS");
    // Pages rendered for a signed-in visitor must never land in a shared cache.
    if (isPersonal(request)) out.headers.set("Cache-Control", "private, no-store");
    return out;
  }
  const key = cacheKey(request);
  const hit = await cache.match(key);
  if (hit) return withHeader(hit, "x-cache", "HIT");
  const response = await render();
  if (!isStorable(response)) return withHeader(response, "x-cache", "BYPASS");
  const out = withHeader(response, "x-cache", "MISS");
  ctx.waitUntil(cache.put(key, out.clone()));
  return out;
}
