import type { Lang } from "~/i18n/lang";
import { formatDateTimeIst } from "~/lib/dates";
import type { Order } from "~/db/schema";
import type { PriceAnswer } from "./status";
import { ORDER_STATUS } from "./status";

/** The order page's price limit: what the shopper agreed to, and their answer (with the form's version while it is awaited). */
export type OrderCeilingData = {
  estimatePaise: number;
  /** Null: any weight. */
  limit: { paise: number; percent: number } | null;
  finalPaise: number | null;
  answer: PriceAnswer | null;
  /** While the answer is awaited and still in time: the version the answer's form carries, and the time it is due by. */
  ask: { version: number; dueBy: string } | null;
  /** Still awaited past its time: counted as a decline, which the scheduled job is about to carry out. */
  late: boolean;
};

/** Null for an order with no ceiling to show: an auction lot (sold at its winning price) or an order not paid for. */
export function orderCeilingData(
  order: Pick<
    Order,
    "source" | "status" | "estimatedTotalPaise" | "ceilingPaise" | "ceilingPercent" | "finalTotalPaise" | "priceAnswer" | "answerDueAt" | "version"
  >,
  lang: Lang,
  now: number,
): OrderCeilingData | null {
  if (order.source !== "shop" || order.status === ORDER_STATUS.payment_expired) return null;
  const awaiting = order.priceAnswer === "awaiting" && order.status !== ORDER_STATUS.order_cancelled && order.answerDueAt !== null;
  const open = awaiting && order.answerDueAt! > now;
  return {
    estimatePaise: order.estimatedTotalPaise,
    limit: order.ceilingPaise !== null && order.ceilingPercent !== null ? { paise: order.ceilingPaise, percent: order.ceilingPercent } : null,
    finalPaise: order.finalTotalPaise,
    answer: order.priceAnswer,
    ask: open ? { version: order.version, dueBy: formatDateTimeIst(order.answerDueAt!, lang) } : null,
    late: awaiting && !open,
  };
}
