import { and, eq, isNull, or, sql } from "drizzle-orm";
import { catchLeft, slotLoads } from "~/catalog/availability.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { quantityText } from "~/catalog/units";
import type { Deps, PrimaryDeps } from "~/deps";
import { orderAt, runBatch } from "~/db/guards.server";
import { orderItems, orders, type Order, type OrderItem, type User } from "~/db/schema";
import { DELIVERY_SLOTS, formatDelivery, formatDeliveryDate, isSlotPlannable, PLANNING_DAYS, upcomingDates, type DeliverySlot } from "~/delivery/slots";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { ConflictError, InvalidInputError } from "~/lib/errors";
import { notifyCustomer } from "~/notifications/notify.server";
import { holdCondition } from "~/orders/stock.server";
import { loadByNumber, StaleOrderError } from "./changes.server";
import { eventStatement } from "./events.server";
import { ORDER_STATUS, type OrderStatus } from "./status";

/**
 * The admin moves a paid order's delivery to another date and slot. What is left of a catch or a slot is
 * derived from the orders holding it (`stock_held` with their date and slot), so rewriting the order's date and
 * slot gives the old ones back and takes the new ones in one statement, whose WHERE checks the new date's catch
 * and the new slot's room: D1 runs one statement at a time, so moves and checkouts racing for the last kilo or
 * the last place never oversell.
 */
const m = adminMessages.move;

/** Paid and not yet shipped: the fish has not left, so its day can still change. */
export const MOVABLE_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.order_raised, ORDER_STATUS.order_confirmed, ORDER_STATUS.order_packed];

export type MoveState = "current" | "open" | "full" | "short";
export type MoveChoice = { date: string; slot: DeliverySlot; state: MoveState };

/**
 * A paid order not yet shipped can be moved from the date and slot it holds, and a won lot paid before its winner
 * could choose one (no date yet) can be booked the same way, so it reaches a packing list.
 */
export function canMoveDelivery(order: Pick<Order, "status" | "stockHeld" | "deliveryDate" | "deliverySlot" | "source">): boolean {
  if (!MOVABLE_STATUSES.includes(order.status)) return false;
  return unbookedLot(order) || (order.stockHeld && order.deliveryDate !== null && order.deliverySlot !== null);
}

const unbookedLot = (order: Pick<Order, "source" | "deliveryDate">) => order.source === "auction" && order.deliveryDate === null;

/** The order's shop lines, one per product: what its date's catch must cover. */
const catchLines = (items: Pick<OrderItem, "productId" | "quantity">[]) =>
  items.flatMap((i) => (i.productId === null ? [] : [{ productId: i.productId, quantity: i.quantity }]));

/** Every date and slot the admin may still book, and whether this order fits there (its own date's catch is already its). */
export async function moveChoices(deps: Pick<Deps, "db" | "config">, order: Order, items: OrderItem[], now: number): Promise<MoveChoice[]> {
  const dates = upcomingDates(now, PLANNING_DAYS);
  const [left, loads] = await Promise.all([catchLeft(deps, dates), slotLoads(deps, dates)]);
  const lines = catchLines(items);
  return dates.flatMap((date) =>
    DELIVERY_SLOTS.filter((slot) => isSlotPlannable(date, slot, now)).map((slot): MoveChoice => {
      if (date === order.deliveryDate && slot === order.deliverySlot) return { date, slot, state: "current" };
      const load = loads.find((l) => l.date === date && l.slot === slot)!;
      if (load.booked >= load.capacity) return { date, slot, state: "full" };
      const enough = date === order.deliveryDate || lines.every((l) => (left.get(l.productId)?.get(date)?.left ?? 0) >= l.quantity);
      return { date, slot, state: enough ? "open" : "short" };
    }),
  );
}

/**
 * Moves the order to `to` from the version the admin's form showed: only before it ships, only to a date and slot
 * the admin may still book, only if the new date's catch covers every line and the slot has room. The customer is
 * told the new date and slot (in the bell and by e-mail); `emailed` says whether the e-mail went out.
 */
export async function moveDelivery(
  deps: PrimaryDeps,
  actor: User,
  input: { number: string; version: number; to: { date: string; slot: DeliverySlot } },
  now = deps.now(),
): Promise<{ when: string; emailed: boolean }> {
  const order = await loadByNumber(deps, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (!unbookedLot(order) && (!order.deliveryDate || !order.deliverySlot)) throw new ConflictError(m.none);
  if (!canMoveDelivery(order)) throw new ConflictError(m.tooLate);
  const { date, slot } = input.to;
  if (date === order.deliveryDate && slot === order.deliverySlot) throw new InvalidInputError(format(m.same, { when: formatDelivery(date, slot) }));
  if (!isSlotPlannable(date, slot, now)) throw new InvalidInputError(m.when);
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  // On the same date the order's lines already count against that catch: only the slot's room is checked.
  const hold = holdCondition(date === order.deliveryDate ? [] : catchLines(items), input.to, deps.config.defaultSlotCapacity);
  const batch = await runBatch(deps.db, {
    order: deps.db
      .update(orders)
      .set({ deliveryDate: date, deliverySlot: slot, stockHeld: true, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(
        and(
          orderAt(order.id, { version: order.version, status: MOVABLE_STATUSES }),
          or(eq(orders.stockHeld, true), and(eq(orders.source, "auction"), isNull(orders.deliveryDate))),
          hold,
        ),
      ),
    event: eventStatement(
      deps,
      order.id,
      actor,
      "delivery",
      order.deliveryDate && order.deliverySlot ? formatDelivery(order.deliveryDate, order.deliverySlot) : null,
      formatDelivery(date, slot),
      null,
      now,
    ),
    // Each date's "left" on public pages changes with the move.
    catalogue: bumpCatalogue(deps),
  });
  if (batch.order.meta.changes !== 1) throw await refusal(deps, order, items, input.to);
  const { emailed } = await notifyCustomer(
    deps,
    order,
    {
      type: "delivery_moved",
      words: (t, lang) => ({
        title: format(t.customer.movedTitle, { number: order.number }),
        message: format(t.customer.moved, { number: order.number, when: formatDelivery(date, slot, lang) }),
      }),
    },
    { delivery: false },
  );
  return { when: formatDelivery(date, slot), emailed };
}

/** Why a move wrote nothing: someone changed the order, a line is short of the new date's catch, or the slot is full. */
async function refusal(deps: Pick<Deps, "db" | "config">, order: Order, items: OrderItem[], to: { date: string; slot: DeliverySlot }): Promise<Error> {
  const current = await loadByNumber(deps, order.number);
  if (current.version !== order.version) return new StaleOrderError();
  if (to.date !== order.deliveryDate) {
    const left = await catchLeft(deps, [to.date]);
    for (const item of items) {
      if (item.productId === null) continue;
      const free = left.get(item.productId)?.get(to.date)?.left ?? 0;
      if (free < item.quantity)
        return new ConflictError(
          format(m.notEnough, {
            name: item.name,
            date: formatDeliveryDate(to.date),
            left: quantityText(free, item.unit),
            qty: quantityText(item.quantity, item.unit),
          }),
        );
    }
  }
  return new ConflictError(format(m.slotFull, { when: formatDelivery(to.date, to.slot) }));
}
