// Relative, not ~/: drizzle-kit and vite.config.ts (through the load context) load this file without the app alias.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRODUCT_UNITS } from "../../catalog/units";
import { DELIVERY_SLOTS } from "../../delivery/slots";
import { ORDER_STATUSES, PAYMENT_STATES, PRICE_ANSWERS } from "../../orders/status";
import { users } from "./accounts";
import { products } from "./catalogue";
import { addressColumns, createdAt, updatedAt } from "./columns";

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
    /**
     * shop (a cart checkout), auction (a won auction; its line has no product stock to hold) or season (a
     * pre-booking: paid before the catch, filled with a date and slot from the product's queue as catch lands).
     */
    source: text("source", { enum: ["shop", "auction", "season"] })
      .notNull()
      .default("shop"),
    auctionId: integer("auction_id"),
    estimatedTotalPaise: integer("estimated_total_paise").notNull(),
    advancePaise: integer("advance_paise").notNull(),
    /** Set when every line is weighed: the sum of the weighed lines, rounded to the rupee. */
    finalTotalPaise: integer("final_total_paise"),
    /**
     * The most the shopper agreed to pay before paying the advance: the estimate plus the margin they chose
     * (`ceilingPercent`, one of CEILING_CHOICES). Both null: any weight (or an auction lot, sold at its price).
     */
    ceilingPercent: integer("ceiling_percent"),
    ceilingPaise: integer("ceiling_paise"),
    /**
     * The shopper's answer to a final price above their ceiling: `awaiting` from the weighing until they accept
     * or decline (or `answerDueAt` passes, which counts as a decline); null while the price is within the ceiling.
     */
    priceAnswer: text("price_answer", { enum: PRICE_ANSWERS }),
    answerDueAt: integer("answer_due_at", { mode: "number" }),
    /** Why the order was cancelled (shown to the customer). */
    cancelReason: text("cancel_reason"),
    /** The delivery address, the phone with the +91 prefix. */
    ...addressColumns(),
    /** While payment_pending: when the stock held for this order is released (and the order expires). */
    reservedUntil: integer("reserved_until", { mode: "number" }),
    /** A pre-booking's last delivery date the shopper accepts (YYYY-MM-DD, IST): not filled by then, it is cancelled and refunded. */
    latestDate: text("latest_date"),
    /** The delivery date (YYYY-MM-DD, IST) and slot the shopper chose; null for auction orders and unfilled pre-bookings. */
    deliveryDate: text("delivery_date"),
    deliverySlot: text("delivery_slot", { enum: DELIVERY_SLOTS }),
    /** The order's lines count against its date's catch and its slot's capacity while this is true; cleared once on expiry or cancellation. */
    stockHeld: integer("stock_held", { mode: "boolean" }).notNull().default(false),
    /** Bumped by every change of status, weights or payment state, so an admin form opened on an older version is refused. */
    version: integer("version").notNull().default(1),
    paidAt: integer("paid_at", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_reserved_idx").on(t.status, t.reservedUntil),
    index("orders_delivery_idx").on(t.deliveryDate, t.deliverySlot, t.stockHeld),
    // A season's queue, in the order its advances were paid.
    index("orders_queue_idx")
      .on(t.status, t.paidAt, t.id)
      .where(sql`source = 'season'`),
    // One order per bidder of an auction: a retried or duplicated close or offer cannot make a second one.
    uniqueIndex("orders_auction_user_idx").on(t.auctionId, t.userId),
    // At most one live order per auction: a lot is offered to the next bidder only once the order before ended
    // unpaid (expired or cancelled), so it can never have two owners.
    uniqueIndex("orders_auction_live_idx")
      .on(t.auctionId)
      .where(sql`auction_id IS NOT NULL AND status NOT IN ('payment_expired', 'order_cancelled')`),
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
    /** The product's Telugu name (an auction lot's Telugu title) when the order was made; null where it had none. */
    nameTe: text("name_te"),
    image: text("image"),
    /** Price per kg or per pack (shop, see `unit`) or the winning price (auction). */
    pricePaise: integer("price_paise").notNull(),
    /** What the price and the quantity count, as the product said when the order was made. */
    unit: text("unit", { enum: PRODUCT_UNITS }).notNull().default("kg"),
    quantity: integer("quantity").notNull(),
    /** A per-kg line: the actual weight recorded by the admin after the catch. */
    weightGrams: integer("weight_grams"),
    /** A per-pack line: the packs delivered, as the admin confirmed them (at most the packs ordered). */
    packsDelivered: integer("packs_delivered"),
    /** Price per kg × weight, rounded to the rupee, or price per pack × packs delivered; null until recorded. */
    finalPaise: integer("final_paise"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

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

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
