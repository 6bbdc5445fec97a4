// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DELIVERY_SLOTS } from "../../delivery/slots";
import { products } from "./catalogue";
import { updatedAt } from "./columns";

/**
 * Today's catch: how many units of a product the boats bring for one delivery date (YYYY-MM-DD, IST). What is
 * left is derived, never counted: this quantity minus the lines of orders for that date still holding stock.
 */
export const catchDays = sqliteTable(
  "catch_days",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    deliveryDate: text("delivery_date").notNull(),
    quantity: integer("quantity").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryDate, t.productId] })],
);

/** A delivery slot's capacity (orders) on one date; without a row the configured default applies. */
export const deliverySlots = sqliteTable(
  "delivery_slots",
  {
    deliveryDate: text("delivery_date").notNull(),
    slot: text("slot", { enum: DELIVERY_SLOTS }).notNull(),
    capacity: integer("capacity").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deliveryDate, t.slot] })],
);

/** Counters that name a version of what public pages show; the edge cache keys its copies by them. */
export const siteVersions = sqliteTable("site_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(1),
});

export type CatchDay = typeof catchDays.$inferSelect;
