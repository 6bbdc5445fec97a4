import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

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
    /** Bids open at this time (epoch ms); null means open from creation. */
    startTime: integer("start_time", { mode: "number" }),
    /** The end the admin set; soft close may move end_time up to 30 minutes past it. */
    scheduledEndTime: integer("scheduled_end_time", { mode: "number" }),
    minIncrementPaise: integer("min_increment_paise").notNull().default(10_000),
    /** The admin who created it (cannot bid on it). */
    sellerUserId: integer("seller_user_id"),
    winnerUserId: integer("winner_user_id"),
    cancelReason: text("cancel_reason"),
    /** The object's state version this row reflects: a write carrying an older version is ignored. */
    version: integer("version").notNull().default(0),
    /** The title and description on Telugu pages; null shows the English ones there. */
    titleTe: text("title_te"),
    descriptionTe: text("description_te"),
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
    userId: integer("user_id"),
    /** The bid's sequence number inside its auction's Durable Object (unique per auction). */
    seq: integer("seq"),
  },
  (t) => [index("auction_bids_auction_created_idx").on(t.auctionId, t.createdAt), uniqueIndex("auction_bids_auction_seq_idx").on(t.auctionId, t.seq)],
);

export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionBidRow = typeof auctionBids.$inferSelect;
