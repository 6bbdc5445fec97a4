/**
 * The one check for redirect targets (login, theme, Google's return path, cart): the target is resolved
 * against our own origin and accepted only if it stays on it, as a path without control characters or
 * backslashes (browsers drop tabs and newlines from URLs, so `/\t/evil.example` would leave the site).
 */
const ORIGIN = "https://same-origin.invalid";

export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  // Control characters (C0, DEL, C1), backslashes and anything that is not a plain path start are refused
  // before parsing, so the browser's own clean-up cannot turn them into another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is this check's purpose
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(target) || !target.startsWith("/") || target.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("//") ? fallback : path;
}

/** The page a form was posted from (its Referer), when that page is on our origin; else `fallback`. */
export function sameOriginReferer(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(request.url).origin) return fallback;
  return safeRedirect(url.pathname + url.search, fallback);
}
