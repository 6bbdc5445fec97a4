import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Money is always integer paise (₹1 = 100 paise); times are Unix epoch milliseconds. */
const createdAt = () =>
  integer("created_at", { mode: "number" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

export const products = sqliteTable("products", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  pricePaise: integer("price_paise").notNull(),
  /** Base name of an image in public/media (sizes and formats are derived from it). */
  image: text("image").notNull(),
  stock: integer("stock").notNull().default(0),
  category: text("category").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * One summary row per auction for listings. The auction's Durable Object is the source of truth for its
 * price, end time and bids, and writes this row whenever they change.
 */
export const auctions = sqliteTable(
  "auctions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    productImage: text("product_image"),
    startPricePaise: integer("start_price_paise").notNull(),
    currentPricePaise: integer("current_price_paise").notNull(),
    endTime: integer("end_time", { mode: "number" }).notNull(),
    status: text("status", { enum: ["active", "ended", "cancelled"] })
      .notNull()
      .default("active"),
    bidCount: integer("bid_count").notNull().default(0),
    sellerName: text("seller_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auctions_status_end_idx").on(t.status, t.endTime)],
);

/** Mirror of each auction's bid history (newest bids are read for listings). */
export const auctionBids = sqliteTable(
  "auction_bids",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    auctionId: integer("auction_id")
      .notNull()
      .references(() => auctions.id, { onDelete: "cascade" }),
    bidderName: text("bidder_name").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auction_bids_auction_created_idx").on(t.auctionId, t.createdAt)],
);

export type Product = typeof products.$inferSelect;
export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionBidRow = typeof auctionBids.$inferSelect;
