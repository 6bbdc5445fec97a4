import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readPhoto } from "~/catalog/photos.server";

/** A product photo from R2: named by its bytes' hash, so it is cached for a year and never revalidated. */
export async function loader({ params, context: { deps } }: LoaderFunctionArgs) {
  const object = await readPhoto(deps, params.name ?? "");
  if (!object) return new Response("Not found", { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
  return new Response(object.body, {
    headers: {
      "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=31536000, s-maxage=31536000, immutable",
      ETag: `"${object.etag}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
