import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { ORDER_STATUSES, PAYMENT_STATES } from "../orders/status";

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
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Always "session" (the column is kept for the sessions already stored). */
    purpose: text("purpose", { enum: ["session"] }).notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Sign-ups waiting for their e-mail code. An account (a `users` row) is created only when the code mailed for
 * that very sign-up is entered, from the browser (or API client) that made it: `tokenHash` is the SHA-256 of a
 * random token held only there (a signed cookie, or the API's temporary token). So nobody but the inbox's owner
 * decides an account's password, however many sign-ups, resends or wrong codes others send.
 */
export const signups = sqliteTable(
  "signups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    address: text("address"),
    passwordHash: text("password_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    /** Every try counts (counted atomically before the comparison); more than 5 and the code is dead. */
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signups_email_idx").on(t.email), index("signups_expires_idx").on(t.expiresAt)],
);

/** Fixed-window counters for throttling (per e-mail and per client address). */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: integer("window_start", { mode: "number" }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStart)],
);

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

/**
 * Orders. The fulfilment status and the money state are separate fields, because money moves at several
 * steps: `status` moves forward along the chain in `app/orders/status.ts`; `paymentState` records what
 * happened to the money. A shop order exists from the moment 'Pay ₹500' is pressed (`payment_pending`,
 * holding its stock until `reservedUntil`), a won auction's from its close (no stock, 24 h to pay); either
 * becomes `order_raised` only when the advance is verified.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Shown to people and used in URLs: PUL-2611-7F3K (prefix, yymm, four random characters). */
    number: text("number").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull().default("advance_due"),
    /** shop (a cart checkout) or auction (a won auction; its line has no product stock to hold). */
    source: text("source", { enum: ["shop", "auction"] })
      .notNull()
      .default("shop"),
    auctionId: integer("auction_id"),
    estimatedTotalPaise: integer("estimated_total_paise").notNull(),
    advancePaise: integer("advance_paise").notNull(),
    /** Set when every line is weighed: the sum of the weighed lines, rounded to the rupee. */
    finalTotalPaise: integer("final_total_paise"),
    /** Why the order was cancelled (shown to the customer). */
    cancelReason: text("cancel_reason"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** With the +91 prefix. */
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    /** While payment_pending: when the stock held for this order is released (and the order expires). */
    reservedUntil: integer("reserved_until", { mode: "number" }),
    /** Stock is held (decremented) while this is true; released exactly once on expiry or cancellation. */
    stockHeld: integer("stock_held", { mode: "boolean" }).notNull().default(false),
    /** Bumped by every change of status, weights or payment state, so an admin form opened on an older version is refused. */
    version: integer("version").notNull().default(1),
    paidAt: integer("paid_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_reserved_idx").on(t.status, t.reservedUntil),
    // One order per won auction: a retried or duplicated close cannot make a second one.
    uniqueIndex("orders_auction_idx").on(t.auctionId),
  ],
);

/** An order's lines, copied from the catalogue when the order was made (prices never change afterwards). */
export const orderItems = sqliteTable(
  "order_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null for an auction lot. */
    productId: integer("product_id").references(() => products.id),
    name: text("name").notNull(),
    image: text("image"),
    /** Price per kg (shop) or the winning price (auction). */
    pricePaise: integer("price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    /** The actual weight recorded by the admin after the catch. */
    weightGrams: integer("weight_grams"),
    /** Price per kg × weight, rounded to the rupee; null until weighed. */
    finalPaise: integer("final_paise"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

/**
 * Payment attempts: one row per gateway order (the advance) or payment link (the balance). `providerRef` is
 * the gateway's order or link id. An attempt is `created` until it is paid, fails (an advance may be retried
 * on the same gateway order), is cancelled (a link the store closed) or expires. The money itself is never
 * recorded here: every capture and refund is a row of `ledger`.
 */
export const ATTEMPT_STATUSES = ["created", "paid", "failed", "cancelled", "expired"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["advance", "balance"] }).notNull(),
    provider: text("provider", { enum: ["razorpay", "sandbox", "cash"] }).notNull(),
    providerRef: text("provider_ref").unique(),
    /** The payment that paid this attempt (the first capture; a second one is refunded). */
    paymentId: text("payment_id"),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: ATTEMPT_STATUSES }).notNull().default("created"),
    /** For a balance payment link: the link the customer opens (Razorpay's short_url), shown in My Orders. */
    linkUrl: text("link_url"),
    /** A link's `expire_by` (epoch ms): after it the gateway takes no money through it. */
    expiresAt: integer("expires_at", { mode: "number" }),
    /** A cancelled link: whether the gateway has confirmed the cancellation (reconciliation retries until it has). */
    gatewayClosed: integer("gateway_closed", { mode: "boolean" }).notNull().default(false),
    /** When the scheduled job last asked the gateway about this attempt (it works through them in turns). */
    checkedAt: integer("checked_at", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("payments_order_idx").on(t.orderId), index("payments_status_created_idx").on(t.status, t.createdAt)],
);

