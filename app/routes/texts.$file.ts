import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { messagesFor } from "~/i18n/texts";
import { textsJson, isCurrentTexts, parseTextsFile } from "~/web/site";

/**
 * A language's interface catalogue, which a page fetches before it hydrates. Its name carries a hash of its text,
 * so the current one is cached for a year; a page from before a change of words gets today's text, not cached.
 */
export async function loader({ params, context: { deps } }: LoaderFunctionArgs) {
  const file = parseTextsFile(params.file ?? "");
  if (!file) return new Response("Not found", { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
  const messages = messagesFor({ config: deps.config, lang: file.lang });
  return new Response(textsJson(messages), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": isCurrentTexts(messages, file.hash) ? "public, max-age=31536000, s-maxage=31536000, immutable" : "no-store",
    },
  });
}
