// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { addressColumns, createdAt, updatedAt } from "./columns";

/**
 * A shopper's saved delivery addresses: every address an order was made with, offered again at checkout.
 * The fields are the shipping form's checked values (the phone as its 10 digits). Orders keep their own copy,
 * so editing or deleting one here never changes an order.
 */
export const savedAddresses = sqliteTable(
  "saved_addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address as compared for sameness (case and spacing ignored): one row per address and account. */
    key: text("key").notNull(),
    /** The phone as its 10 digits. */
    ...addressColumns(),
    /** Epoch ms of the last order made with it, strictly increasing per account: the newest is the checkout's default. */
    lastUsedAt: integer("last_used_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("saved_addresses_user_key_idx").on(t.userId, t.key), index("saved_addresses_user_used_idx").on(t.userId, t.lastUsedAt)],
);

export type SavedAddress = typeof savedAddresses.$inferSelect;
