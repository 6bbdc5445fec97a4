/**
 * Pure rules of fulfilment: the final price from the weighed lines, the balance, and what the
 * money must look like before an order may move on. Unit-tested on their own; the admin module calls them.
 */
import type { ProductUnit } from "~/catalog/units";
import { FULFILMENT, type AdminStatus, type FulfilmentStatus, type PaymentState, type PriceAnswer } from "~/orders/status";
import { isLiveLink } from "~/payments/ledger";
import { ORDER_STATUS, PAYMENT_STATE } from "./status";

/** The money states in which an order may ship: the balance is settled or is to be collected on delivery. */
const SHIPPABLE: readonly PaymentState[] = [PAYMENT_STATE.balance_paid, PAYMENT_STATE.balance_on_delivery];

/** The money states from which the balance may be switched to cash on delivery: no link yet, or one still open. */
const COLLECTABLE_ON_DELIVERY: readonly PaymentState[] = [PAYMENT_STATE.advance_paid, PAYMENT_STATE.balance_requested];

/**
 * Whether the balance may be collected in cash on delivery: the order is weighed, not cancelled, in a state
 * above, and owes more than its advance. A final price within the advance leaves nothing to collect: its
 * difference is refunded (or nothing is owed) through the balance request, never kept by the store.
 */
export function canCollectOnDelivery(order: {
  status: string;
  paymentState: PaymentState;
  finalTotalPaise: number | null;
  advancePaise: number;
  priceAnswer?: PriceAnswer | null;
}) {
  return (
    order.finalTotalPaise !== null &&
    order.priceAnswer !== "awaiting" &&
    order.finalTotalPaise > order.advancePaise &&
    order.status !== ORDER_STATUS.order_cancelled &&
    COLLECTABLE_ON_DELIVERY.includes(order.paymentState)
  );
}

/** A weighed line's final price: price per kg × weight, rounded to the rupee (in paise). */
export function linePricePaise(pricePerKgPaise: number, weightGrams: number): number {
  return Math.round((pricePerKgPaise * weightGrams) / 1000 / 100) * 100;
}

/** A line as weighing sees it: an auction lot (no product), a per-kg line (weighed) or a per-pack line (packs counted). */
export type RecordedLine = {
  productId: number | null;
  unit: ProductUnit;
  pricePaise: number;
  quantity: number;
  weightGrams: number | null;
  packsDelivered: number | null;
};

/** A line's final price once recorded, or null while it waits for its weight or its pack count. */
export function recordedLinePaise(line: RecordedLine): number | null {
  if (line.productId === null) return line.pricePaise * line.quantity;
  // A pack is sold whole at its price: the curry is never priced by what it weighs.
  if (line.unit === "pack") return line.packsDelivered === null ? null : line.pricePaise * line.packsDelivered;
  return line.weightGrams === null ? null : linePricePaise(line.pricePaise, line.weightGrams);
}

/**
 * The final total of an order and its balance after the advance (negative: the difference is refunded).
 * Per-kg lines are priced by weight, per-pack lines by the packs delivered; an auction lot is its winning price.
 */
export function finalTotals(lines: RecordedLine[], advancePaise: number): { finalPaise: number; balancePaise: number; lines: number[] } | null {
  const priced: number[] = [];
  for (const line of lines) {
    const paise = recordedLinePaise(line);
    if (paise === null) return null;
    priced.push(paise);
  }
  const finalPaise = priced.reduce((a, b) => a + b, 0);
  return { finalPaise, balancePaise: finalPaise - advancePaise, lines: priced };
}

/**
 * Whether the balance may be asked for now: the order is weighed, not cancelled and not waiting for the shopper's
 * answer to a price above their ceiling, and nothing has been asked yet, or every link sent for it has run out
 * unpaid (a new link then replaces it; two are never live at once).
 */
export function canRequestBalance(
  order: { status: string; paymentState: PaymentState; finalTotalPaise: number | null; priceAnswer?: PriceAnswer | null },
  links: readonly { kind: string; status: string; expiresAt: number | null }[],
  now: number,
): boolean {
  if (order.finalTotalPaise === null || order.status === ORDER_STATUS.order_cancelled || order.priceAnswer === "awaiting") return false;
  if (order.paymentState === PAYMENT_STATE.advance_paid) return true;
  return order.paymentState === PAYMENT_STATE.balance_requested && !links.some((l) => isLiveLink(l, now));
}

/** Weights an admin may record: whole grams, more than nothing, less than a boat (100 kg). */
export const MAX_WEIGHT_GRAMS = 100_000;

/**
 * Why a move to `to` must wait for the money, or null when it may go ahead. Nothing is packed before the
 * final price is known (and, above the shopper's ceiling, accepted by them), and nothing ships until the balance
 * is paid or is to be collected on delivery.
 */
export function moneyBlocksMove(
  to: AdminStatus,
  order: { paymentState: PaymentState; finalTotalPaise: number | null; priceAnswer?: PriceAnswer | null },
): "weigh_first" | "answer_first" | "balance_first" | null {
  const at = FULFILMENT.indexOf(to as FulfilmentStatus);
  if (at < 0) return null;
  if (at >= FULFILMENT.indexOf(ORDER_STATUS.order_packed) && order.finalTotalPaise === null) return "weigh_first";
  if (at >= FULFILMENT.indexOf(ORDER_STATUS.order_packed) && order.priceAnswer === "awaiting") return "answer_first";
  if (at >= FULFILMENT.indexOf(ORDER_STATUS.order_shipped) && !SHIPPABLE.includes(order.paymentState)) return "balance_first";
  return null;
}
