import { createTableRelationsHelpers, extractTablesRelationalConfig, fillPlaceholders, type Query } from "drizzle-orm";
import { DrizzleD1Database } from "drizzle-orm/d1";
import { SQLiteD1Session } from "drizzle-orm/d1/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/** What drizzle needs of D1: the binding itself, or one of its sessions (which has no `exec`). */
type D1Client = Pick<D1Database, "prepare" | "batch">;

export type Db = DrizzleD1Database<typeof schema> & { $client: D1Client };

declare const onPrimary: unique symbol;

/**
 * A database whose reads are answered by the primary (the binding itself, or a session opened "first-primary"):
 * money and stock steps take only this type, so none of them can read a replica's copy of an order, a payment
 * or what is left of a day's catch.
 */
export type PrimaryDb = Db & { readonly [onPrimary]: true };

/** drizzle's relational view of the schema costs more CPU than a query: it is worked out once per isolate. */
let relational: { fullSchema: typeof schema; schema: unknown; tableNamesMap: Record<string, string> } | undefined;

function connect(client: D1Client): Db {
  if (!relational) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  // drizzle(client, { schema }) without working the schema out again for every request's session.
  const dialect = new SQLiteAsyncDialect();
  const session = new SQLiteD1Session(client as D1Database, dialect, relational as never, {});
  const db = new DrizzleD1Database("async", dialect, session as never, relational as never) as Db;
  db.$client = client;
  return db;
}

/**
 * The bare binding: with read replication on, D1 answers every query made without a session on the primary. Used
 * where no request is being served (the scheduled job, the Durable Objects) and by tests; each binding gets its
 * client once per isolate.
 */
const clients = new WeakMap<D1Database, PrimaryDb>();

export function getDb(env: { DB: D1Database }): PrimaryDb {
  let db = clients.get(env.DB);
  if (!db) {
    db = connect(env.DB) as PrimaryDb;
    clients.set(env.DB, db);
  }
  return db;
}

/** A bookmark as D1 writes them (lexicographically ordered): four groups of hexadecimal digits. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: unknown): value is string {
  return typeof value === "string" && BOOKMARK.test(value);
}

/** Where a request's reads start: any replica, one at least as new as a bookmark, or the primary. */
export type ReadStart = "first-unconstrained" | "first-primary" | { bookmark: string };

/**
 * One request's way to the database (D1's Sessions API): `db` reads where the request may read, `primary` is a
 * session on the primary (the same one when the request starts there), and `bookmark()` is the newest point of
 * the database either has seen, for the shopper's next request to read from. Opening a session costs nothing
 * until it is queried.
 */
export type RequestDb = {
  db: Db;
  primary: PrimaryDb;
  start: ReadStart;
  /** The newest bookmark of the request's sessions; null when neither was queried. */
  bookmark(): string | null;
  /** Whether the request wrote anything or read on the primary: the shopper's next read must see what it saw. */
  advanced(): boolean;
  /** Whether any query went to the primary (a session opened there was queried). */
  usedPrimary(): boolean;
};

export function openRequestDb(binding: D1Database, start: ReadStart): RequestDb {
  let wrote = false;
  const open = (constraint: string) => {
    // Vite's dev server reaches D1 through a proxy without sessions: there every query is the primary's anyway.
    const session = typeof binding.withSession === "function" ? binding.withSession(constraint) : { ...bare(binding), getBookmark: () => null };
    // Any statement that is not a plain SELECT may write: the shopper's next request must then read after it.
    const client: D1Client = {
      prepare: (query) => {
        if (!/^\s*select\b/i.test(query)) wrote = true;
        return session.prepare(query);
      },
      batch: (statements) => session.batch(statements),
    };
    return { session, db: connect(client) };
  };
  const first = open(typeof start === "string" ? start : start.bookmark);
  const primary = start === "first-primary" ? first : open("first-primary");
  const sessions = primary === first ? [first] : [first, primary];
  return {
    db: first.db,
    primary: primary.db as PrimaryDb,
    start,
    bookmark() {
      let newest: string | null = null;
      for (const { session } of sessions) {
        const bookmark = session.getBookmark();
        if (bookmark !== null && (newest === null || bookmark > newest)) newest = bookmark;
      }
      return newest;
    },
    advanced: () => wrote || primary.session.getBookmark() !== null,
    usedPrimary: () => primary.session.getBookmark() !== null,
  };
}

function bare(binding: D1Database): D1Client {
  return { prepare: (query) => binding.prepare(query), batch: (statements) => binding.batch(statements) };
}

/** Something a client needs on every request, built once per isolate (prepared queries: their SQL built once). */
export function perIsolate<T>(build: (db: Db) => T): (db: Db) => T {
  let made: { value: T } | undefined;
  // The queries are only ever read for their SQL and their answers' shape (batchPrepared), never run through
  // the client they were built on: one build serves every request's session.
  return (db) => (made ??= { value: build(db) }).value;
}

type Prepared<T> = { getQuery(): Query; mapResult(response: unknown, isFromBatch?: boolean): unknown; all(values?: Record<string, unknown>): Promise<T> };

/**
 * Prepared queries run in one D1 batch (one round trip), bound to the same placeholder values, each answer read
 * back as drizzle reads it. D1 runs a batch as one transaction: what the queries read is consistent.
 */
export async function batchPrepared<T extends readonly unknown[]>(
  db: Db,
  queries: { readonly [K in keyof T]: Prepared<T[K]> },
  values: Record<string, unknown>,
): Promise<T> {
  const statements = (queries as readonly Prepared<unknown>[]).map((query) => {
    const { sql, params } = query.getQuery();
    return db.$client.prepare(sql).bind(...fillPlaceholders(params, values));
  });
  const results = await db.$client.batch(statements);
  return results.map((result, i) => (queries as readonly Prepared<unknown>[])[i].mapResult(result, true)) as unknown as T;
}
