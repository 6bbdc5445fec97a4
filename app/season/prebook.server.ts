import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { chosenShipping } from "~/addresses/addresses.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { limitProblem } from "~/catalog/units";
import { isUniqueClash, orderAt, runBatch } from "~/db/guards.server";
import { orderItems, orders, products, type Order, type User } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { addDays, DELIVERY_SLOTS, formatDeliveryDate, isCalendarDate, istDate, SLOT_CUTOFF_MS, slotStart } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { inLang } from "~/i18n/lang";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { ceilingPaise, ceilingPercent } from "~/orders/ceiling";
import { changeOrderStatus, loadByNumber } from "~/orders/changes.server";
import { shippingColumns } from "~/orders/checkout.server";
import { eventStatement } from "~/orders/events.server";
import { ADVANCE_PAISE, orderNumber, RESERVATION_MS } from "~/orders/rules";
import { ORDER_STATUS, PREBOOKED } from "~/orders/status";
import { cancelLinksStatement } from "~/payments/links.server";
import { seasonOpen } from "./rules";
import type { PrebookValue } from "./schema";

/**
 * Season pre-bookings: an order of source `season` for one product and quantity, with no date yet. Made
 * `payment_pending` when 'Pay ₹500' is pressed; its paid advance makes it `prebooked` (in the queue, see
 * queue.server.ts); a fill makes it an ordinary order. Cancelled (by the shopper, at its last date, or when
 * the admin closes the season) it is refunded in full, through the order's one cancel.
 */

/** The longest a season may be opened for ahead. */
const SEASON_MAX_DAYS = 366;

