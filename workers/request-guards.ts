/**
 * Refuses state-changing requests sent by another site (CSRF): a browser names the page's origin in `Origin`
 * (and `Sec-Fetch-Site`) on every POST; a different one is refused. Clients that send neither (curl, native
 * apps using the Bearer API) are not browsers carrying our cookies, so they pass.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}
