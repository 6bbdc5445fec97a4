// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

export const MESSAGE_STATES = ["pending", "sent", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_CHANNELS = ["sms", "whatsapp"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/**
 * en_route: the order was shipped; weighed: its fish was weighed (the final price, and what comes next); outbid: a
 * bidder who asked for it is told by text that their bid was beaten (no order: the auction and the bidder instead).
 */
export const MESSAGE_KINDS = ["en_route", "weighed", "outbid"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Text messages to customers (that their fish was weighed, that their order is on its way), an outbox: a row is written in the same
 * batch as the change it tells about, so a crash cannot lose it, then sent. `pending` until the provider (or,
 * locally without one, the development outbox) has it; each try first pushes `nextAttemptAt` past the send's
 * lease, so a request and the scheduled job never send it together, and a try that died is taken up again.
 * After the last try it is `failed`, shown on the admin's order page.
 */
export const messageOutbox = sqliteTable(
  "message_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The order the message tells about; null for an outbid text, which names its auction and bidder. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    auctionId: integer("auction_id"),
    userId: integer("user_id"),
    /** What the message says (MESSAGE_KINDS). One of each per order and channel: a weighing again replaces its message. */
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull(),
    /** sms, or whatsapp where the store has a WhatsApp sender (the same words, sent both ways). */
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull().default("sms"),
    /** E.164, +91 and ten digits. */
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    state: text("state", { enum: MESSAGE_STATES }).notNull().default("pending"),
    tries: integer("tries").notNull().default(0),
    /** When it may be tried next (epoch ms): now when written, the lease while a try runs, the backoff after a failure. */
    nextAttemptAt: integer("next_attempt_at", { mode: "number" }).notNull(),
    /** Who took it: twilio, or outbox (the development outbox shown at /dev/mail). */
    provider: text("provider", { enum: ["twilio", "outbox"] }),
    /** The provider's id for the message (Twilio's SM… sid). */
    providerRef: text("provider_ref"),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("message_outbox_order_kind_channel_idx").on(t.orderId, t.kind, t.channel), index("message_outbox_due_idx").on(t.state, t.nextAttemptAt)],
);

export type OutboxMessage = typeof messageOutbox.$inferSelect;
