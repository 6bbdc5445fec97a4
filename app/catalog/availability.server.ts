import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { catchDays } from "~/db/schema";
import type { Deps } from "~/deps";
import { DELIVERY_SLOTS, isSlotBookable, orderDates, type DeliverySlot } from "~/delivery/slots";

/**
 * What is left to sell, derived, never counted: a date's catch minus the lines of orders for that date still
 * holding stock (`stock_held`) and the waitlist's live holds, a slot's capacity minus its orders still holding. Expiry and cancellation
 * clear `stock_held` once, so catch and slot come back exactly once without any counter to give back.
 */

/** Units of a product a date's waitlist holds keep while they live (SQL over `c`, a catch_days row). */
export const WAITLIST_HELD_SQL = `coalesce((SELECT sum(w.quantity) FROM waitlist_entries w
  WHERE w.hold_date = c.delivery_date AND w.stock_held = 1 AND w.product_id = c.product_id), 0)`;

/**
 * Units of a product still free on a date: the catch minus held lines and minus live waitlist holds (SQL over
 * `c`, a catch_days row). Every check of what is left reads this, so a hold is stock like an order's.
 */
export const LEFT_SQL = `c.quantity - coalesce((SELECT sum(i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.delivery_date = c.delivery_date AND o.stock_held = 1 AND i.product_id = c.product_id), 0) - ${WAITLIST_HELD_SQL}`;

/** A date's catch has at least `quantity` of a product left (no catch that date: it has not). */
export function leftCovers(productId: number, date: string, quantity: number): SQL {
  return sql`(SELECT ${sql.raw(LEFT_SQL)} FROM catch_days c WHERE c.delivery_date = ${date} AND c.product_id = ${productId}) >= ${quantity}`;
}

type CatchRow = { productId: number; date: string; caught: number; left: number };
export type CatchLeft = Map<number, Map<string, { caught: number; left: number }>>;

/**
 * The rows of `catchLeft` as a query that can go into a D1 batch (`catchLeftOf` reads them). The dates are one
 * JSON array (or a placeholder for one), so the query's text is the same for any number of dates.
 */
export function catchLeftQuery(deps: Pick<Deps, "db">, dates: string[] | SQLWrapper) {
  // LEFT_SQL reads the catch_days row as `c`.
  const c = alias(catchDays, "c");
  const json = Array.isArray(dates) ? JSON.stringify(dates) : dates;
  return deps.db
    .select({ productId: c.productId, date: c.deliveryDate, caught: c.quantity, left: sql<number>`${sql.raw(LEFT_SQL)}` })
    .from(c)
    .where(sql`${c.deliveryDate} IN (SELECT value FROM json_each(${json}))`);
}

export function catchLeftOf(rows: CatchRow[]): CatchLeft {
  const out: CatchLeft = new Map();
  for (const r of rows) {
    const days = out.get(r.productId) ?? new Map();
    days.set(r.date, { caught: r.caught, left: Math.max(0, r.left) });
    out.set(r.productId, days);
  }
  return out;
}

/** product id → date → { caught, left } for the given dates (dates without a catch are absent). */
export async function catchLeft(deps: Pick<Deps, "db">, dates: string[]): Promise<CatchLeft> {
  return catchLeftOf(await catchLeftQuery(deps, dates));
}

export type SlotLoad = { date: string; slot: DeliverySlot; capacity: number; booked: number; planned: boolean };

type SlotRow = { date: string; slot: DeliverySlot; capacity: number | null; booked: number };

/**
 * Every slot of the dates (a JSON array, or a placeholder for one) with the admin's capacity (null: none set)
 * and the orders holding it, date by date, morning first: one query that can go into a D1 batch.
 */
export function slotLoadsQuery(deps: Pick<Deps, "db">, dates: string[] | SQLWrapper) {
  const json = Array.isArray(dates) ? JSON.stringify(dates) : dates;
  // Named columns: D1 answers rows as objects, and two unnamed `value` columns would be one.
  return deps.db
    .select({
      date: sql<string>`d.value`.as("date"),
      slot: sql<DeliverySlot>`s.value`.as("slot"),
      capacity: sql<number | null>`c.capacity`.as("capacity"),
      booked: sql<number>`(SELECT count(*) FROM orders o WHERE o.delivery_date = d.value AND o.delivery_slot = s.value AND o.stock_held = 1)`.as("booked"),
    })
    .from(
      sql`json_each(${json}) d CROSS JOIN json_each(${JSON.stringify(DELIVERY_SLOTS)}) s
        LEFT JOIN delivery_slots c ON c.delivery_date = d.value AND c.slot = s.value`,
    )
    .orderBy(sql`d.key`, sql`s.key`);
}

/** The rows of `slotLoadsQuery`, a slot without the admin's capacity taking the configured default. */
export function slotLoadsOf(rows: SlotRow[], defaultCapacity: number): SlotLoad[] {
  return rows.map((r) => ({ date: r.date, slot: r.slot, capacity: r.capacity ?? defaultCapacity, planned: r.capacity !== null, booked: r.booked }));
}

/** Every slot of the given dates with its capacity (the admin's, or the default) and the orders holding it. */
export async function slotLoads(deps: Pick<Deps, "db" | "config">, dates: string[]): Promise<SlotLoad[]> {
  return slotLoadsOf(await slotLoadsQuery(deps, dates), deps.config.defaultSlotCapacity);
}

