// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { WAITLIST_STATES } from "../../waitlist/states";
import { users } from "./accounts";
import { products } from "./catalogue";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

/**
 * A shopper's place in the line for a sold-out product: `waiting` in the order of `id`, then `held` (a share of
 * one date's catch kept for them until `holdUntil`), and at last `used` (it became an order), `lapsed` (not used
 * in time) or `left`. `stockHeld` is set exactly while the hold lives: what is left of a date's catch counts it,
 * as it counts orders' `stock_held`, and the one guarded change that ends the hold clears it.
 */
export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whole units (kg or packs) within the product's limits when joining. */
    quantity: integer("quantity").notNull(),
    /** The delivery pincode, checked as the checkout checks it. */
    zip: text("zip").notNull(),
    state: text("state", { enum: WAITLIST_STATES }).notNull().default("waiting"),
    stockHeld: integer("stock_held", { mode: "boolean" }).notNull().default(false),
    /** The delivery date whose catch the hold keeps (YYYY-MM-DD, IST). */
    holdDate: text("hold_date"),
    holdUntil: integer("hold_until", { mode: "number" }),
    /** The order the hold became. */
    orderId: integer("order_id").references(() => orders.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One place in a product's line per shopper while it is waiting or holding: a second join clashes here.
    uniqueIndex("waitlist_entries_live_idx")
      .on(t.productId, t.userId)
      .where(sql`${t.state} IN ('waiting', 'held')`),
    index("waitlist_entries_line_idx").on(t.productId, t.state, t.id),
    index("waitlist_entries_held_idx")
      .on(t.holdDate, t.productId)
      .where(sql`${t.stockHeld} = 1`),
  ],
);

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
