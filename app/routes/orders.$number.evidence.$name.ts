import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findEvidence, readEvidence } from "~/claims/evidence.server";
import { parseByteRange } from "~/web/byte-range";

/**
 * A claim's photo or video, for the claim's owner and the admins only (anyone else: 404, as if it did not
 * exist). Never stored by a shared cache; one byte range at a time, so videos play and seek.
 */
export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  const name = params.name ?? "";
  const notFound = () => new Response("Not found", { status: 404, headers });
  const file = await findEvidence(deps, params.number ?? "", name);
  if (!file) return notFound();
  const range = parseByteRange(request.headers.get("Range"), file.bytes);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.bytes}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await readEvidence(deps, name, range ?? undefined);
  if (!object) return notFound();
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Length", String(range ? range.length : file.bytes));
  headers.set("Accept-Ranges", "bytes");
  // The bytes were judged an image or a video; nothing in them may run as a page.
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${file.bytes}`);
  return new Response(object.body, { status: range ? 206 : 200, headers });
}
