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
