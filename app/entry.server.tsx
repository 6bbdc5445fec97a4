import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { contentSecurityPolicy, NonceContext, randomNonce } from "~/web/csp";
import { lateModules } from "~/web/late-modules";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const nonce = randomNonce();
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  // No page defers its data, so the whole document is ready within one render: it goes out as one string, which
  // costs less CPU than streaming React's hundreds of small chunks through a transform, and crawlers and the edge
  // cache get the whole document at once.
  await body.allReady.finally(() => clearTimeout(timeout));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Vite's dev server injects its own inline scripts (HMR) and loads modules its own way; the built store always
  // sends the policy and loads the page's modules after the page.
  if (import.meta.env.DEV) return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(lateModules(await new Response(body).text()), { headers: responseHeaders, status: responseStatusCode });
}