/**
 * Whether a shopper can book a slot at `now`: bookable by the clock and with room. `own` is how many of its
 * orders are the shopper's own unpaid one (a checkout resumes or replaces it, so it does not take room).
 */
export function slotOpen(load: SlotLoad, now: number, own = 0): boolean {
  return isSlotBookable(load.date, load.slot, now) && load.booked - own < load.capacity;
}

/**
 * The dates a shopper can order for at `now`, first to last: the checkout's dates (`orderDates`) with at least
 * one slot open. The checkout offers these (those the cart's catch covers); product pages list only these.
 */
export function openDates(loads: SlotLoad[], now: number): string[] {
  return orderDates(now).filter((date) => loads.some((l) => l.date === date && slotOpen(l, now)));
}

/** A slot at checkout: open, or not (`full`: its capacity is taken; otherwise past its cut-off). */
export type DeliveryChoice = {
  date: string;
  slots: { slot: DeliverySlot; open: boolean; full: boolean }[];
};

/**
 * What one shopper's unpaid shop orders hold, and the units their waitlist holds keep: a checkout resumes or
 * replaces the orders and uses the holds, so they are the shopper's to reuse.
 */
type OwnHolds = { slots: { date: string; slot: DeliverySlot }[]; units: { productId: number; date: string; quantity: number }[] };

async function ownHolds(deps: Pick<Deps, "db">, userId: number): Promise<OwnHolds> {
  const open = `o.user_id = ? AND o.status = 'payment_pending' AND o.source = 'shop' AND o.stock_held = 1`;
  const [slots, units, held] = await deps.db.$client.batch([
    deps.db.$client.prepare(`SELECT o.delivery_date AS date, o.delivery_slot AS slot FROM orders o WHERE ${open}`).bind(userId),
    deps.db.$client
      .prepare(
        `SELECT i.product_id AS productId, o.delivery_date AS date, i.quantity AS quantity FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${open}`,
      )
      .bind(userId),
    deps.db.$client
      .prepare(`SELECT w.product_id AS productId, w.hold_date AS date, w.quantity AS quantity FROM waitlist_entries w WHERE w.user_id = ? AND w.stock_held = 1`)
      .bind(userId),
  ]);
  return { slots: slots.results as OwnHolds["slots"], units: [...(units.results as OwnHolds["units"]), ...(held.results as OwnHolds["units"])] };
}

/**
 * The delivery dates a cart can be checked out for: within the window, every line has enough of that date's
 * catch, and at least one slot can still be booked and has room. Each with its slots, open or not. The
 * shopper's own unpaid order does not count against them (checking out again resumes or replaces it), and
 * its date and slot come back as `resume`, to be chosen again.
 */
export async function deliveryChoices(
  deps: Pick<Deps, "db" | "config">,
  lines: { productId: number; quantity: number }[],
  now: number,
  userId: number,
): Promise<{ choices: DeliveryChoice[]; resume: string | null }> {
  const dates = orderDates(now);
  const [left, loads, own] = await Promise.all([catchLeft(deps, dates), slotLoads(deps, dates), ownHolds(deps, userId)]);
  const ownUnits = (productId: number, date: string) =>
    own.units.filter((u) => u.productId === productId && u.date === date).reduce((sum, u) => sum + u.quantity, 0);
  const ownSlots = (date: string, slot: DeliverySlot) => own.slots.filter((s) => s.date === date && s.slot === slot).length;
  const choices = dates.flatMap((date) => {
    const enough = lines.length > 0 && lines.every((l) => (left.get(l.productId)?.get(date)?.left ?? 0) + ownUnits(l.productId, date) >= l.quantity);
    return enough ? openSlotsOn(date, loads, ownSlots, now) : [];
  });
  const resumable = own.slots.find((s) => choices.some((c) => c.date === s.date && c.slots.some((o) => o.slot === s.slot && o.open)));
  return { choices, resume: resumable ? `${resumable.date}.${resumable.slot}` : null };
}

/** A date's slots, each open or not (full, or past its cut-off), or nothing when none of them can be booked. */
function openSlotsOn(date: string, loads: SlotLoad[], own: (date: string, slot: DeliverySlot) => number, now: number): DeliveryChoice[] {
  const slots = DELIVERY_SLOTS.map((slot) => {
    const load = loads.find((s) => s.date === date && s.slot === slot)!;
    const mine = own(date, slot);
    return { slot, open: slotOpen(load, now, mine), full: load.booked - mine >= load.capacity };
  });
  return slots.some((s) => s.open) ? [{ date, slots }] : [];
}

/**
 * The delivery dates and slots a won auction lot can be booked for: a lot is already caught, so only the slot's
 * room and cut-off count. The order's own booking (a winner choosing again) does not count against its slot.
 */
export async function lotDeliveryChoices(
  deps: Pick<Deps, "db" | "config">,
  order: { deliveryDate: string | null; deliverySlot: DeliverySlot | null; stockHeld: boolean },
  now: number,
): Promise<DeliveryChoice[]> {
  const dates = orderDates(now);
  const loads = await slotLoads(deps, dates);
  const own = (date: string, slot: DeliverySlot) => (order.stockHeld && order.deliveryDate === date && order.deliverySlot === slot ? 1 : 0);
  return dates.flatMap((date) => openSlotsOn(date, loads, own, now));
}
