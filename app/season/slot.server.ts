import { and, eq } from "drizzle-orm";
import { slotLoads, slotOpen } from "~/catalog/availability.server";
import { orders, type User } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { DELIVERY_SLOTS, formatDelivery, formatDeliveryDate, formatSlot, isSlotBookable, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { StaleOrderError } from "~/orders/changes.server";
import { moveDelivery } from "~/orders/delivery-move.server";
import { ORDER_STATUS } from "~/orders/status";

/**
 * A filled pre-booking's shopper may take another slot on the date the queue gave them, while the order is only
 * raised (not yet confirmed by the seller) and the slot can still be booked and has room: the fish of that date is
 * already theirs, so only the slot's room is at stake, and the move is the admin's own guarded one.
 */
type Movable = {
  number: string;
  version: number;
  status: string;
  source: string;
  stockHeld: boolean;
  deliveryDate: string | null;
  deliverySlot: string | null;
};

const movable = (order: Movable): order is Movable & { deliveryDate: string; deliverySlot: DeliverySlot } =>
  order.source === "season" && order.status === ORDER_STATUS.order_raised && order.stockHeld && order.deliveryDate !== null && order.deliverySlot !== null;

/** The order page's slot choices for a filled pre-booking (each open or full), or null when it cannot move. */
export async function ownSlotChoices(deps: Pick<Deps, "db" | "config" | "lang" | "now">, order: Movable) {
  if (!movable(order)) return null;
  const now = deps.now();
  const loads = await slotLoads(deps, [order.deliveryDate]);
  const slots = DELIVERY_SLOTS.filter((slot) => slot === order.deliverySlot || isSlotBookable(order.deliveryDate, slot, now)).map((slot) => {
    const load = loads.find((l) => l.slot === slot)!;
    return { slot, label: formatSlot(slot, deps.lang), current: slot === order.deliverySlot, open: slot === order.deliverySlot || slotOpen(load, now) };
  });
  if (!slots.some((s) => !s.current && s.open)) return null;
  const s = sectionsFor(deps).season;
  return { version: order.version, intro: format(s.slotIntro, { date: formatDeliveryDate(order.deliveryDate, deps.lang) }), slots };
}

/** Moves the shopper's own filled pre-booking to `slot` on its date; the answer is in the page's language. */
export async function moveOwnSlot(deps: PrimaryDeps, user: User, input: { number: string; version: number; slot: string }): Promise<string> {
  const shop = messagesFor(deps).shop;
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.number, input.number), eq(orders.userId, user.id)))
    .limit(1);
  if (!order) throw new NotFoundError(shop.orders.notFound);
  if (order.version !== input.version) throw new StaleOrderError();
  if (!movable(order)) throw new ConflictError(shop.delivery.unavailable);
  const slot = DELIVERY_SLOTS.find((s) => s === input.slot);
  if (!slot || slot === order.deliverySlot || !isSlotBookable(order.deliveryDate, slot, deps.now())) throw new InvalidInputError(shop.delivery.unavailable);
  const when = formatDelivery(order.deliveryDate, slot, deps.lang);
  try {
    await moveDelivery(deps, user, { number: order.number, version: order.version, to: { date: order.deliveryDate, slot } });
  } catch (error) {
    if (error instanceof StaleOrderError || !(error instanceof ConflictError)) throw error;
    // On its own date the only thing a move can run short of is the slot's room.
    throw new ConflictError(format(shop.delivery.slotFull, { when }));
  }
  return format(sectionsFor(deps).season.slotChanged, { when });
}
