// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CLAIM_KINDS, CLAIM_STATES } from "../../claims/rules";
import { users } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

/**
 * A problem the customer reported after delivery. Open until an admin decides it once: approved with the
 * refund it made (the money itself is the ledger's refund rows, keyed `claim-{id}:{payment id}`) or
 * rejected with the reason the customer is shown. An order has at most one open claim (the partial unique
 * index), so two reports sent at once leave one.
 */
export const claims = sqliteTable(
  "claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: CLAIM_KINDS }).notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: CLAIM_STATES }).notNull().default("open"),
    /** Approved: the refund the admin granted (paise). */
    refundPaise: integer("refund_paise"),
    /** Rejected: why (shown to the customer). */
    decisionReason: text("decision_reason"),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: integer("decided_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("claims_one_open_idx")
      .on(t.orderId)
      .where(sql`status = 'open'`),
    index("claims_order_idx").on(t.orderId, t.createdAt),
    index("claims_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * A claim's photos and videos: bytes in the CLAIM_EVIDENCE bucket under `claims/{sha256}.{ext}`, checked by
 * their bytes, never public.
 */
export const claimEvidence = sqliteTable(
  "claim_evidence",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    media: text("media", { enum: ["image", "video"] }).notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    /** Images only: their size, so the page keeps room for them. */
    width: integer("width"),
    height: integer("height"),
    position: integer("position").notNull(),
  },
  (t) => [uniqueIndex("claim_evidence_name_idx").on(t.claimId, t.name)],
);

export type Claim = typeof claims.$inferSelect;
export type ClaimEvidence = typeof claimEvidence.$inferSelect;
