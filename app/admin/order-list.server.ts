import { and, count, desc, eq, inArray, isNotNull, like, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Deps } from "~/deps";
import { ledger, orderEvents, orderItems, orders, payments, users } from "~/db/schema";
import { phoneSearch } from "~/lib/phone";
import { orderMessages } from "~/messaging/outbox.server";
import { isAdminStatus, ORDER_STATUS, PAYMENT_STATUSES, PENDING_STATUSES } from "~/orders/status";
import { loadByNumber } from "~/orders/changes.server";
import { balanceDue, summarizeLedger } from "~/payments/ledger";
import { orderMoney } from "~/payments/ledger.server";
import { moneyRows, paymentLabel } from "./money-view";

/** What the admin reads: the dashboard's figures, one page of orders, one order with its money and history. */
/** The ledger rows of these orders (ids, or a subquery of ids), as the money labels and balances read them. */
function ledgerMoves(deps: Pick<Deps, "db">, orderIds: number[] | SQL) {
  return deps.db
    .select({ orderId: ledger.orderId, kind: ledger.kind, reason: ledger.reason, state: ledger.state, amountPaise: ledger.amountPaise })
    .from(ledger)
    .where(inArray(ledger.orderId, orderIds));
}

/** Orders an admin works on: everything paid (payment_pending / payment_expired are the gateway's business). */
const UNPAID = [...PAYMENT_STATUSES];

export async function adminStats(deps: Pick<Deps, "db">) {
  const [row] = await deps.db
    .select({
      total: sql<number>`sum(case when ${notInArray(orders.status, UNPAID)} then 1 else 0 end)`,
      pending: sql<number>`sum(case when ${inArray(orders.status, [...PENDING_STATUSES])} then 1 else 0 end)`,
      completed: sql<number>`sum(case when ${eq(orders.status, ORDER_STATUS.order_delivered)} then 1 else 0 end)`,
      cancelled: sql<number>`sum(case when ${eq(orders.status, ORDER_STATUS.order_cancelled)} then 1 else 0 end)`,
    })
    .from(orders);
  // The balances still owed: the weighed orders on their way (the only ones that can owe), each by balanceDue.
  const open = await deps.db
    .select({ id: orders.id, status: orders.status, finalTotalPaise: orders.finalTotalPaise, estimatedTotalPaise: orders.estimatedTotalPaise })
    .from(orders)
    .where(and(inArray(orders.status, [...PENDING_STATUSES]), isNotNull(orders.finalTotalPaise)));
  const openLedger = open.length
    ? await ledgerMoves(
        deps,
        sql`(SELECT ${orders.id} FROM ${orders} WHERE ${inArray(orders.status, [...PENDING_STATUSES])} AND ${isNotNull(orders.finalTotalPaise)})`,
      )
    : [];
  const outstanding = open.reduce((sum, o) => {
    const due = balanceDue(o, summarizeLedger(openLedger.filter((l) => l.orderId === o.id)));
    return sum + (due.kind === "due" ? due.paise : 0);
  }, 0);
  // What the advances' captures left with the store after their refunds.
  const advances = await deps.db.$client
    .prepare(
      `SELECT coalesce(sum(CASE WHEN kind = 'capture' THEN amount_paise ELSE -amount_paise END), 0) AS paise FROM ledger
       WHERE (kind = 'capture' AND reason = 'advance') OR (kind = 'refund' AND payment_ref IN (SELECT ref FROM ledger WHERE kind = 'capture' AND reason = 'advance'))`,
    )
    .first<{ paise: number }>();
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    completed: row?.completed ?? 0,
    cancelled: row?.cancelled ?? 0,
    advancesPaise: advances?.paise ?? 0,
    outstandingPaise: outstanding,
  };
}

export const PAGE_SIZE = 20;

export type OrderFilter = { status: string | null; q: string | null; page: number };

/** One page of orders, newest first, filtered by status and searched by number, name or phone, each with its payment in words. */
export async function listAdminOrders(deps: Pick<Deps, "db">, filter: OrderFilter) {
  const where: SQL[] = [];
  if (filter.status === "awaiting_payment") where.push(inArray(orders.status, UNPAID));
  else if (filter.status && isAdminStatus(filter.status)) where.push(eq(orders.status, filter.status));
  else where.push(notInArray(orders.status, UNPAID));
  if (filter.q) {
    const term = `%${filter.q.replace(/[%_\\]/g, "")}%`;
    // Phones are stored as +91 and 10 digits: a number typed with spaces, dashes or a prefix is read the same way.
    const phone = phoneSearch(filter.q);
    where.push(
      or(
        like(orders.number, term),
        like(sql`${orders.firstName} || ' ' || ${orders.lastName}`, term),
        like(orders.phone, phone === null ? term : `%${phone}%`),
      )!,
    );
  }
  const condition = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    deps.db
      .select()
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE),
    deps.db.select({ n: count() }).from(orders).where(condition),
  ]);
  const moves = rows.length
    ? await ledgerMoves(
        deps,
        rows.map((r) => r.id),
      )
    : [];
  return {
    orders: rows.map((o) => ({
      ...o,
      payment: paymentLabel(
        o,
        moves.filter((l) => l.orderId === o.id),
      ),
    })),
    total: n,
    pages: Math.max(1, Math.ceil(n / PAGE_SIZE)),
  };
}

/** One order with its lines, money rows, history (who, when, from → to) and the text messages sent about it. */
export async function getAdminOrder(deps: Pick<Deps, "db">, number: string) {
  const order = await loadByNumber(deps, number);
  const [items, money, ledgerMoney, history, [customer], messages] = await Promise.all([
    deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id),
    deps.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id),
    orderMoney(deps, order.id),
    deps.db
      .select({ event: orderEvents, actor: users.name })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id)),
    deps.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1),
    orderMessages(deps, order.id),
  ]);
  return {
    order,
    items,
    payments: money,
    ledger: ledgerMoney.rows,
    money: ledgerMoney.summary,
    payment: paymentLabel(order, ledgerMoney.rows),
    moneyRows: moneyRows(order, ledgerMoney.rows),
    due: balanceDue(order, ledgerMoney.summary),
    history,
    customer: customer ?? null,
    messages,
  };
}
