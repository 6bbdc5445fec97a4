import type { AppConfig } from "./config.server";
import type { Db, PrimaryDb } from "./db/client.server";
import type { User } from "./db/schema";
import type { Lang } from "./i18n/lang";
import type { PaymentGateway } from "./payments/gateway";

export type Mail = { to: string; subject: string; body: string };

/** The one way mail leaves the store (app/mail/mail.server.ts): the provider in production, the outbox elsewhere. */
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Everything server code depends on, as one typed object built by `createDeps` (app/deps.server.ts): once per
 * request by the load context and by the auction Worker, once per job or Durable Object otherwise. A function
 * takes `Pick<Deps, …>` of what it (and what it calls) reads, or `Deps` when it needs it all
 * (docs/decisions/009-dependencies.md).
 */
export type Deps = {
  /**
   * The request's way to the database: on a page for anonymous visitors any replica may answer; for a signed-in
   * shopper one at least as new as their last write; for a form post, the scheduled job and the Durable Objects
   * the primary (docs/read-replicas.md).
   */
  db: Db;
  /** The same request on the primary (the same session when the request started there): see `onPrimary`. */
  primaryDb: PrimaryDb;
  config: AppConfig;
  mailer: Mailer;
  /** Razorpay, the sandbox (development and tests without keys), or null: online payment is not available. */
  gateway: PaymentGateway | null;
  /** The R2 bucket of product photos; null where it is not bound (the auction Worker). */
  photos: R2Bucket | null;
  /** Cloudflare's Images binding, which makes product photos' smaller AVIF and WebP copies; null where it is not bound. */
  images: Pick<ImagesBinding, "input"> | null;
  /** The R2 bucket of claims' photos and videos (private: served only to the claim's owner and the admins); null where it is not bound. */
  evidence: R2Bucket | null;
  /** The auction Worker behind the store's AUCTION binding; null inside the auction Worker itself. */
  auctionService: Fetcher | null;
  /** Outbound HTTP to the text-message provider; tests put a fake here. */
  fetch: typeof fetch;
  /**
   * Runs `work` after the response when the request lets the runtime finish it (its `waitUntil`): the answer then
   * neither waits for the work nor shows, by its timing or its failure, that there was any (a failure is logged).
   * Outside a request it is simply awaited.
   */
  afterResponse: (work: () => Promise<unknown>) => Promise<void>;
  /** The clock: domain code reads the time here, never from `Date.now()`. */
  now: () => number;
  /** The store's origin, for the links it hands out (gateway callbacks, sandbox pages); "" outside a request. */
  origin: string;
  /** The signed-in user of the session cookie and that session's token; null signed out and outside a page request. */
  user: User | null;
  sessionToken: string | null;
  /** The client's address as Cloudflare reports it (for throttling); "" outside a request. */
  client: string;
  /** The language of the page asked for (its path says it: `/te/...` is Telugu); "en" outside a request. */
  lang: Lang;
};

/** Deps whose database is the primary's: what every money and stock step takes (app/deps.server.ts `onPrimary`). */
export type PrimaryDeps = Deps & { db: PrimaryDb };
