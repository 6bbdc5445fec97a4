import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformProxy } from "wrangler";
import { clientAddress } from "../app/auth/rate-limit.server";
import { findSessionUser, readSessionToken } from "../app/auth/session.server";
import { getConfig, type AppConfig } from "../app/config.server";
import { getDb, type Db } from "../app/db/client.server";
import type { User } from "../app/db/schema";

type Cloudflare = Omit<PlatformProxy<Env>, "dispose" | "caches" | "cf"> & {
  caches: PlatformProxy<Env>["caches"] | CacheStorage;
  cf: Request["cf"];
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** The one database client of this request. */
    db: Db;
    /** The validated configuration (app/config.server.ts). */
    config: AppConfig;
    /** The signed-in user of the session cookie (a live server-side session), or null. */
    user: User | null;
    /** That session's token (to end it on logout). */
    sessionToken: string | null;
    /** The client's address as Cloudflare reports it (for throttling). */
    client: string;
  }
}

/**
 * Imports here are relative (not `~/`): vite.config.ts loads this file in Node, without the app alias.
 *
 * The load context every loader and action receives, built once per request the same way by the Worker and
 * by Vite dev: the database, the configuration and the current user. Anything rendered with `user` set is
 * personal; the Worker reads `user` after rendering to keep such pages out of the shared cache.
 */
export async function getLoadContext({ request, context }: { request: Request; context: { cloudflare: Cloudflare } }): Promise<AppLoadContext> {
  const env = context.cloudflare.env;
  const config = getConfig(env);
  const db = getDb(env);
  const sessionToken = await readSessionToken(request, config);
  const user = sessionToken ? await findSessionUser(db, sessionToken) : null;
  return { ...context, db, config, user, sessionToken: user ? sessionToken : null, client: clientAddress(request) };
}
