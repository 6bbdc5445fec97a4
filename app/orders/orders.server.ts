import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "~/deps";
import { orderItems, orders, products, type Order, type User } from "~/db/schema";
import { ConflictError, InvalidInputError } from "~/lib/errors";
import type { ShippingInput } from "./checkout-schema";
import { shippingColumns } from "./checkout.server";
import { releaseExpiredOrders, returnStockStatement, takeStockStatement, type OrderLineInput } from "./stock.server";
import { ADVANCE_PAISE, MAX_LINE_QUANTITY, MAX_LINES, orderNumber, RESERVATION_MS } from "./rules";

/**
 * Orders: the pending order made when 'Pay ₹500' is pressed, its stock reservation and its release.
 *
 * D1 has no interactive transactions, so each money-or-stock step is ONE `batch` (atomic) of conditional
 * statements whose row counts tell what happened. Where a later statement must only apply if an earlier one
 * did, it says `changes() = n`: SQLite's count for the previous statement of the same batch.
 */

export class OutOfStockError extends ConflictError {
  constructor(readonly productName: string) {
    super(`Not enough stock for ${productName}`);
  }
}

/** Merges repeated products and refuses quantities that are not whole kg in 1..MAX_LINE_QUANTITY. */
export function normalizeLines(lines: OrderLineInput[]): OrderLineInput[] {
  if (lines.length === 0) throw new InvalidInputError("Your cart is empty. Please add items before checkout.");
  const merged = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.productId) || line.productId <= 0) throw new InvalidInputError("Unknown product");
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new InvalidInputError("Quantity must be at least 1");
    merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  }
  if (merged.size > MAX_LINES) throw new InvalidInputError("Too many products in one order");
  for (const q of merged.values()) if (q > MAX_LINE_QUANTITY) throw new InvalidInputError(`At most ${MAX_LINE_QUANTITY} kg of one product per order`);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export type ShopOrderInput = { user: Pick<User, "id">; lines: OrderLineInput[]; shipping: ShippingInput; now: number };

/** A checkout's order, and what happened to the shopper's earlier unpaid one: resumed, or replaced (by number). */
export type ShopOrder = Order & { resumed: boolean; replaced: string[] };

/**
 * Creates a `payment_pending` shop order holding its stock for 30 minutes: lines and prices copied from the
 * catalogue, the estimated total, the address and the phone with +91. Stock is taken and the order written
 * in one atomic batch; if any line lacks stock nothing is written (OutOfStockError).
 *
 * A refused checkout (bad lines, unknown products, not enough stock) changes nothing, so the shopper's
 * earlier unpaid order stays as it was (they may be paying it in another tab). An earlier unpaid order for
 * exactly these lines is resumed (with the new address) instead of made again; one for other lines is
 * replaced in the batch that writes the new order, and its number returned so the shopper is told (if it is
 * paid after all, that payment is refunded).
 */
export async function createShopOrder(deps: Pick<Deps, "db">, input: ShopOrderInput): Promise<ShopOrder> {
  await releaseExpiredOrders(deps, input.now);
  const lines = normalizeLines(input.lines);
  const catalogue = await deps.db
    .select({ id: products.id, name: products.name, image: products.image, pricePaise: products.pricePaise, stock: products.stock })
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
    if (!product) throw new InvalidInputError("Unknown product");
    return { ...line, product };
  });
  const s = input.shipping;
  const open = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, input.user.id), eq(orders.status, "payment_pending"), eq(orders.source, "shop")));
  const same = await findSameLines(deps, open, lines);
  if (same) {
    const [resumed] = await deps.db
      .update(orders)
      .set({ ...shippingColumns(s), updatedAt: input.now })
      .where(and(eq(orders.id, same.id), eq(orders.status, "payment_pending")))
      .returning();
    if (resumed) return { ...resumed, resumed: true, replaced: [] };
  }
  const order = await insertShopOrder(deps, input, lines, priced, open);
  return { ...order, resumed: false, replaced: open.map((o) => o.number) };
}

async function findSameLines(deps: Pick<Deps, "db">, open: Order[], lines: OrderLineInput[]): Promise<Order | null> {
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

/** SQLite raises this for `json_extract` of a non-JSON text: the batch's way to roll itself back. */
const ROLLBACK = "malformed JSON";

/**
 * One batch: the shopper's earlier unpaid orders expire and give their stock back (so their own hold cannot
 * starve this checkout), the new order takes its stock and is written, and a last statement fails the whole
 * batch if the order was not written, which undoes the expiry too: a checkout refused for stock changes nothing.
 */
async function insertShopOrder(
  deps: Pick<Deps, "db">,
  input: ShopOrderInput,
  lines: OrderLineInput[],
  priced: (OrderLineInput & { product: { name: string; image: string; pricePaise: number; stock: number } })[],
  replacing: Pick<Order, "id" | "stockHeld">[],
) {
  const estimated = priced.reduce((sum, l) => sum + l.product.pricePaise * l.quantity, 0);
  const c = shippingColumns(input.shipping);
  const d1 = deps.db.$client;

  for (let attempt = 0; attempt < 4; attempt++) {
    const number = orderNumber(input.now);
    const insertOrder = d1
      .prepare(
        `INSERT INTO orders (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, first_name, last_name, phone,
           address, city, state, zip, reserved_until, stock_held, created_at, updated_at)
         SELECT ?, ?, 'payment_pending', 'advance_due', 'shop', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ? WHERE changes() = ?`,
      )
      .bind(
        number,
        input.user.id,
        estimated,
        ADVANCE_PAISE,
        c.firstName,
        c.lastName,
        c.phone,
        c.address,
        c.city,
        c.state,
        c.zip,
        input.now + RESERVATION_MS,
        input.now,
        input.now,
        priced.length,
      );
    const insertItems = priced.map((l) =>
      d1
        .prepare(`INSERT INTO order_items (order_id, product_id, name, image, price_paise, quantity) SELECT id, ?, ?, ?, ?, ? FROM orders WHERE number = ?`)
        .bind(l.productId, l.product.name, l.product.image, l.product.pricePaise, l.quantity, number),
    );
    const release = replacing.flatMap((o) => [
      d1
        .prepare(
          "UPDATE orders SET status = 'payment_expired', stock_held = 0, version = version + 1, updated_at = ? WHERE id = ? AND status = 'payment_pending'",
        )
        .bind(input.now, o.id),
      d1
        .prepare(
          "INSERT INTO order_events (order_id, kind, from_value, to_value, note, created_at) SELECT ?, 'status', 'payment_pending', 'payment_expired', ?, ? WHERE changes() = 1",
        )
        .bind(o.id, "Replaced by a new checkout; stock released", input.now),
      ...(o.stockHeld ? [returnStockStatement(deps, o.id)] : []),
    ]);
    const written = d1
      .prepare("SELECT CASE WHEN EXISTS (SELECT 1 FROM orders WHERE number = ?) THEN 1 ELSE json_extract(?, '$') END")
      .bind(number, "the order was not written");
    try {
      await d1.batch([...release, takeStockStatement(deps, lines), insertOrder, ...insertItems, written]);
    } catch (error) {
      // The number is unique; a clash (1 in a million per month) rolls the whole batch back: try another.
      if (String(error).includes("UNIQUE") && String(error).includes("orders.number")) continue;
      if (String(error).includes(ROLLBACK)) {
        const short = priced.find((l) => l.product.stock < l.quantity) ?? priced[0];
        throw new OutOfStockError(short.product.name);
      }
      throw error;
    }
    const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
    return order;
  }
  throw new Error("Could not allocate an order number");
}
