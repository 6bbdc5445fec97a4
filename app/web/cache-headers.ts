import type { HeadersFunction } from "@remix-run/cloudflare";

/**
 * Public pages: browsers revalidate every time (so a theme or sign-in change shows at once), shared caches
 * and the Worker's edge cache keep them for `sharedSeconds`.
 */
export function publicPage(sharedSeconds: number): HeadersFunction {
  return ({ parentHeaders, loaderHeaders }) => {
    const headers = new Headers();
    const cookie = loaderHeaders.get("Set-Cookie") ?? parentHeaders.get("Set-Cookie");
    if (cookie) headers.set("Set-Cookie", cookie);
    // No stale-while-revalidate: a browser would answer from its copy rendered for nobody after the shopper signs
    // in (a page's data asked by a link), and the edge cache does not use it.
    headers.set("Cache-Control", `public, max-age=0, s-maxage=${sharedSeconds}`);
    return headers;
  };
}
