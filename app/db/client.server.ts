import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

/** The one way to the database: drizzle over the D1 binding. */
export function getDb(env: { DB: D1Database }) {
  return drizzle(env.DB, { schema });
}

export type Db = ReturnType<typeof getDb>;
