import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

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

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** Always stored trimmed and lower-cased; unique. */
  email: text("email").notNull().unique(),
  phone: text("phone"),
  address: text("address"),
  /** PBKDF2-SHA256 hash in the form pbkdf2$iterations$salt$hash; null for accounts created with Google. */
  passwordHash: text("password_hash"),
  googleSub: text("google_sub").unique(),
  emailVerifiedAt: integer("email_verified_at", { mode: "number" }),
  isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Server-side sessions. The browser (cookie) or API client (Bearer token) holds a random token; only its
 * SHA-256 is stored, so a leaked table cannot be replayed. Deleting the row ends the session everywhere.
 * Purpose "verify" is the temporary token of an account waiting for its e-mail code: it can do nothing else.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["session", "verify"] }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** E-mail one-time codes, stored hashed; one live code per user (a new code replaces the old one). */
export const otpCodes = sqliteTable("otp_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at", { mode: "number" }).notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  sentAt: integer("sent_at", { mode: "number" }).notNull(),
});

/** Fixed-window counters for throttling (per e-mail and per client address). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start", { mode: "number" }).notNull(),
});

/** Development outbox shown at /dev/mail; in production mail goes to the provider instead. */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/** The server-side cart of a signed-in shopper: one row per product. */
export const cartItems = sqliteTable(
  "cart_items",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export type User = typeof users.$inferSelect;
