import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getMessages } from "~/i18n/texts";
import { LANGS, productName } from "~/i18n/lang";
import worker from "~/sw/service-worker.js?raw";

/**
 * The service worker, with the words of its offline page in both languages before its code. Browsers check it for
 * a new version on each visit (and at least daily), so it is never cached for long.
 */
export function loader({ context: { deps } }: LoaderFunctionArgs) {
  const texts = Object.fromEntries(
    LANGS.map((lang) => {
      const { offline, pageNeedsConnection, formNeedsConnection, keptPages } = getMessages(productName(deps.config, lang), lang).app;
      return [lang, { offline, pageNeedsConnection, formNeedsConnection, keptPages }];
    }),
  );
  return new Response(`const TEXTS = ${JSON.stringify(texts)};\n${worker}`, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
