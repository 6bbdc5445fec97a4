import { and, asc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import { promptLotOffers } from "~/auctions/auctions.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { orderAt, runBatch } from "~/db/guards.server";
import { orders, users } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { format } from "~/i18n/format";
import { inLang } from "~/i18n/lang";
import { formatRupees } from "~/lib/money";
import { notify, type NoticeDeps } from "~/notifications/notify.server";
import { cancelLinksStatement } from "~/payments/links.server";
import { eventStatement } from "./events.server";
import { ADVANCE_PAISE } from "./rules";
import { ORDER_STATUS } from "./status";
import { releaseDue } from "./stock.server";

/**
 * Where a won lot's order (the winner's, or a second chance's) stands once its time to pay may be over:
 * `paid` (its advance was paid: the lot has its owner), `lapsed` (it ended unpaid: expired, or cancelled before
 * anything was paid), `waiting` (still payment_pending inside its 24 hours).
 */
export type OfferOutcome = "paid" | "lapsed" | "waiting";

async function orderByNumber(deps: Pick<Deps, "db">, number: string) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
  return order ?? null;
}

function outcomeOf(order: { status: string; paidAt: number | null } | null): OfferOutcome {
  if (!order) return "lapsed";
  if (order.paidAt !== null) return "paid";
  if (order.status === ORDER_STATUS.payment_expired || order.status === ORDER_STATUS.order_cancelled) return "lapsed";
  return order.status === ORDER_STATUS.payment_pending ? "waiting" : "paid";
}

/** Where a won lot's order stands now, read only: the object asks before its own deadline whether the order already ended. */
export async function lotOrderOutcome(deps: Pick<Deps, "db">, number: string): Promise<OfferOutcome> {
  return outcomeOf(await orderByNumber(deps, number));
}

/** How long after a lot's order ended unpaid the scheduled job keeps prompting its auction (a prompt that failed is tried again). */
export const LOT_PROMPT_WINDOW_MS = 60 * 60_000;

/**
 * The auctions whose latest lot order ended unpaid (expired or cancelled) in the last hour: their objects are
 * prompted to offer the lot on at once rather than at their own deadline. An auction that has moved on has a
 * newer order; one with nobody left (or stopped) is prompted for the hour and does nothing.
 */
export async function lapsedLots(deps: Pick<Deps, "db">, now: number): Promise<number[]> {
  const later = sql`NOT EXISTS (SELECT 1 FROM ${orders} AS later WHERE later.auction_id = ${orders.auctionId} AND later.id > ${orders.id})`;
  const rows = await deps.db
    .selectDistinct({ auctionId: orders.auctionId })
    .from(orders)
    .where(
      and(
        // auction_id > 0 reads the auction orders through their own index; the unary + keeps the planner off the
        // status index, which would walk every expired shop order too.
        gt(orders.auctionId, 0),
        sql`+${orders.status} IN (${ORDER_STATUS.payment_expired}, ${ORDER_STATUS.order_cancelled})`,
        isNull(orders.paidAt),
        gte(orders.updatedAt, now - LOT_PROMPT_WINDOW_MS),
        later,
      ),
    )
    .limit(50);
  return rows.map((r) => r.auctionId!);
}

/**
 * The scheduled job's part of the second chance: each auction whose lot order just ended unpaid (expired by this
 * run or an earlier one, or cancelled) is prompted to offer the lot to the next bidder now. The object's own alarm
 * at the holder's deadline stays the fallback when a prompt does not reach it. Returns how many were reached.
 */
export async function offerLapsedLots(deps: Pick<PrimaryDeps, "db" | "auctionService">, now: number): Promise<number> {
  let reached = 0;
  for (const id of await lapsedLots(deps, now)) if (await promptLotOffers(deps, id)) reached++;
  return reached;
}

/**
 * Ends a won lot's order whose time to pay is over the way every unpaid order ends (expired, its slot and its
 * advance link released, by the same guarded release as the scheduled job), and says where it stands after.
 * A payment that settled first wins (`paid`); one that comes after is refunded in full as any payment to an
 * order no longer waiting for it.
 */
export async function lapseUnpaidLotOrder(deps: Pick<PrimaryDeps, "db">, number: string, now: number): Promise<OfferOutcome> {
  const order = await orderByNumber(deps, number);
  if (order && order.status === ORDER_STATUS.payment_pending && order.reservedUntil !== null && order.reservedUntil <= now)
    await releaseDue(deps, [{ id: order.id, stockHeld: order.stockHeld }], now);
  return outcomeOf(await orderByNumber(deps, number));
}

/**
 * The admin stops a lot's offers: its unpaid order is cancelled (nothing was paid, so nothing is refunded; its
 * slot and advance link released) in one guarded batch, so a payment at the same moment and the stop cannot
 * both happen. Returns where the order stands after: `lapsed` when it is cancelled (by this call or before).
 */
export async function cancelUnpaidLotOrder(deps: Pick<PrimaryDeps, "db">, number: string, reason: string, now: number): Promise<OfferOutcome> {
  const order = await orderByNumber(deps, number);
  if (order && order.status === ORDER_STATUS.payment_pending) {
    await runBatch(deps.db, {
      order: deps.db
        .update(orders)
        .set({ status: ORDER_STATUS.order_cancelled, cancelReason: reason, stockHeld: false, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(and(orderAt(order.id, { status: ORDER_STATUS.payment_pending }), eq(orders.source, "auction"))),
      event: eventStatement(deps, order.id, null, "status", ORDER_STATUS.payment_pending, ORDER_STATUS.order_cancelled, reason, now),
      links: cancelLinksStatement(deps, order.id, now, { status: ORDER_STATUS.order_cancelled }, "advance"),
      catalogue: order.stockHeld && bumpCatalogue(deps),
    });
  }
  return outcomeOf(await orderByNumber(deps, number));
}

/** Tells a bidder their lot's order ended unpaid: its time ran out, or the store withdrew the offer. */
export async function tellOfferEnded(
  deps: NoticeDeps,
  input: { userId: number; number: string; auctionId: number; title: string; titleTe: string | null | undefined; why: "lapsed" | "stopped" },
) {
  await notify(deps, {
    userId: input.userId,
    type: input.why === "lapsed" ? "auction_lapsed" : "auction_offer_stopped",
    words: ({ auction: m }, lang) => {
      const values = { title: inLang(input.title, input.titleTe, lang), number: input.number, advance: formatRupees(ADVANCE_PAISE) };
      return input.why === "lapsed"
        ? { title: m.lapsedTitle, message: format(m.lapsed, values) }
        : { title: m.stoppedTitle, message: format(m.stopped, values) };
    },
    orderNumber: input.number,
    auctionId: input.auctionId,
  });
}

/** These lots' orders in the order they were made (the winner's, then each second chance), for the admin. */
export function lotOrders(deps: Pick<Deps, "db">, auctionIds: number[]) {
  return deps.db
    .select({
      auctionId: orders.auctionId,
      number: orders.number,
      status: orders.status,
      amountPaise: orders.estimatedTotalPaise,
      reservedUntil: orders.reservedUntil,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.auctionId, auctionIds.length > 0 ? auctionIds : [0]))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}
