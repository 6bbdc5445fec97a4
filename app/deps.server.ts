import { getConfig } from "./config.server";
import { getDb } from "./db/client.server";
import type { Deps } from "./deps";
import { createMailer, type MailEnv } from "./mail/mail.server";
import { getGateway } from "./payments/gateway.server";

/**
 * Relative imports only: vite.config.ts loads this file (through the load context) in Node, without the `~`
 * alias, and the auction Worker bundles it too.
 */

/** The bindings Deps are built from: the app Worker's env, the auction Worker's, or a test's. */
export type DepsEnv = { DB: D1Database; AUCTION?: Fetcher; PRODUCT_PHOTOS?: R2Bucket; CLAIM_EVIDENCE?: R2Bucket; IMAGES?: ImagesBinding } & MailEnv;

/** What only a request knows; outside one (scheduled job, Durable Object) everything is empty. */
export type RequestFacts = {
  origin?: string;
  client?: string;
  user?: Deps["user"];
  sessionToken?: string | null;
  lang?: Deps["lang"];
  waitUntil?: (work: Promise<unknown>) => void;
};

/** The one place Deps are built: database, validated configuration, mailer, gateway, clock and the request's facts. */
export function createDeps(env: DepsEnv, request: RequestFacts = {}): Deps {
  const config = getConfig(env);
  const db = getDb(env);
  const origin = request.origin ?? "";
  return {
    db,
    config,
    mailer: createMailer(db, config, env),
    gateway: getGateway(config, db, origin),
    photos: env.PRODUCT_PHOTOS ?? null,
    evidence: env.CLAIM_EVIDENCE ?? null,
    images: env.IMAGES ?? null,
    auctionService: env.AUCTION ?? null,
    // Wrapped: workerd refuses the global fetch called as a method of another object.
    fetch: (input, init) => fetch(input, init),
    afterResponse: async (work) => {
      if (!request.waitUntil) return void (await work());
      request.waitUntil(work().catch((error) => console.error("work after the response failed", error)));
    },
    now: Date.now,
    origin,
    user: request.user ?? null,
    sessionToken: request.user ? (request.sessionToken ?? null) : null,
    client: request.client ?? "",
    lang: request.lang ?? "en",
  };
}
