import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LANGS } from "../../i18n/lang";
import { createdAt } from "./columns";

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
  /**
   * The account's language: its signed-in pages, e-mails, notices and text messages are in it. Set by the page
   * it signed up on, then by every shopper page it opens in the other language (the header's language link).
   */
  lang: text("lang", { enum: LANGS }).notNull().default("en"),
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
 * Codes mailed for a sign-up or a password reset, waiting to be entered (app/auth/pending-codes.server.ts keeps
 * their rules, one set for both purposes). `tokenHash` is the SHA-256 of a random token held only by the browser
 * (signed cookie) or API client (temporary token) that asked, and the code's hash is bound to it: a code works
 * only there, and only for its own purpose. Every try counts (atomically, before the comparison).
 * - A sign-up holds the account it becomes (name, phone, address, password hash): a `users` row is created only
 *   when the code mailed for that very sign-up is entered, so nobody but the inbox's owner decides an account's
 *   password, however many sign-ups, resends or wrong codes others send.
 * - A reset names its account (`userId`). A reset asked for an address without an account names none and no
 *   code is mailed: it answers exactly as a real one, and no code ever matches it.
 */
export const pendingCodes = sqliteTable(
  "pending_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: ["signup", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    /** The language of the page it was asked on: its code mails are in it, and so is the account a sign-up becomes. */
    lang: text("lang", { enum: LANGS }).notNull().default("en"),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    /** A reset's account. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A sign-up's account to be (set for every sign-up; null for resets). */
    name: text("name"),
    phone: text("phone"),
    address: text("address"),
    passwordHash: text("password_hash"),
  },
  (t) => [index("pending_codes_email_idx").on(t.email), index("pending_codes_expires_idx").on(t.expiresAt)],
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

export type User = typeof users.$inferSelect;
export type PendingCode = typeof pendingCodes.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
