import type { ServerBuild } from "@remix-run/cloudflare";
import { MAX_PHOTO_BYTES } from "../app/catalog/photos";
import { MAX_CLAIM_FILES_BYTES } from "../app/claims/rules";
import { MAX_WEIGHING_FILES_BYTES } from "../app/landings/rules";
import { errorMessages } from "../app/i18n/errors.messages";
import { langOfPath, localePath, pathInLang } from "../app/i18n/lang";
import { errorMessages as teErrors } from "../app/i18n/te/errors.messages";
import { readBytesUpTo } from "../app/web/body-limit.server";

/** Form posts above this are refused, counted as they are read: only an upload page's form carries more than a few kB. */
export const MAX_FORM_BYTES = 3 * 1024 * 1024;
/** The admin's forms with a photo (a product's, an auction's) carry a phone photo as it is, and a few fields. */
export const MAX_PHOTO_FORM_BYTES = MAX_PHOTO_BYTES + 1024 * 1024;
/** A customer's problem report carries its photos and videos, and a little text. */
export const MAX_CLAIM_FORM_BYTES = MAX_CLAIM_FILES_BYTES + 1024 * 1024;
/** A weighing carries each fish's photos on the scale (and maybe a short video) as the phone took them, and the weights. */
export const MAX_WEIGHING_FORM_BYTES = MAX_WEIGHING_FILES_BYTES + 1024 * 1024;
/**
 * Of a form too large, the start is read to show again what was typed: a page's fields come before its file
 * inputs, and together they are a few kB.
 */
const TYPED_FIELDS_BYTES = 64 * 1024;

/**
 * The pages whose forms carry files, by their English path, and the cap of their posts. Each answers a post above
 * its cap itself, beside its file field with what was typed (`oversizedForm` in the load context).
 */
const UPLOAD_PAGES: [page: RegExp, bytes: number][] = [
  [/^\/admin-dashboard\/products\/(new|\d+)$/, MAX_PHOTO_FORM_BYTES],
  [/^\/admin-dashboard\/auctions$/, MAX_PHOTO_FORM_BYTES],
  [/^\/orders\/[^/]+\/claim$/, MAX_CLAIM_FORM_BYTES],
  [/^\/admin-dashboard\/orders\/[^/]+$/, MAX_WEIGHING_FORM_BYTES],
  [/^\/admin-dashboard\/landings$/, MAX_WEIGHING_FORM_BYTES],
];

/**
 * The upload page a path is, or null: every rule here is written once, for the English path. A Telugu page
 * (`/te/...`) and a form's data request (with JavaScript, Remix posts a page's form to its path + ".data") are
 * their page.
 */
function uploadPage(pathname: string): { bytes: number } | null {
  const page = pathInLang(pathname.replace(/\.data$/, ""), "en");
  const found = UPLOAD_PAGES.find(([path]) => path.test(page));
  return found ? { bytes: found[1] } : null;
}

/** The most a page's form post may carry. */
export function formCap(pathname: string): number {
  return uploadPage(pathname)?.bytes ?? MAX_FORM_BYTES;
}

/** A page's form post as the Worker hands it on: its bytes, or (over its cap) no body and the fields typed in it. */
export type PageForm = { request: Request; oversized: FormData | null };

/** Where `needle` last starts in `bytes`, or -1. */
function lastIndexOf(bytes: Uint8Array, needle: Uint8Array): number {
  if (bytes.length < needle.length) return -1;
  for (let at = bytes.lastIndexOf(needle[0], bytes.length - needle.length); at !== -1; at = at > 0 ? bytes.lastIndexOf(needle[0], at - 1) : -1) {
    if (needle.every((b, i) => bytes[at + i] === b)) return at;
  }
  return -1;
}

