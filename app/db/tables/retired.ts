import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { LANGS } from "../../i18n/lang";
import { users } from "./accounts";
import { createdAt } from "./columns";

/*
 * Tables no code reads any more, kept (empty) for one release so that the code still running while a deploy
 * applies the migrations answers as if nothing were pending instead of failing on a missing table. Their rows
 * moved to `pending_codes` (migration 0028). In any later release, delete these declarations and generate the
 * migration that drops them.
 */

export const retiredSignups = sqliteTable(
  "signups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    address: text("address"),
    passwordHash: text("password_hash").notNull(),
    lang: text("lang", { enum: LANGS }).notNull().default("en"),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("signups_email_idx").on(t.email), index("signups_expires_idx").on(t.expiresAt)],
);

export const retiredPasswordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    lang: text("lang", { enum: LANGS }).notNull().default("en"),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "number" }).notNull(),
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_email_idx").on(t.email), index("password_resets_expires_idx").on(t.expiresAt)],
);
