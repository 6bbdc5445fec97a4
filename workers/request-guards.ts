/** Form posts above this are refused before anything reads them (the largest is an auction image, 2 MB). */
export const MAX_FORM_BYTES = 3 * 1024 * 1024;

/**
 * A page's form post that no action could read (another content type, a broken multipart body, too large)
 * is answered 400/413/415 here, so no action ever throws on it. The JSON API parses its own bodies.
 */
export async function unreadableForm(request: Request): Promise<Response | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  if (new URL(request.url).pathname.startsWith("/api/")) return null;
  const refuse = (status: number, error: string) => Response.json({ success: false, error }, { status, headers: { "Cache-Control": "no-store" } });
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FORM_BYTES) return refuse(413, "The form is too large.");
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return refuse(415, "Please send the form again from the page.");
  }
  try {
    await request.clone().formData();
    return null;
  } catch {
    return refuse(400, "Please send the form again from the page.");
  }
}

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