/**
 * The ledger: every movement of money, one row each. What an order paid, had refunded and still owes is the
 * sum of its rows (app/payments/ledger.ts), never a counter.
 * - capture: money the gateway took (`ref` = the gateway payment id, unique store-wide), through `attemptId`;
 * - cash: the balance collected on delivery (`ref` = cash:{order id});
 * - refund: money returned from one capture (`paymentRef` = that capture's `ref`; `ref` = {reason}:{payment
 *   id}, the idempotency key, so one reason refunds one payment once). `pending` until the gateway confirms,
 *   `failed` when it refused (the scheduled job retries both); a pending or failed refund already counts, so
 *   refunds can never exceed captures.
 */
export const LEDGER_KINDS = ["capture", "cash", "refund"] as const;
export const LEDGER_STATES = ["done", "pending", "failed"] as const;
export const LEDGER_REASONS = ["advance", "balance", "difference", "cancel", "unowed"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerState = (typeof LEDGER_STATES)[number];
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const ledger = sqliteTable(
  "ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    ref: text("ref").notNull().unique(),
    provider: text("provider", { enum: ["razorpay", "sandbox", "cash"] }).notNull(),
    amountPaise: integer("amount_paise").notNull(),
    state: text("state", { enum: LEDGER_STATES }).notNull(),
    /** capture: the attempt it paid (or arrived through). */
    attemptId: integer("attempt_id"),
    /** refund: the capture it returns money from. */
    paymentRef: text("payment_ref"),
    /** refund: the gateway's refund id once it made one (unique store-wide). */
    gatewayRefundId: text("gateway_refund_id").unique(),
    /** refund: gateway calls so far (a refused refund is retried under a new idempotency key). */
    tries: integer("tries").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "number" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index("ledger_order_idx").on(t.orderId), index("ledger_payment_idx").on(t.paymentRef), index("ledger_state_idx").on(t.kind, t.state)],
);

/**
 * The sandbox gateway's own memory (development and tests only), as Razorpay keeps its own: gateway orders,
 * payment links, payments and refunds, so the store can be reconciled against it. `parent` is a payment's
 * order or link, a refund's payment; `idem` a refund's idempotency key.
 */
export const sandboxRecords = sqliteTable(
  "sandbox_records",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["order", "link", "payment", "refund"] }).notNull(),
    parent: text("parent"),
    amountPaise: integer("amount_paise").notNull(),
    status: text("status").notNull(),
    reference: text("reference"),
    idem: text("idem").unique(),
    expiresAt: integer("expires_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_records_parent_idx").on(t.parent)],
);

/** Switches of the sandbox gateway for tests: `refunds` = fail, `callbacks` / `webhooks` = drop. */
export const sandboxSettings = sqliteTable("sandbox_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** How far a scheduled job has read an outside record (the gateway's statement of payments), by the record's clock. */
export const jobCursors = sqliteTable("job_cursors", {
  name: text("name").primaryKey(),
  at: integer("at", { mode: "number" }).notNull(),
});

/** Gateway webhook events already handled (dedupe by the gateway's event id). */
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});

/** The history of an order: every status or money change, who made it and when. */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The admin who made the change; null for the system (payment gateway, expiry). */
    actorUserId: integer("actor_user_id"),
    /** status | payment | weight */
    kind: text("kind").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** In-app notifications (the bell); each is also e-mailed through the mail module, but for repeated outbids. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** order_placed | order_status_update | order_weighed | balance_requested | balance_paid | refund | outbid | auction_won | auction_ended | auction_cancelled | note */
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    orderId: integer("order_id"),
    orderNumber: text("order_number"),
    auctionId: integer("auction_id"),
    readAt: integer("read_at", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt)],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type LedgerRow = typeof ledger.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
