import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { byName } from "../../orders/status";
import { createdAt, updatedAt } from "./columns";
import { orders } from "./orders";

/**
 * Payment attempts: one row per gateway order (the advance) or payment link (the balance). `providerRef` is
 * the gateway's order or link id. An attempt is `created` until it is paid, fails (an advance may be retried
 * on the same gateway order), is cancelled (a link the store closed) or expires. The money itself is never
 * recorded here: every capture and refund is a row of `ledger`.
 */
export const ATTEMPT_STATUSES = ["created", "paid", "failed", "cancelled", "expired"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
/** An attempt's status by name (a payment link's too: `ATTEMPT_STATUS.cancelled`). */
export const ATTEMPT_STATUS = byName(ATTEMPT_STATUSES);

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
    updatedAt: updatedAt(),
  },
  (t) => [index("payments_order_idx").on(t.orderId), index("payments_status_created_idx").on(t.status, t.createdAt)],
);

/**
 * The ledger: every movement of money, one row each. What an order paid, had refunded and still owes is the
 * sum of its rows (app/payments/ledger.ts), never a counter.
 * - capture: money the gateway took (`ref` = the gateway payment id, unique store-wide), through `attemptId`;
 * - cash: the balance collected on delivery (`ref` = cash:{order id});
 * - refund: money returned from one capture (`paymentRef` = that capture's `ref`; `ref` = {reason}:{payment
 *   id}, or claim-{claim id}:{payment id} for a claim, the idempotency key, so one reason or claim refunds
 *   one payment once). `pending` until the gateway confirms,
 *   `failed` when it refused (the scheduled job retries both); a pending or failed refund already counts, so
 *   refunds can never exceed captures.
 */
export const LEDGER_KINDS = ["capture", "cash", "refund"] as const;
export const LEDGER_STATES = ["done", "pending", "failed"] as const;
export const LEDGER_REASONS = ["advance", "balance", "difference", "cancel", "unowed", "claim"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export type LedgerState = (typeof LEDGER_STATES)[number];
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const LEDGER_KIND = byName(LEDGER_KINDS);
export const LEDGER_STATE = byName(LEDGER_STATES);
export const LEDGER_REASON = byName(LEDGER_REASONS);

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
    updatedAt: updatedAt(),
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
    /** A link's page as the store asked for it (JSON: description, business name, customer), shown as Razorpay shows it. */
    details: text("details"),
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

export type Payment = typeof payments.$inferSelect;
export type LedgerRow = typeof ledger.$inferSelect;
