// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LANGS } from "../../i18n/lang";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";

/**
 * A device's Web Push subscription (app/push keeps its rules): the push service's endpoint and the keys its
 * messages are encrypted to. An endpoint is one browser on one device, so it is unique: the account signed in on
 * that browser holds it. `lastUsedAt` moves when the device posts it again or a push to it is accepted; the
 * least recently used one makes room when an account is at its device limit.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key (base64url, 65 bytes uncompressed) and its 16-byte auth secret (base64url). */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The language the device's pages were in when it subscribed: its pushes are written in it. */
    lang: text("lang", { enum: LANGS }).notNull().default("en"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "number" }).notNull(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId, t.lastUsedAt)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const PUSH_STATES = ["pending", "sent", "failed"] as const;

/**
 * Pushes to send, one row per device (app/push/outbox.server.ts sends them): written when the notice is, in the
 * device's language, then sent; a failed one waits its backoff and is tried again by the scheduled job, as text
 * messages are. Each try first pushes `nextAttemptAt` past the send's lease, so a request and the scheduled job
 * never send one together. A device the push service no longer knows is deleted, and its pushes with it.
 */
export const pushOutbox = sqliteTable(
  "push_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** Whose news it is: a device that has since moved to another account is not sent it. */
    userId: integer("user_id").notNull(),
    /** The notice's type (outbid, order_weighed, …). */
    kind: text("kind").notNull(),
    orderId: integer("order_id"),
    auctionId: integer("auction_id"),
    lang: text("lang", { enum: LANGS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The store's page the push opens, in the device's language. */
    url: text("url").notNull(),
    /** A newer push with the same tag replaces the older one on the device, and a pending older one is not sent. */
    tag: text("tag").notNull(),
    state: text("state", { enum: PUSH_STATES }).notNull().default("pending"),
    tries: integer("tries").notNull().default(0),
    /** When it may be tried next (epoch ms): now when written, the lease while a try runs, the backoff after a failure. */
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }).notNull(),
    /** Who took it: the push service, or outbox (no VAPID keys outside production: the development outbox at /dev/mail). */
    provider: text("provider", { enum: ["push", "outbox"] }),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("push_outbox_due_idx").on(t.state, t.nextAttemptAt), index("push_outbox_device_tag_idx").on(t.subscriptionId, t.tag)],
);
