import { and, eq, inArray, sql } from "drizzle-orm";
import { limitProblem, type ProductUnit } from "~/catalog/units";
import { bumpCatalogue } from "~/catalog/site-version.server";
import type { Deps, PrimaryDeps } from "~/deps";
import { abortUnless, BatchAbortedError, isUniqueClash, orderAt, previousChanged, runBatch } from "~/db/guards.server";
import { orderItems, orders, productLineColumns, products, waitlistEntries, type Order, type User } from "~/db/schema";
import { formatDelivery, isSlotBookable, type DeliverySlot } from "~/delivery/slots";
import { messagesFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { inLang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";
import { ConflictError, InvalidInputError } from "~/lib/errors";
import type { ShippingInput } from "./checkout-schema";
import { shippingColumns } from "./checkout.server";
import { cancelLinksStatement } from "~/payments/links.server";
import { ceilingPaise, ceilingPercent, DEFAULT_CEILING, type CeilingChoice } from "./ceiling";
import { holdCondition, releaseExpiredOrders, type OrderLineInput } from "./stock.server";
import { eventStatement } from "./events.server";
import { ORDER_STATUS, PAYMENT_STATE } from "./status";
import { ADVANCE_PAISE, MAX_LINE_QUANTITY, MAX_LINES, orderNumber, RESERVATION_MS } from "./rules";
import { endHoldStatements, HOLD_GONE, holdOrderStatement, liveHolds } from "~/waitlist/holds.server";
import { sectionsFor } from "~/i18n/texts";
import { queueFirst } from "~/season/queue.server";

/**
 * Orders: the pending order made when 'Pay ₹500' is pressed, its stock reservation and its release.
 *
 * D1 has no interactive transactions, so each money-or-stock step is ONE `batch` (atomic) of conditional
 * statements whose row counts tell what happened, each guarded by a named guard of app/db/guards.server.ts
 * (`previousChanged` where a later statement must only apply if the one before it did).
 */

/** A line's catch ran short; `productName` is in the checkout page's language. */
export class OutOfStockError extends ConflictError {
  constructor(readonly productName: string) {
    super(`Not enough stock for ${productName}`);
  }
}

/** The chosen slot filled up (or was closed) between the page and the press; the message is in the page's language. */
export class SlotFullError extends ConflictError {}

export type Delivery = { date: string; slot: DeliverySlot };

/** Merges repeated products and refuses quantities that are not whole kg in 1..MAX_LINE_QUANTITY (saying so in the language of `m`). */
export function normalizeLines(lines: OrderLineInput[], m: Messages["shop"]["checkout"]): OrderLineInput[] {
  if (lines.length === 0) throw new InvalidInputError(m.emptyCart);
  const merged = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.productId) || line.productId <= 0) throw new InvalidInputError(m.unknownProduct);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new InvalidInputError(m.badQuantity);
    merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  }
  if (merged.size > MAX_LINES) throw new InvalidInputError(m.tooManyLines);
  for (const q of merged.values()) if (q > MAX_LINE_QUANTITY) throw new InvalidInputError(format(m.lineTooBig, { n: MAX_LINE_QUANTITY }));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/** `ceiling`: the margin the shopper agreed to above the estimate (the usual one when the caller has no choice). */
export type ShopOrderInput = {
  user: Pick<User, "id">;
  lines: OrderLineInput[];
  shipping: ShippingInput;
  delivery: Delivery;
  ceiling?: CeilingChoice;
  now: number;
};

/** The ceiling's columns for an estimate: computed here from the server's prices, never taken from a form. */
function ceilingColumns(estimatePaise: number, choice: CeilingChoice = DEFAULT_CEILING) {
  const percent = ceilingPercent(choice);
  return { ceilingPercent: percent, ceilingPaise: ceilingPaise(estimatePaise, percent) };
}

/** A checkout's order, and what happened to the shopper's earlier unpaid one: resumed, or replaced (numbers and ids). */
export type ShopOrder = Order & { resumed: boolean; replaced: string[]; replacedIds: number[] };

/**
 * Creates a `payment_pending` shop order holding its stock for 30 minutes: lines and prices copied from the
 * catalogue, the estimated total, the address and the phone with +91, the delivery date and slot. The order
 * is written only if its date's catch covers every line and its slot has room, checked in the INSERT itself;
 * otherwise nothing is written (OutOfStockError, SlotFullError). Hidden products, quantities outside a
 * product's limits and slots past their cut-off are refused (InvalidInputError).
 *
 * A refused checkout (bad lines, unknown products, not enough stock) changes nothing, so the shopper's
 * earlier unpaid order stays as it was (they may be paying it in another tab). An earlier unpaid order for
 * exactly these lines is resumed (with the new address) instead of made again; one for other lines is
 * replaced in the batch that writes the new order, and returned so the shopper is told (and refunded if it is paid).
 */
