import { getConfig } from "./config.server";
import { getDb, type RequestDb } from "./db/client.server";
import type { Deps, PrimaryDeps } from "./deps";
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

/**
 * The one place Deps are built: database, validated configuration, mailer, gateway, clock and the request's facts.
 * Without a request's sessions (the scheduled job, a Durable Object, the auction Worker, tests) every query goes to
 * the primary; a page request brings the sessions its load context opened (workers/load-context.ts).
 */
export function createDeps(env: DepsEnv, request?: RequestFacts): PrimaryDeps;
export function createDeps(env: DepsEnv, request: RequestFacts, sessions: RequestDb): Deps;
export function createDeps(env: DepsEnv, request: RequestFacts = {}, sessions?: RequestDb): Deps {
  const config = getConfig(env);
  const db = sessions?.db ?? getDb(env);
  const primaryDb = sessions?.primary ?? getDb(env);
  const origin = request.origin ?? "";
  return {
    db,
    primaryDb,
    config,
    // Mail's outbox and the sandbox gateway's books are written and read by money steps: on the primary.
    mailer: createMailer(primaryDb, config, env),
    gateway: getGateway(config, primaryDb, origin),
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

/**
 * The same request's Deps on the primary, for a money or stock step (a checkout, a payment's return, a refund, a
 * status move, a waitlist hold): none of them may decide on a replica's copy. A form post already runs on the
 * primary and is handed back as it is.
 */
export function onPrimary(deps: Deps): PrimaryDeps {
  return deps.db === deps.primaryDb ? (deps as PrimaryDeps) : { ...deps, db: deps.primaryDb };
}
