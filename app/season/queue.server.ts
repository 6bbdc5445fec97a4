import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { catchLeft, LEFT_SQL, slotLoads, slotOpen } from "~/catalog/availability.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { quantityText } from "~/catalog/units";
import { orderAt, runBatch } from "~/db/guards.server";
import { catchDays, orderItems, orders } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { addDays, DELIVERY_SLOTS, formatDelivery, isSlotBookable, istDate, PLANNING_DAYS, upcomingDates, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { inLang } from "~/i18n/lang";
import { notifyCustomer, type NoticeDeps } from "~/notifications/notify.server";
import { eventStatement } from "~/orders/events.server";
import { holdCondition } from "~/orders/stock.server";
import { ORDER_STATUS, PREBOOKED } from "~/orders/status";

/**
 * The season's queue: pre-bookings whose ₹500 advance is paid (`prebooked`), waiting for catch. They are filled in
 * the order their advances were paid (`paid_at`, then `id`), before the waitlist and before new orders: while a
 * queued pre-booking fits what is left of a date's catch, nothing else may take that catch (`queueFirst`), and
 * every path that gives catch away fills the queue first. A pre-booking whose quantity fits no date keeps its place
 * while smaller ones behind it are filled (as the waitlist does).
 */

/** One pre-booking in the queue: its order, the product and quantity it asks for, and its last date. */
export type Queued = { id: number; number: string; userId: number; productId: number; quantity: number; latestDate: string; paidAt: number };

/** The queue, first paid first, of every product or of one. */
export function queueQuery(deps: Pick<Deps, "db">, productId?: number) {
  return deps.db
    .select({
      id: orders.id,
      number: orders.number,
      userId: orders.userId,
      productId: sql<number>`${orderItems.productId}`,
      quantity: orderItems.quantity,
      latestDate: sql<string>`${orders.latestDate}`,
      paidAt: sql<number>`${orders.paidAt}`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, PREBOOKED), eq(orders.source, "season"), productId === undefined ? undefined : eq(orderItems.productId, productId)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
}

/**
 * No queued pre-booking of the product, deliverable on `date`, fits what is left of that date's catch: the
 * condition under which a new order or a waitlist hold may take from it (the queue is served first).
 */
export function queueFirst(productId: number, date: string): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM orders q JOIN order_items qi ON qi.order_id = q.id
    WHERE q.status = ${PREBOOKED} AND q.source = 'season' AND qi.product_id = ${productId} AND q.latest_date >= ${date}
      AND qi.quantity <= (SELECT ${sql.raw(LEFT_SQL)} FROM catch_days c WHERE c.delivery_date = ${date} AND c.product_id = ${productId}))`;
}

/** A fill made from the queue: the pre-booking's order now holds `quantity` of `date`'s catch in `slot`. */
export type Filled = Queued & { date: string; slot: DeliverySlot };

type FillDeps = NoticeDeps & Pick<PrimaryDeps, "db">;

/**
 * Fills the queue at `now`: each pre-booking in the order paid, into the earliest date up to its last one whose
 * catch covers it and which has a slot bookable and with room (the first such slot). Each fill is one guarded
 * batch that re-checks the pre-booking is still queued, its last date and the catch and slot (as a new order's
 * INSERT does), so concurrent fills, cancels, expiries and checkouts never hold more than was caught. Each shopper
 * is told, in their language.
 */
export async function fillQueue(deps: FillDeps, now: number): Promise<Filled[]> {
  const queue = await queueQuery(deps).limit(500);
  if (queue.length === 0) return [];
  const dates = upcomingDates(now, PLANNING_DAYS).filter((date) => DELIVERY_SLOTS.some((slot) => isSlotBookable(date, slot, now)));
  const [left, loads] = await Promise.all([catchLeft(deps, dates), slotLoads(deps, dates)]);
  const filled: Filled[] = [];
  for (const entry of queue) {
    const days = left.get(entry.productId);
    if (!days) continue;
    for (const date of dates) {
      const day = days.get(date);
      if (date > entry.latestDate || !day || day.left < entry.quantity) continue;
      const load = loads.find((l) => l.date === date && slotOpen(l, now));
      if (!load) continue;
      if (await fillOne(deps, entry, date, load.slot, now)) {
        day.left -= entry.quantity;
        load.booked++;
        filled.push({ ...entry, date, slot: load.slot });
        await tellFilled(deps, { ...entry, date, slot: load.slot });
      }
      break;
    }
  }
  return filled;
}

/** The guarded fill of one pre-booking: true when this call filled it. */
async function fillOne(deps: FillDeps, entry: Queued, date: string, slot: DeliverySlot, now: number): Promise<boolean> {
  const { fill } = await runBatch(deps.db, {
    fill: deps.db
      .update(orders)
      .set({ status: ORDER_STATUS.order_raised, deliveryDate: date, deliverySlot: slot, stockHeld: true, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(
        and(
          orderAt(entry.id, { status: PREBOOKED }),
          gte(orders.latestDate, date),
          // Only while its season is open through its last date: once the admin closes (or shortens) it, the
          // pre-booking is the close's to cancel and refund, even if an advance or a fill is under way meanwhile.
          // A hidden product is not sold, so its queue waits (to its last date) until the admin shows it again.
          sql`EXISTS (SELECT 1 FROM products p WHERE p.id = ${entry.productId} AND p.season_until >= ${orders.latestDate} AND p.hidden = 0)`,
          holdCondition([{ productId: entry.productId, quantity: entry.quantity }], { date, slot }, deps.config.defaultSlotCapacity),
        ),
      ),
    event: eventStatement(deps, entry.id, null, "status", PREBOOKED, ORDER_STATUS.order_raised, `Filled from the season's queue for ${date} (${slot})`, now),
    catalogue: bumpCatalogue(deps),
  });
  return fill.meta.changes === 1;
}