export async function createShopOrder(deps: Pick<PrimaryDeps, "db" | "config" | "lang">, input: ShopOrderInput): Promise<ShopOrder> {
  const shop = messagesFor(deps).shop;
  await releaseExpiredOrders(deps, input.now);
  const lines = normalizeLines(input.lines, shop.checkout);
  if (!isSlotBookable(input.delivery.date, input.delivery.slot, input.now)) throw new InvalidInputError(shop.delivery.unavailable);
  const catalogue = await deps.db
    .select({
      id: products.id,
      ...productLineColumns,
      hidden: products.hidden,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const priced = lines.map((line) => {
    const product = byId.get(line.productId);
    if (!product) throw new InvalidInputError(shop.checkout.unknownProduct);
    // The order keeps both names (its line's snapshot); the shopper is told in the page's language.
    const shownName = inLang(product.name, product.nameTe, deps.lang);
    if (product.hidden) throw new InvalidInputError(format(shop.delivery.notSold, { name: shownName }));
    const problem = limitProblem({ ...product, name: shownName }, line.quantity, shop.cart, deps.lang);
    if (problem) throw new InvalidInputError(problem);
    return { ...line, product, shownName };
  });
  const s = input.shipping;
  const open = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, input.user.id), eq(orders.status, ORDER_STATUS.payment_pending), eq(orders.source, "shop")));
  const same = await findSameLines(deps, open, lines, input.delivery);
  if (same) {
    const [resumed] = await deps.db
      .update(orders)
      .set({ ...shippingColumns(s), ...ceilingColumns(same.estimatedTotalPaise, input.ceiling), updatedAt: input.now })
      .where(orderAt(same.id, { status: ORDER_STATUS.payment_pending }))
      .returning();
    if (resumed) return { ...resumed, resumed: true, replaced: [], replacedIds: [] };
  }
  const order = await insertShopOrder(deps, input, lines, priced, open);
  return { ...order, resumed: false, replaced: open.map((o) => o.number), replacedIds: open.map((o) => o.id) };
}

async function findSameLines(deps: Pick<Deps, "db">, open: Order[], lines: OrderLineInput[], delivery: Delivery): Promise<Order | null> {
  open = open.filter((o) => o.deliveryDate === delivery.date && o.deliverySlot === delivery.slot);
  if (open.length === 0) return null;
  const items = await deps.db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        open.map((o) => o.id),
      ),
    );
  const key = (ls: { productId: number | null; quantity: number }[]) =>
    ls
      .map((l) => `${l.productId}x${l.quantity}`)
      .sort()
      .join(",");
  const wanted = key(lines);
  return open.find((o) => key(items.filter((i) => i.orderId === o.id)) === wanted) ?? null;
}

/** The reason the checkout's batch aborts itself when the order was not written (its catch or slot was short). */
const NOT_WRITTEN = "the order was not written";

/**
 * One batch: the shopper's earlier unpaid orders expire, stop holding (so their own hold cannot starve this
 * checkout) and lose their advance links, the new order is written if its catch and slot allow, and a last statement aborts the whole batch
 * if the order was not written, which undoes the expiry too: a refused checkout changes nothing.
 */
