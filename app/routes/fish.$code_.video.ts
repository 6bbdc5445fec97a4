import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findFishVideo } from "~/landings/fish-page.server";
import { readScaleVideo } from "~/landings/scale-photos.server";
import { parseByteRange } from "~/web/byte-range";

/** A fish's weighing video, public like its page; one byte range at a time, so it plays and seeks. */
export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  const headers = new Headers({ "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" });
  const notFound = () => new Response("Not found", { status: 404, headers });
  const video = await findFishVideo(deps, params.code ?? "");
  if (!video) return notFound();
  const range = parseByteRange(request.headers.get("Range"), video.bytes);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${video.bytes}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await readScaleVideo(deps, video.name, range ?? undefined);
  if (!object) return notFound();
  headers.set("Content-Type", video.type);
  headers.set("Content-Length", String(range ? range.length : video.bytes));
  headers.set("Accept-Ranges", "bytes");
  // The bytes were judged a video; nothing in them may run as a page.
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${video.bytes}`);
  return new Response(object.body, { status: range ? 206 : 200, headers });
}