async function tellFilled(deps: FillDeps, fill: Filled) {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, fill.id)).limit(1);
  const [line] = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, fill.id)).limit(1);
  if (!row || !line) return;
  try {
    await notifyCustomer(deps, row, {
      type: "order_status_update",
      words: (m, lang) => {
        const values = {
          name: inLang(line.name, line.nameTe, lang),
          qty: quantityText(line.quantity, line.unit, lang),
          number: row.number,
          when: formatDelivery(fill.date, fill.slot, lang),
        };
        return { title: format(m.season.filledTitle, values), message: format(m.season.filledMessage, values) };
      },
    });
  } catch (error) {
    // The fill stands and shows on the order page; a notice that failed is not worth undoing it.
    console.error("telling a filled pre-booking failed", error);
  }
}

/** Where a queued pre-booking stands: its place (1 = next) and the units queued ahead of it and with it; null once it left the queue. */
export async function queuePlace(deps: Pick<Deps, "db">, order: { id: number; status: string; source: string }, productId: number) {
  if (order.status !== PREBOOKED || order.source !== "season") return null;
  const queue = await queueQuery(deps, productId);
  const at = queue.findIndex((q) => q.id === order.id);
  if (at < 0) return null;
  const through = queue.slice(0, at + 1).reduce((sum, q) => sum + q.quantity, 0);
  return { ...queue[at], place: at + 1, through };
}

/** The product's catch over the 14 days before `now` (IST dates), per day on average. */
export async function recentDailyCatch(deps: Pick<Deps, "db">, productId: number, now: number): Promise<number> {
  const today = istDate(now);
  const [row] = await deps.db
    .select({ total: sql<number>`coalesce(sum(${catchDays.quantity}), 0)` })
    .from(catchDays)
    .where(and(eq(catchDays.productId, productId), gte(catchDays.deliveryDate, addDays(today, -14)), lte(catchDays.deliveryDate, addDays(today, -1))));
  return (row?.total ?? 0) / 14;
}

/** The queue's figures for the admin, per product: how many, how much, and the oldest advance. */
export async function queueSummary(deps: Pick<Deps, "db">, productIds: number[]) {
  if (productIds.length === 0) return new Map<number, { count: number; units: number; oldest: number | null }>();
  const rows = await deps.db
    .select({
      productId: sql<number>`${orderItems.productId}`,
      count: sql<number>`count(*)`,
      units: sql<number>`sum(${orderItems.quantity})`,
      oldest: sql<number | null>`min(${orders.paidAt})`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, PREBOOKED), eq(orders.source, "season"), inArray(orderItems.productId, productIds)))
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId, { count: r.count, units: r.units, oldest: r.oldest }]));
}

/**
 * What a catch of `quantity` units of a product on `date` would fill, were nothing else holding it: the queue's
 * pre-bookings deliverable that day, in order, each while the catch still covers it (the admin's preview).
 */
export async function previewFill(deps: Pick<Deps, "db">, productId: number, date: string, quantity: number) {
  const queue = (await queueQuery(deps, productId)).filter((q) => q.latestDate >= date);
  let left = quantity;
  const fills: Queued[] = [];
  for (const q of queue) {
    if (q.quantity > left) continue;
    left -= q.quantity;
    fills.push(q);
  }
  return { fills, left };
}
