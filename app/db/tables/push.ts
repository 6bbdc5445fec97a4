// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LANGS } from "../../i18n/lang";
import { users } from "./accounts";
import { createdAt } from "./columns";

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
