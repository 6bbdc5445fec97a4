import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Money is always integer paise (₹1 = 100 paise); times are Unix epoch milliseconds. */
export const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const updatedAt = () =>
  integer("updated_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
