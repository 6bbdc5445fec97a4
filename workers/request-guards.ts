import { MAX_CLAIM_FILES_BYTES } from "../app/claims/rules";
import { claimMessages } from "../app/i18n/claims.messages";
import { BodyTooLargeError, limitedRequest } from "../app/web/body-limit.server";

/** Form posts above this are refused, counted as they are read (the largest is an auction image, 2 MB). */
export const MAX_FORM_BYTES = 3 * 1024 * 1024;
/** The admin's product photo upload carries up to a 5 MB photo. */
const MAX_PHOTO_FORM_BYTES = 6 * 1024 * 1024;
/** A customer's problem report carries its photos and videos, and a little text. */
export const MAX_CLAIM_FORM_BYTES = MAX_CLAIM_FILES_BYTES + 1024 * 1024;
const TOO_LARGE = "The form is too large.";

/** A page's cap and what to say above it. With JavaScript, Remix posts a page's form to its path + ".data". */
function capFor(pathname: string): { bytes: number; message: string } {
  const page = pathname.replace(/\.data$/, "");
  if (/^\/admin-dashboard\/products\/\d+$/.test(page)) return { bytes: MAX_PHOTO_FORM_BYTES, message: TOO_LARGE };
  if (/^\/orders\/[^/]+\/claim$/.test(page)) return { bytes: MAX_CLAIM_FORM_BYTES, message: claimMessages.errors.tooLarge };
  return { bytes: MAX_FORM_BYTES, message: TOO_LARGE };
}

/**
 * A page's form post, read once within its cap and handed on as a new request over those bytes (so no
 * action reads the client's unbounded stream), or the 400/413/415 answer for what no action could read
 * (another content type, a broken multipart body, too large), so no action ever throws on it. The JSON API
 * parses its own bodies, each within its own cap.
 */
export async function readableForm(request: Request): Promise<Request | Response> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  if (new URL(request.url).pathname.startsWith("/api/")) return request;
  const cap = capFor(new URL(request.url).pathname);
  const refuse = (status: number, error: string) => Response.json({ success: false, error }, { status, headers: { "Cache-Control": "no-store" } });
  if (Number(request.headers.get("Content-Length") ?? 0) > cap.bytes) return refuse(413, cap.message);
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) {
    return refuse(415, "Please send the form again from the page.");
  }
  let form: Request;
  try {
    form = await limitedRequest(request, cap.bytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse(413, cap.message);
    return refuse(400, "Please send the form again from the page.");
  }
  try {
    await form.clone().formData();
    return form;
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
