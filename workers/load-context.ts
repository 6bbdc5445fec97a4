import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { findSessionUser, findSessionUserWithPageData, type SessionPageData } from "../app/auth/session.server";
import type { Deps } from "../app/deps";
import { getConfig } from "../app/config.server";
import { openRequestDb, type RequestDb } from "../app/db/client.server";
import { createDeps } from "../app/deps.server";
import { langOfPath } from "../app/i18n/lang";
import { bearerToken, clientAddress, readSessionToken } from "../app/web/credentials.server";
import { readStart } from "../app/web/replicas.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches: PlatformProxy<Env>["caches"] | CacheStorage;
  cf: Request["cf"];
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** This request's dependencies (app/deps.ts): routes hand them, whole or in part, to what they call. */
    deps: Deps;
    /** The request's D1 sessions: the Worker writes the newest bookmark they reached back to a signed-in shopper. */
    database: RequestDb;
    /** What the root shows of the signed-in user, read with the session for a page (else the root reads it). */
    sessionPage?: SessionPageData;
    /** A client navigation's data (`.data`): loaders see its page's URL, but it is never rendered as a page. */
    dataRequest?: boolean;
    /**
     * A form post above its page's cap (workers/request-guards.ts): no body was handed on, only the fields typed
     * before its files, for the page to show again beside its refusal.
     */
    oversizedForm?: FormData | null;
  }
}

/**
 * A request whose answer shows the root's data: a page (HTML, or no Accept at all) or a client navigation's
 * data that asks for the root's (`_routes` names the routes whose data it wants; without it, all). Photos and
 * scripts' fetches ask for something else.
 */
function showsRootData(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (url.pathname.endsWith(".data")) return url.searchParams.get("_routes")?.split(",").includes("root") ?? true;
  return request.headers.get("Accept")?.includes("text/html") ?? true;
}

/**
 * Imports here are relative (not `~/`): vite.config.ts loads this file in Node, without the app alias.
 *
 * The load context every loader and action receives, built once per request the same way by the Worker and
 * by Vite dev: the request's Deps, with the user of the session cookie (a live server-side session) and, for a
 * page, what its root shows of that user, read in the same D1 batch as the session. Anything
 * rendered with `deps.user` set is personal; the Worker reads it after rendering to keep such pages out of
 * the shared cache.
 */
export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const url = new URL(request.url);
  const { ctx } = context.cloudflare;
  const facts = {
    origin: url.origin,
    client: clientAddress(request),
    lang: langOfPath(url.pathname),
    waitUntil: (work: Promise<unknown>) => ctx.waitUntil(work),
  };
  const { env } = context.cloudflare;
  const sessionToken = await readSessionToken(request, getConfig(env));
  // Where this request's reads start is decided before its first query (the session's own lookup included).
  // A JSON API caller signs in with a Bearer token and carries no bookmark: its reads go to the primary.
  const signedIn = sessionToken !== null || bearerToken(request) !== null;
  const database = openRequestDb(env.DB, await readStart(request, getConfig(env), signedIn));
  const anonymous = createDeps(env, facts, database);
  const base = { ...context, database, dataRequest: url.pathname.endsWith(".data") };
  if (!sessionToken) return { ...base, deps: anonymous };
  if (showsRootData(request, url)) {
    const found = await findSessionUserWithPageData(anonymous, sessionToken);
    if (!found) return { ...base, deps: anonymous };
    return { ...base, deps: createDeps(env, { ...facts, user: found.user, sessionToken }, database), sessionPage: found.page };
  }
  const user = await findSessionUser(anonymous, sessionToken);
  return { ...base, deps: user ? createDeps(env, { ...facts, user, sessionToken }, database) : anonymous };
}
