import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the error it silences exists only before a build, so @ts-expect-error would fail after one
// @ts-ignore build/server is written by `remix vite:build`, which always runs before wrangler bundles this file.
import * as build from "../build/server";
import { readCatalogueVersion } from "../app/catalog/site-version.server";
import { getConfig } from "../app/config.server";
import { plainTeluguPath } from "../app/i18n/lang";
import { bookmarkCookie, readsHeader } from "../app/web/replicas.server";
import { withEdgeCache } from "./edge-cache";
import { getLoadContext } from "./load-context";
import { crossSiteRefusal, isCrossSiteWrite, readableForm, refuseOversizedForms } from "./request-guards";
import { runScheduledJobs } from "./scheduled";
import { withFreshNonce, withSecurityHeaders } from "./security-headers";

const handleRemixRequest = createRequestHandler(refuseOversizedForms(build as unknown as ServerBuild));

/** The auction JSON API (and its WebSockets) is served on the store's origin by the auction Worker. */
function isAuctionApi(pathname: string): boolean {
  return /^\/api\/(auction|bids)(\/|$)/.test(pathname);
}

/**
 * Razorpay's return to us is a cross-site POST by design (hosted checkout and Checkout's callback_url). It
 * uses no session: the payment signature, checked against the gateway order id we stored, is the proof.
 */
function isPaymentCallback(pathname: string): boolean {
  return /^\/orders\/[^/]+\/callback$/.test(pathname);
}

/**
 * A page (or its data) rendered for a signed-in account says whose it is: the service worker keeps one account's
 * order pages for reading offline and forgets them when an answer is for anyone else (signed out, or another
 * account). Such answers are never shared-cached.
 */
function whose(response: Response, user: { id: number } | null): Response {
  if (!user) return response;
  const out = new Response(response.body, response);
  out.headers.set("X-Account", String(user.id));
  return out;
}

async function handle(received: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(received.url);
  if (isCrossSiteWrite(received) && !isPaymentCallback(pathname)) {
    return crossSiteRefusal(received);
  }
  const plain = plainTeluguPath(pathname);
  if (plain) {
    const to = new URL(received.url);
    to.pathname = plain;
    return Response.redirect(to.toString(), 308);
  }
  // The auction Worker caps the bodies it reads itself.
  if (isAuctionApi(pathname)) return env.AUCTION.fetch(received);
  // From here on, a page's form post is the bytes the guard read within its cap, never the client's stream.
  const form = await readableForm(received);
  if (form instanceof Response) return form;
  const { request, oversized } = form;

  const context = await getLoadContext({
    request,
    context: {
      cloudflare: {
        cf: request.cf,
        ctx: { waitUntil: ctx.waitUntil.bind(ctx), passThroughOnException: ctx.passThroughOnException.bind(ctx), props: {} },
        caches,
        env,
      },
    },
  });
  const loadContext = { ...context, oversizedForm: oversized };
  const response = await withEdgeCache(
    request,
    ctx,
    (caches as unknown as { default: Cache }).default,
    async () => ({ response: whose(await handleRemixRequest(request, loadContext), loadContext.deps.user), personal: loadContext.deps.user !== null }),
    // A new build's pages name new asset files: copies cached before a deploy are left behind with its version.
    // Read through the request's session: a replica's version keys the page that replica renders.
    async () => `${(build as unknown as ServerBuild).assets.version}.${await readCatalogueVersion(loadContext.deps.db.$client)}`,
  );
  const bookmark = await bookmarkCookie(request, response, getConfig(env), loadContext.deps.user !== null, loadContext.database);
  if (bookmark) response.headers.append("Set-Cookie", bookmark);
  if (env.ENVIRONMENT === "development") response.headers.set("x-d1-reads", readsHeader(loadContext.database));
  return withFreshNonce(response);
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    return withSecurityHeaders(await handle(request, env, ctx), env.ENVIRONMENT);
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env));
  },
} satisfies ExportedHandler<Env>;
