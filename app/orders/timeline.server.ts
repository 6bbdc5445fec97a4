import { asc, eq } from "drizzle-orm";
import { orderEvents, type Order } from "~/db/schema";
import type { Deps } from "~/deps";
import { ORDER_STATUS, PAYMENT_STATE } from "./status";

/** The steps an order goes through, in order, as the customer's order page names them. */
export type TimelineKey =
  | "advance"
  | "weighed"
  | "won"
  | "withinLimit"
  | "answerAwaited"
  | "accepted"
  | "limit"
  | "balancePaid"
  | "balanceRequested"
  | "balanceOnDelivery"
  | "nothingDue"
  | "balance"
  | "packed"
  | "shipped"
  | "delivered"
  | "cancelled";

/** One step: done (with its time), the next one, or one still to come. */
export type TimelineStep = { key: TimelineKey; at: number | null; state: "done" | "next" | "later" };

type Event = { kind: string; to: string | null; at: number };
type Step = { key: TimelineKey; at: number | null; done: boolean };

const lastAt = (events: readonly Event[], kind: string, to?: string) =>
  events.filter((e) => e.kind === kind && (to === undefined || e.to === to)).at(-1)?.at ?? null;

/**
 * An order's steps from the advance to the door, each with the time it happened (from the order's history):
 * the advance paid, the fish weighed (a lot: won at the close), the balance (paid, requested, to pay on delivery,
 * or nothing more to pay), packed, out for delivery, delivered. A cancelled order ends at its cancellation. An
 * order whose advance is not paid has no steps yet.
 */
export function timelineSteps(
  order: Pick<Order, "status" | "paymentState" | "paidAt" | "createdAt" | "source" | "finalTotalPaise" | "advancePaise" | "ceilingPaise" | "priceAnswer">,
  events: readonly Event[],
): TimelineStep[] {
  if (order.status === ORDER_STATUS.payment_pending || order.status === ORDER_STATUS.payment_expired) return [];
  const status = (to: string) => lastAt(events, "status", to);
  const weighedAt = order.source === "auction" ? order.createdAt : lastAt(events, "weight");
  const delivered = status(ORDER_STATUS.order_delivered);
  // The balance step: done once paid (or nothing is owed); asked for (a link) or to pay on delivery, it waits with the time it was set.
  const balance = ((): Step => {
    if (order.finalTotalPaise !== null && order.finalTotalPaise <= order.advancePaise) return { key: "nothingDue", at: weighedAt, done: true };
    switch (order.paymentState) {
      case PAYMENT_STATE.balance_paid: {
        // Paid by link; or set to be paid on delivery and collected in cash then, which the step tells at the time
        // it was set, so the steps stay in the order they happened.
        const onDelivery = lastAt(events, "payment", PAYMENT_STATE.balance_on_delivery);
        const byLink = lastAt(events, "payment", PAYMENT_STATE.balance_paid);
        if (byLink === null && onDelivery !== null) return { key: "balanceOnDelivery", at: onDelivery, done: true };
        return { key: "balancePaid", at: byLink ?? delivered, done: true };
      }
      case PAYMENT_STATE.balance_requested:
        return { key: "balanceRequested", at: lastAt(events, "payment", PAYMENT_STATE.balance_requested), done: false };
      case PAYMENT_STATE.balance_on_delivery:
        return { key: "balanceOnDelivery", at: lastAt(events, "payment", PAYMENT_STATE.balance_on_delivery), done: false };
      default:
        return { key: "balance", at: null, done: false };
    }
  })();
  const happened = (key: TimelineKey, at: number | null): Step => ({ key, at, done: at !== null });
  // With a price limit agreed at checkout: within it from the weighing, or the shopper's answer above it.
  const limit = ((): Step[] => {
    if (order.ceilingPaise === null) return [];
    if (order.priceAnswer === "accepted") return [{ key: "accepted", at: lastAt(events, "answer", "accepted"), done: true }];
    if (order.priceAnswer === "awaiting") return [{ key: "answerAwaited", at: null, done: false }];
    if (order.finalTotalPaise !== null && order.priceAnswer === null) return [{ key: "withinLimit", at: weighedAt, done: true }];
    return order.finalTotalPaise === null ? [{ key: "limit", at: null, done: false }] : [];
  })();
  const steps: Step[] = [
    happened("advance", order.paidAt ?? order.createdAt),
    happened(order.source === "auction" ? "won" : "weighed", weighedAt),
    ...limit,
    balance,
    happened("packed", status(ORDER_STATUS.order_packed)),
    happened("shipped", status(ORDER_STATUS.order_shipped)),
    happened("delivered", delivered),
  ];
  if (order.status === ORDER_STATUS.order_cancelled) {
    const cancelled: Step = { key: "cancelled", at: status(ORDER_STATUS.order_cancelled) ?? lastAt(events, "status"), done: true };
    return [...steps.filter((s) => s.done), cancelled].map(({ key, at }) => ({ key, at, state: "done" as const }));
  }
  // A later step done means the ones before it are behind the order, even where the history has no time for them.
  const lastDone = steps.reduce((last, s, i) => (s.done ? i : last), -1);
  const next = steps.findIndex((s, i) => !s.done && i > lastDone);
  return steps.map(({ key, at, done }, i) => ({ key, at, state: done || i < lastDone ? "done" : i === next ? "next" : "later" }));
}

/** The order's history as the timeline reads it. */
export async function orderTimeline(deps: Pick<Deps, "db">, order: Parameters<typeof timelineSteps>[0] & { id: number }): Promise<TimelineStep[]> {
  const events = await deps.db
    .select({ kind: orderEvents.kind, to: orderEvents.toValue, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return timelineSteps(order, events);
}
