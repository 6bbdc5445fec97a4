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
    headers.set("Cache-Control", `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${sharedSeconds * 6}`);
    return headers;
  };
}
