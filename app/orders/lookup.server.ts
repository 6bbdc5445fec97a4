import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { batchPrepared, perIsolate } from "~/db/client.server";
import type { Deps } from "~/deps";
import { ledger, orderEvents, orderItems, orders, payments, type LedgerRow, type Order, type OrderItem, type Payment } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { dueReservations, releaseDue } from "./stock.server";
import { ORDER_STATUS } from "./status";

export type OrderView = Order & { items: OrderItem[]; payments: Payment[]; ledger: LedgerRow[] };

/** The reservations run out at `now`, and the `userId`'s orders (their last 100) with their lines and money rows. */
const myOrdersQueries = perIsolate((db) => {
  const userId = sql.placeholder("userId");
  const mine = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.userId} = ${userId} ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC LIMIT 100)`;
  return [
    dueReservations({ db }, sql.placeholder("now")).prepare(),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(100).prepare(),
    db.select().from(orderItems).where(inArray(orderItems.orderId, mine)).orderBy(orderItems.id).prepare(),
    db.select().from(payments).where(inArray(payments.orderId, mine)).orderBy(payments.id).prepare(),
    db.select().from(ledger).where(inArray(ledger.orderId, mine)).orderBy(ledger.id).prepare(),
  ] as const;
});

/** The user's orders, newest first, with their lines and money rows (expired reservations released first). */
export async function listUserOrders(deps: Pick<Deps, "db" | "primaryDb">, userId: number, now: number): Promise<OrderView[]> {
  // One D1 round trip when no reservation has run out (the rule): the check, the orders and their rows in one batch.
  const [due, rows, items, money, moves] = await batchPrepared(deps.db, myOrdersQueries(deps.db), { userId, now });
  if (due.length === 0) return withRows(rows, items, money, moves);
  // Some ran out: released first (on the primary, whose guarded write decides), then read again there, so the page
  // shows them expired.
  const primary = { db: deps.primaryDb };
  await releaseDue(primary, due, now);
  const fresh = await primary.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(100);
  return withDetails(primary, fresh);
}

/** One of the user's own orders by number (or numeric id for the API); anyone else's is NotFound. */
export function getUserOrder(deps: Pick<Deps, "db" | "primaryDb">, userId: number, key: { number?: string; id?: number }, now: number): Promise<OrderView> {
  return findOrderView(deps, key, now, userId);
}

/** Any order by number or id, whoever placed it (the admin's view). */
export function getAnyOrder(deps: Pick<Deps, "db" | "primaryDb">, key: { number?: string; id?: number }, now: number): Promise<OrderView> {
  return findOrderView(deps, key, now, null);
}

async function findOrderView(
  deps: Pick<Deps, "db" | "primaryDb">,
  key: { number?: string; id?: number },
  now: number,
  ownerId: number | null,
): Promise<OrderView> {
  // What ran out is seen wherever the request reads (a reservation's end never moves); it is released on the
  // primary, whose guarded write decides, and the order is then read there, so the page shows it expired.
  const due = await dueReservations(deps, now);
  const reader = due.length > 0 ? { db: deps.primaryDb } : deps;
  if (due.length > 0) await releaseDue({ db: deps.primaryDb }, due, now);
  const where = key.number !== undefined ? eq(orders.number, key.number) : eq(orders.id, key.id ?? -1);
  const [row] = await reader.db
    .select()
    .from(orders)
    .where(ownerId === null ? where : and(where, eq(orders.userId, ownerId)))
    .limit(1);
  if (!row) throw new NotFoundError("Order not found");
  return (await withDetails(reader, [row]))[0];
}

async function withDetails(deps: Pick<Deps, "db">, rows: Order[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, money, moves] = await Promise.all([
    deps.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id),
    deps.db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(payments.id),
    deps.db.select().from(ledger).where(inArray(ledger.orderId, ids)).orderBy(ledger.id),
  ]);
  return withRows(rows, items, money, moves);
}

function withRows(rows: Order[], items: OrderItem[], money: Payment[], moves: LedgerRow[]): OrderView[] {
  return rows.map((r) => ({
    ...r,
    items: items.filter((i) => i.orderId === r.id),
    payments: money.filter((p) => p.orderId === r.id),
    ledger: moves.filter((l) => l.orderId === r.id),
  }));
}

/** Of these orders, the ids of those their customer cancelled themselves (the cancellation's event names them as who did it). */
export async function cancelledByCustomer(deps: Pick<Deps, "db">, list: readonly Pick<Order, "id" | "status">[]): Promise<Set<number>> {
  const ids = list.filter((o) => o.status === ORDER_STATUS.order_cancelled).map((o) => o.id);
  if (ids.length === 0) return new Set();
  const rows = await deps.db
    .select({ orderId: orderEvents.orderId })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(
      and(
        inArray(orderEvents.orderId, ids),
        eq(orderEvents.kind, "status"),
        eq(orderEvents.toValue, ORDER_STATUS.order_cancelled),
        eq(orderEvents.actorUserId, orders.userId),
      ),
    );
  return new Set(rows.map((r) => r.orderId));
}
