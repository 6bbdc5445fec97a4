import { beforeEach } from "vitest";
import type { Order } from "~/db/schema";
import type { Lang } from "~/i18n/lang";
import { createPrebooking, setSeason } from "~/season/prebook.server";
import { queueQuery } from "~/season/queue.server";
import { VALID_ADDRESS } from "./address";
import { payAdvance } from "./money";
import { setUpShopDayWorld } from "./shop-day-world";
import { all, one } from "./sql";

/**
 * The season tests' world: the shop-day world (a fixed clock at 04:00 IST, ten days on per test) with pre-booking
 * of its fish opened for 30 days, shoppers' pre-bookings made and paid the way the booking page and the sandbox
 * gateway make them (each advance paid at a chosen instant, which orders the queue), and reads of the result.
 */
export function setUpSeasonWorld() {
  const w = setUpShopDayWorld();
  /** What the booking form sends: how much, the last date accepted, the usual margin and a typed address. */
  const value = (quantity: number, latestDate: string) => ({ ...VALID_ADDRESS, quantity, latestDate, ceiling: "20" as const });
  const s = {
    w,
    value,
    /** Opens (a date) or closes (null) the fish's season, as the admin does. */
    season: (until: string | null, productId = w.fishId) => setSeason(w.deps, productId, until, w.now),
    /** A new shopper's unpaid pre-booking of the fish. */
    async book(quantity: number, latestDate = w.day(20), lang: Lang = "en"): Promise<Order> {
      const id = await w.newUser(lang);
      return createPrebooking(w.deps, { id, isAdmin: false }, w.fishId, value(quantity, latestDate), w.now);
    },
    /** The ₹500 advance captured through the sandbox, the gateway's webhooks arriving at `at`: returns the payment's id. */
    pay: (order: Order, at = w.now) => payAdvance({ ...w.deps, now: () => at }, order),
    /** A pre-booking made and paid (at `at`). */
    async prebooked(quantity: number, options: { latestDate?: string; lang?: Lang; at?: number } = {}): Promise<Order> {
      const order = await s.book(quantity, options.latestDate, options.lang);
      await s.pay(order, options.at);
      return order;
    },
    /** The fish's queue, first paid first: order ids. */
    queue: async () => (await queueQuery(w.deps, w.fishId)).map((q) => q.id),
    row: (orderId: number) =>
      one<{ status: string; delivery_date: string | null; delivery_slot: string | null; stock_held: number; cancel_reason: string | null }>(
        "SELECT status, delivery_date, delivery_slot, stock_held, cancel_reason FROM orders WHERE id = ?",
        orderId,
      ),
    /** Units of the fish held for a date by orders and waitlist holds (never more than was caught). */
    held: async (date: string, productId = w.fishId) =>
      (
        await one<{ n: number }>(
          `SELECT coalesce((SELECT sum(i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
             WHERE o.delivery_date = ?1 AND o.stock_held = 1 AND i.product_id = ?2), 0)
           + coalesce((SELECT sum(quantity) FROM waitlist_entries WHERE hold_date = ?1 AND stock_held = 1 AND product_id = ?2), 0) AS n`,
          date,
          productId,
        )
      ).n,
    /** The notices of an order's status a shopper was sent (a fill, a cancel), not the advance's receipt. */
    notices: (userId: number) =>
      all<{ title: string; message: string }>(
        "SELECT title, message FROM notifications WHERE user_id = ? AND type = 'order_status_update' ORDER BY id",
        userId,
      ),
  };
  beforeEach(async () => {
    await s.season(w.day(30));
  });
  return s;
}
