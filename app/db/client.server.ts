import { fillPlaceholders, type Query } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function connect(binding: D1Database) {
  return drizzle(binding, { schema });
}

export type Db = ReturnType<typeof connect>;

/**
 * The one way to the database: drizzle over the D1 binding. Building drizzle's relational view of the schema
 * costs more CPU than a query, so each binding gets its client once per isolate.
 */
const clients = new WeakMap<D1Database, Db>();

export function getDb(env: { DB: D1Database }): Db {
  let db = clients.get(env.DB);
  if (!db) {
    db = connect(env.DB);
    clients.set(env.DB, db);
  }
  return db;
}

/** Something a client needs on every request, built once per isolate (prepared queries: their SQL built once). */
export function perClient<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = build(db);
      made.set(db, value);
    }
    return value;
  };
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