async function insertShopOrder(
  deps: Pick<Deps, "db" | "config" | "lang">,
  input: ShopOrderInput,
  lines: OrderLineInput[],
  priced: (OrderLineInput & { product: { name: string; nameTe: string | null; image: string; pricePaise: number; unit: ProductUnit }; shownName: string })[],
  replacing: Pick<Order, "id" | "stockHeld">[],
) {
  const estimated = priced.reduce((sum, l) => sum + l.product.pricePaise * l.quantity, 0);
  const ceiling = ceilingColumns(estimated, input.ceiling);
  const c = shippingColumns(input.shipping);
  const db = deps.db;
  // The season's queue is served first: no line may take catch a queued pre-booking fits.
  const hold = and(holdCondition(lines, input.delivery, deps.config.defaultSlotCapacity), ...lines.map((l) => queueFirst(l.productId, input.delivery.date)));
  // The shopper's own waitlist holds for these lines on this date become this order: they end before its stock check.
  const holds = await liveHolds(
    deps,
    input.user.id,
    lines.map((l) => l.productId),
    input.delivery.date,
    input.now,
  );
  const release = replacing.flatMap((o) => [
    db
      .update(orders)
      .set({ status: ORDER_STATUS.payment_expired, stockHeld: false, version: sql`${orders.version} + 1`, updatedAt: input.now })
      .where(orderAt(o.id, { status: ORDER_STATUS.payment_pending })),
    eventStatement(
      deps,
      o.id,
      null,
      "status",
      ORDER_STATUS.payment_pending,
      ORDER_STATUS.payment_expired,
      "Replaced by a new checkout; stock released",
      input.now,
    ),
    cancelLinksStatement(deps, o.id, input.now, { status: ORDER_STATUS.payment_expired }, "advance"),
  ]);

  for (let attempt = 0; attempt < 4; attempt++) {
    const number = orderNumber(input.now);
    // The order is written only where its hold condition holds: the INSERT's own SELECT carries it.
    const insertOrder = db.run(
      sql`INSERT INTO ${orders} (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, ceiling_percent, ceiling_paise,
            first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, reserved_until, stock_held, created_at, updated_at)
          SELECT ${number}, ${input.user.id}, ${ORDER_STATUS.payment_pending}, ${PAYMENT_STATE.advance_due}, 'shop', ${estimated}, ${ADVANCE_PAISE},
            ${ceiling.ceilingPercent}, ${ceiling.ceilingPaise}, ${c.firstName}, ${c.lastName}, ${c.phone}, ${c.address}, ${c.city}, ${c.state}, ${c.zip},
            ${input.delivery.date}, ${input.delivery.slot}, ${input.now + RESERVATION_MS}, 1, ${input.now}, ${input.now}
          WHERE ${hold}`,
    );
    const insertItems = priced.map((l) =>
      db.run(
        sql`INSERT INTO ${orderItems} (order_id, product_id, name, name_te, image, price_paise, unit, quantity)
            SELECT id, ${l.productId}, ${l.product.name}, ${l.product.nameTe}, ${l.product.image}, ${l.product.pricePaise}, ${l.product.unit}, ${l.quantity}
            FROM orders WHERE number = ${number}`,
      ),
    );
    try {
      await runBatch(db, {
        release,
        holds: endHoldStatements(db, holds, input.now),
        order: insertOrder,
        // Straight after the order's INSERT: it wrote the order, or the batch stops here. (Testing for an order of
        // that number instead would find another shopper's order whose number this one happened to draw, and
        // give it these lines.)
        written: abortUnless(db, previousChanged(), NOT_WRITTEN),
        items: insertItems,
        holdOrder: holdOrderStatement(db, holds, number),
        catalogue: bumpCatalogue(deps),
      });
    } catch (error) {
      // The number is unique; a clash (1 in a million per month) rolls the whole batch back: try another.
      if (isUniqueClash(error, "orders.number")) continue;
      if (error instanceof BatchAbortedError && error.reason === NOT_WRITTEN) throw await refusal(deps, input.delivery, priced, replacing, input.user.id);
      if (error instanceof BatchAbortedError && error.reason === HOLD_GONE) throw new ConflictError(sectionsFor(deps).waitlist.holdGone);
      throw error;
    }
    const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
    return order;
  }
  throw new Error("Could not allocate an order number");
}

/** Why a checkout's batch wrote nothing: the first line short of catch, else the slot (the shopper's own replaced orders and holds not counted). */
async function refusal(
  deps: Pick<Deps, "db" | "config" | "lang">,
  delivery: Delivery,
  priced: (OrderLineInput & { shownName: string })[],
  replacing: Pick<Order, "id">[],
  userId: number,
): Promise<Error> {
  const own = replacing.map((o) => o.id);
  const notOwn = own.length ? sql`AND o.id NOT IN ${own}` : sql.empty();
  for (const line of priced) {
    const [row] = await deps.db.all<{ left: number }>(
      sql`SELECT c.quantity - coalesce((SELECT sum(i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
            WHERE o.delivery_date = c.delivery_date AND o.stock_held = 1 AND i.product_id = c.product_id ${notOwn}), 0)
            - coalesce((SELECT sum(w.quantity) FROM ${waitlistEntries} w
              WHERE w.hold_date = c.delivery_date AND w.stock_held = 1 AND w.product_id = c.product_id AND w.user_id <> ${userId}), 0) AS left
          FROM catch_days c WHERE c.delivery_date = ${delivery.date} AND c.product_id = ${line.productId}`,
    );
    if ((row?.left ?? 0) < line.quantity) return new OutOfStockError(line.shownName);
    const [queue] = await deps.db.all<{ free: number }>(sql`SELECT ${queueFirst(line.productId, delivery.date)} AS free`);
    if (!queue?.free) return new OutOfStockError(line.shownName);
  }
  const when = formatDelivery(delivery.date, delivery.slot, deps.lang);
  return new SlotFullError(format(messagesFor(deps).shop.delivery.slotFull, { when }));
}