/** The whole text fields at the start of a multipart body cut off: never a file, nor a field the cut went through. */
async function typedFields(start: Uint8Array, contentType: string): Promise<FormData> {
  const fields = new FormData();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return fields;
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const end = lastIndexOf(start, delimiter);
  if (end === -1) return fields;
  const closed = new Uint8Array(end + delimiter.length + 4);
  closed.set(start.subarray(0, end + delimiter.length));
  closed.set(new TextEncoder().encode("--\r\n"), end + delimiter.length);
  try {
    const parsed = await new Response(closed, { headers: { "Content-Type": contentType } }).formData();
    for (const [name, value] of parsed) if (typeof value === "string") fields.append(name, value);
  } catch {
    // A broken start: nothing typed can be shown.
  }
  return fields;
}

/**
 * A page's form post, read once within its page's cap and handed on as a new request over those bytes (so no
 * action reads the client's unbounded stream), or the 400/415 answer for what no action could read (another
 * content type, a broken multipart body), so no action ever throws on it. A post above its cap is handed on with
 * no body and `oversized`, the fields typed before its files: the page answers it in its own language
 * (`refuseOversizedForms`). The JSON API parses its own bodies, each within its own cap.
 */
export async function readableForm(request: Request): Promise<PageForm | Response> {
  const { pathname } = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD" || pathname.startsWith("/api/")) return { request, oversized: null };
  const cap = formCap(pathname);
  const refuse = (status: number, error: string) => Response.json({ success: false, error }, { status, headers: { "Cache-Control": "no-store" } });
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return refuse(415, "Please send the form again from the page.");
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  let read: Awaited<ReturnType<typeof readBytesUpTo>>;
  try {
    // Declared too large, only the start is read (for what was typed); otherwise the bytes are counted up to the cap.
    read = await readBytesUpTo(request, declared > cap ? TYPED_FIELDS_BYTES : cap, DRAIN_BYTES);
  } catch {
    return refuse(400, "Please send the form again from the page.");
  }
  if (!read.whole || declared > cap) {
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    headers.delete("Content-Length");
    const oversized = /^multipart\//i.test(type) ? await typedFields(read.bytes.subarray(0, TYPED_FIELDS_BYTES), type) : new FormData();
    return { request: new Request(request, { headers, body: "" }), oversized };
  }
  const form = new Request(request, { body: read.bytes });
  try {
    await form.clone().formData();
    return { request: form, oversized: null };
  } catch {
    return refuse(400, "Please send the form again from the page.");
  }
}

/**
 * How much of an oversized form is read (and dropped) before the page answers: a browser still uploading it then
 * reads the 413 page instead of a reset connection. Anything larger is cut off where it stands.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** What a page that takes no files answers to a form above its cap: its error page, saying so in its language. */
export const FORM_TOO_LARGE = 413;

/**
 * The build with every route's action guarded: a form post above its page's cap reaches only the upload pages'
 * actions, which refuse it beside their file field; any other page answers with its 413 error page (a page, or
 * with JavaScript its data, as Remix answers any thrown response), never raw JSON.
 */
export function refuseOversizedForms(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const action = route.module.action;
      if (!action) return [id, route];
      const guarded: typeof action = (args) => {
        if (args.context.oversizedForm && !uploadPage(new URL(args.request.url).pathname)) throw new Response(null, { status: FORM_TOO_LARGE });
        return action(args);
      };
      return [id, { ...route, module: { ...route.module, action: guarded } }];
    }),
  );
  return { ...build, routes };
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

/**
 * The answer to a cross-site write: a page in the path's language when a browser sent a form (it is shown to
 * whoever was tricked into sending it), JSON to anything else. Nothing was read or changed.
 */
export function crossSiteRefusal(request: Request): Response {
  const { pathname } = new URL(request.url);
  const dataRequest = pathname.endsWith(".data") || pathname.startsWith("/api/");
  if (dataRequest || !(request.headers.get("Accept") ?? "").includes("text/html")) {
    return Response.json({ success: false, error: "Cross-site request refused" }, { status: 403 });
  }
  const lang = langOfPath(pathname);
  const m = (lang === "te" ? teErrors : errorMessages).crossSite;
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${m.heading}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${m.heading}</h1><p>${m.text}</p><p><a href="${localePath(lang, "/")}">${m.home}</a></p></body></html>`;
  return new Response(html, { status: 403, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
