import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { findSessionUser } from "../app/auth/session.server";
import type { Deps } from "../app/deps";
import { createDeps } from "../app/deps.server";
import { langOfPath } from "../app/i18n/lang";
import { clientAddress, readSessionToken } from "../app/web/credentials.server";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches: PlatformProxy<Env>["caches"] | CacheStorage;
  cf: Request["cf"];
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** This request's dependencies (app/deps.ts): routes hand them, whole or in part, to what they call. */
    deps: Deps;
  }
}

/**
 * Imports here are relative (not `~/`): vite.config.ts loads this file in Node, without the app alias.
 *
 * The load context every loader and action receives, built once per request the same way by the Worker and
 * by Vite dev: the request's Deps, with the user of the session cookie (a live server-side session). Anything
 * rendered with `deps.user` set is personal; the Worker reads it after rendering to keep such pages out of
 * the shared cache.
 */
export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const url = new URL(request.url);
  const facts = { origin: url.origin, client: clientAddress(request), lang: langOfPath(url.pathname) };
  const anonymous = createDeps(context.cloudflare.env, facts);
  const sessionToken = await readSessionToken(request, anonymous.config);
  const user = sessionToken ? await findSessionUser(anonymous, sessionToken) : null;
  return { ...context, deps: user ? createDeps(context.cloudflare.env, { ...facts, user, sessionToken }) : anonymous };
}
