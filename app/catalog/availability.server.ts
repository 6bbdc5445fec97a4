import { sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { catchDays } from "~/db/schema";
import type { Deps } from "~/deps";
import { DELIVERY_SLOTS, DELIVERY_WINDOW_DAYS, isSlotBookable, upcomingDates, type DeliverySlot } from "~/delivery/slots";

/**
 * What is left to sell, derived, never counted: a date's catch minus the lines of orders for that date still
 * holding stock (`stock_held`), a slot's capacity minus its orders still holding. Expiry and cancellation
 * clear `stock_held` once, so catch and slot come back exactly once without any counter to give back.
 */

/** Units of a product still free on a date: the catch minus held lines (SQL over `c`, a catch_days row). */
export const LEFT_SQL = `c.quantity - coalesce((SELECT sum(i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.delivery_date = c.delivery_date AND o.stock_held = 1 AND i.product_id = c.product_id), 0)`;

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

/** Every slot of the given dates with its capacity (the admin's, or the default) and the orders holding it. */
export async function slotLoads(deps: Pick<Deps, "db" | "config">, dates: string[]): Promise<SlotLoad[]> {
  const marks = dates.map(() => "?").join(", ");
  const [caps, booked] = await Promise.all([
    deps.db.$client
      .prepare(`SELECT delivery_date AS date, slot, capacity FROM delivery_slots WHERE delivery_date IN (${marks})`)
      .bind(...dates)
      .all<{ date: string; slot: DeliverySlot; capacity: number }>(),
    deps.db.$client
      .prepare(
        `SELECT delivery_date AS date, delivery_slot AS slot, count(*) AS n FROM orders WHERE delivery_date IN (${marks}) AND stock_held = 1 GROUP BY delivery_date, delivery_slot`,
      )
      .bind(...dates)
      .all<{ date: string; slot: DeliverySlot; n: number }>(),
  ]);
  return dates.flatMap((date) =>
    DELIVERY_SLOTS.map((slot) => {
      const cap = caps.results.find((c) => c.date === date && c.slot === slot);
      return {
        date,
        slot,
        capacity: cap?.capacity ?? deps.config.defaultSlotCapacity,
        planned: cap !== undefined,
        booked: booked.results.find((b) => b.date === date && b.slot === slot)?.n ?? 0,
      };
    }),
  );
}

/** A slot at checkout: open, or not (`full`: its capacity is taken; otherwise past its cut-off). */
export type DeliveryChoice = {
  date: string;
  slots: { slot: DeliverySlot; open: boolean; full: boolean }[];
};

/** What one shopper's unpaid shop orders hold: a checkout resumes or replaces them, so they are the shopper's to reuse. */
type OwnHolds = { slots: { date: string; slot: DeliverySlot }[]; units: { productId: number; date: string; quantity: number }[] };

async function ownHolds(deps: Pick<Deps, "db">, userId: number): Promise<OwnHolds> {
  const open = `o.user_id = ? AND o.status = 'payment_pending' AND o.source = 'shop' AND o.stock_held = 1`;
  const [slots, units] = await deps.db.$client.batch([
    deps.db.$client.prepare(`SELECT o.delivery_date AS date, o.delivery_slot AS slot FROM orders o WHERE ${open}`).bind(userId),
    deps.db.$client
      .prepare(
        `SELECT i.product_id AS productId, o.delivery_date AS date, i.quantity AS quantity FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${open}`,
      )
      .bind(userId),
  ]);
  return { slots: slots.results as OwnHolds["slots"], units: units.results as OwnHolds["units"] };
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
  const dates = upcomingDates(now, DELIVERY_WINDOW_DAYS);
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
    const full = load.booked - own(date, slot) >= load.capacity;
    return { slot, open: isSlotBookable(date, slot, now) && !full, full };
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
  const dates = upcomingDates(now, DELIVERY_WINDOW_DAYS);
  const loads = await slotLoads(deps, dates);
  const own = (date: string, slot: DeliverySlot) => (order.stockHeld && order.deliveryDate === date && order.deliverySlot === slot ? 1 : 0);
  return dates.flatMap((date) => openSlotsOn(date, loads, own, now));
}