/** A live pre-booking (being paid, or in the queue) the shopper already has for the product, or null. */
async function livePrebooking(deps: Pick<Deps, "db">, userId: number, productId: number) {
  const [row] = await deps.db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.source, "season"),
        eq(orderItems.productId, productId),
        inArray(orders.status, [ORDER_STATUS.payment_pending, PREBOOKED]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Makes a shopper's pre-booking of a product, to be paid next: refused for the admin, a product that is hidden or
 * whose season is not open, a quantity outside its limits, a last date not after today or past the season, and a
 * second live pre-booking of the same product (one being paid is replaced by this one).
 */
export async function createPrebooking(
  deps: Pick<PrimaryDeps, "db" | "config" | "lang">,
  user: Pick<User, "id" | "isAdmin">,
  productId: number,
  value: PrebookValue,
  now: number,
): Promise<Order> {
  const s = sectionsFor(deps).season;
  if (user.isAdmin) throw new ForbiddenError(s.notForAdmin);
  const [product] = await deps.db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product || product.hidden) throw new NotFoundError(sectionsFor(deps).productPage.unavailable);
  if (!seasonOpen(product, now)) throw new ConflictError(s.closed);
  const shownName = inLang(product.name, product.nameTe, deps.lang);
  // Whole units only, as the form sends them: a fraction would put part of a pack or a kg in the queue.
  if (!Number.isSafeInteger(value.quantity)) throw new InvalidInputError(s.quantityWhole);
  const problem = limitProblem({ ...product, name: shownName }, value.quantity, messagesFor(deps).shop.cart, deps.lang);
  if (problem) throw new InvalidInputError(problem);
  if (!isCalendarDate(value.latestDate) || value.latestDate <= istDate(now)) throw new InvalidInputError(s.latestPast);
  if (value.latestDate > product.seasonUntil)
    throw new InvalidInputError(format(s.latestAfterSeason, { date: formatDeliveryDate(product.seasonUntil, deps.lang) }));
  const live = await livePrebooking(deps, user.id, productId);
  if (live?.status === PREBOOKED) throw new ConflictError(s.already);
  const shipping = shippingColumns(await chosenShipping(deps, user.id, value));
  const estimated = product.pricePaise * value.quantity;
  const percent = ceilingPercent(value.ceiling);
  for (let attempt = 0; attempt < 4; attempt++) {
    const number = orderNumber(now);
    try {
      const { order } = await runBatch(deps.db, {
        // The shopper's unpaid pre-booking of this product is replaced (its advance link closed with it).
        replace: live && [
          deps.db
            .update(orders)
            .set({ status: ORDER_STATUS.payment_expired, version: sql`${orders.version} + 1`, updatedAt: now })
            .where(orderAt(live.id, { status: ORDER_STATUS.payment_pending })),
          eventStatement(deps, live.id, null, "status", ORDER_STATUS.payment_pending, ORDER_STATUS.payment_expired, "Replaced by a new pre-booking", now),
          cancelLinksStatement(deps, live.id, now, { status: ORDER_STATUS.payment_expired }, "advance"),
        ],
        order: deps.db
          .insert(orders)
          .values({
            number,
            userId: user.id,
            status: ORDER_STATUS.payment_pending,
            source: "season",
            estimatedTotalPaise: estimated,
            advancePaise: ADVANCE_PAISE,
            ceilingPercent: percent,
            ceilingPaise: ceilingPaise(estimated, percent),
            ...shipping,
            latestDate: value.latestDate,
            reservedUntil: now + RESERVATION_MS,
            stockHeld: false,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
        line: deps.db.run(
          sql`INSERT INTO ${orderItems} (order_id, product_id, name, name_te, image, price_paise, unit, quantity)
              SELECT id, ${product.id}, ${product.name}, ${product.nameTe}, ${product.image}, ${product.pricePaise}, ${product.unit}, ${value.quantity}
              FROM orders WHERE number = ${number}`,
        ),
      });
      return order[0];
    } catch (error) {
      // The number is unique; a clash rolls the whole batch back: try another.
      if (isUniqueClash(error, "orders.number")) continue;
      throw error;
    }
  }
  throw new Error("Could not allocate an order number");
}

/**
 * Cancels, with a full refund, each queued pre-booking that can no longer be filled at `now`: its last date has no
 * slot left to book, or its product's season was closed (a late advance that made one `prebooked` after the close
 * is caught here). 50 a call, each through the order's one guarded cancel, so a fill or the shopper's own
 * cancel at the same moment leaves exactly one outcome. The reason is in the shopper's language.
 */
export async function expirePrebookings(deps: PrimaryDeps, now: number): Promise<number> {
  const due = await deps.db
    .select({ number: orders.number, version: orders.version, latestDate: sql<string>`${orders.latestDate}`, seasonUntil: products.seasonUntil })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(
      and(
        eq(orders.status, PREBOOKED),
        eq(orders.source, "season"),
        or(lte(orders.latestDate, addDays(istDate(now), 1)), isNull(products.seasonUntil), sql`${products.seasonUntil} < ${orders.latestDate}`),
      ),
    )
    .limit(50);
  let cancelled = 0;
  for (const row of due) {
    // Its last date's last slot is past its cut-off: no delivery it accepts can be booked any more.
    const lapsed = now >= slotStart(row.latestDate, DELIVERY_SLOTS[DELIVERY_SLOTS.length - 1]) - SLOT_CUTOFF_MS;
    const closed = row.seasonUntil === null || row.seasonUntil < row.latestDate;
    if (!lapsed && !closed) continue;
    try {
      const order = await loadByNumber(deps, row.number);
      if (order.version !== row.version) continue;
      const s = sectionsFor({ lang: order.lang }).season;
      const reason = lapsed ? format(s.expiredReason, { date: formatDeliveryDate(row.latestDate, order.lang) }) : s.closedReason;
      await changeOrderStatus(deps, null, { number: order.number, version: order.version, to: ORDER_STATUS.order_cancelled, reason }, now);
      cancelled++;
    } catch (error) {
      if (!(error instanceof ConflictError)) console.error("cancelling a lapsed pre-booking failed", row.number, error);
    }
  }
  return cancelled;
}

/**
 * The admin opens pre-booking for a product until `until` (a date after today, at most a year ahead) or closes
 * it (`null`). Closing ends the season: every pre-booking still being paid is released (a payment that still
 * arrives is refunded as not owed) and every queued one is cancelled and refunded in full.
 */
export async function setSeason(deps: PrimaryDeps, productId: number, until: string | null, now: number): Promise<{ cancelled: number }> {
  const today = istDate(now);
  if (until !== null && (!isCalendarDate(until) || until <= today || until > addDays(today, SEASON_MAX_DAYS))) {
    throw new InvalidInputError(`Choose a last date after today and at most ${SEASON_MAX_DAYS} days ahead`);
  }
  // The product page offers pre-booking or not: public pages move on with it.
  const { product } = await runBatch(deps.db, {
    product: deps.db.update(products).set({ seasonUntil: until }).where(eq(products.id, productId)).returning({ id: products.id }),
    catalogue: bumpCatalogue(deps),
  });
  if (product.length === 0) throw new NotFoundError("Product not found");
  if (until !== null) {
    // A shorter season: queued pre-bookings whose last date is past its end are refunded like a close.
    return { cancelled: await expirePrebookings(deps, now) };
  }
  const pending = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.status, ORDER_STATUS.payment_pending), eq(orders.source, "season"), eq(orderItems.productId, productId)));
  for (const o of pending) {
    await runBatch(deps.db, {
      expire: deps.db
        .update(orders)
        .set({ status: ORDER_STATUS.payment_expired, reservedUntil: null, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(orderAt(o.id, { status: ORDER_STATUS.payment_pending })),
      event: eventStatement(deps, o.id, null, "status", ORDER_STATUS.payment_pending, ORDER_STATUS.payment_expired, "Pre-booking closed for the season", now),
      links: cancelLinksStatement(deps, o.id, now, { status: ORDER_STATUS.payment_expired }, "advance"),
    });
  }
  let cancelled = 0;
  // Each call cancels up to 50; a season with a longer queue takes several.
  for (let n = await expirePrebookings(deps, now); n > 0; n = await expirePrebookings(deps, now)) cancelled += n;
  return { cancelled };
}
