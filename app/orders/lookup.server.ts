import { and, desc, eq, inArray } from "drizzle-orm";
import type { Deps } from "~/deps";
import { ledger, orderItems, orders, payments, type LedgerRow, type Order, type OrderItem, type Payment } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { releaseExpiredOrders } from "./stock.server";

export type OrderView = Order & { items: OrderItem[]; payments: Payment[]; ledger: LedgerRow[] };

/** The user's orders, newest first, with their lines and money rows (expired reservations released first). */
export async function listUserOrders(deps: Pick<Deps, "db">, userId: number, now: number): Promise<OrderView[]> {
  await releaseExpiredOrders(deps, now);
  const rows = await deps.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(100);
  return withDetails(deps, rows);
}

/** One of the user's own orders by number (or numeric id for the API); anyone else's is NotFound. */
export function getUserOrder(deps: Pick<Deps, "db">, userId: number, key: { number?: string; id?: number }, now: number): Promise<OrderView> {
  return findOrderView(deps, key, now, userId);
}

/** Any order by number or id, whoever placed it (the admin's view). */
export function getAnyOrder(deps: Pick<Deps, "db">, key: { number?: string; id?: number }, now: number): Promise<OrderView> {
  return findOrderView(deps, key, now, null);
}

async function findOrderView(deps: Pick<Deps, "db">, key: { number?: string; id?: number }, now: number, ownerId: number | null): Promise<OrderView> {
  await releaseExpiredOrders(deps, now);
  const where = key.number !== undefined ? eq(orders.number, key.number) : eq(orders.id, key.id ?? -1);
  const [row] = await deps.db
    .select()
    .from(orders)
    .where(ownerId === null ? where : and(where, eq(orders.userId, ownerId)))
    .limit(1);
  if (!row) throw new NotFoundError("Order not found");
  return (await withDetails(deps, [row]))[0];
}

async function withDetails(deps: Pick<Deps, "db">, rows: Order[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, money, moves] = await Promise.all([
    deps.db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id),
    deps.db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(payments.id),
    deps.db.select().from(ledger).where(inArray(ledger.orderId, ids)).orderBy(ledger.id),
  ]);
  return rows.map((r) => ({
    ...r,
    items: items.filter((i) => i.orderId === r.id),
    payments: money.filter((p) => p.orderId === r.id),
    ledger: moves.filter((l) => l.orderId === r.id),
  }));
}
