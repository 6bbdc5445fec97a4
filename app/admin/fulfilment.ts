/**
 * Pure rules of fulfilment: the final price from the weighed lines, the balance, and what the
 * money must look like before an order may move on. Unit-tested on their own; the admin module calls them.
 */
import { FULFILMENT, type AdminStatus, type FulfilmentStatus, type PaymentState } from "~/orders/status";

/** The money states in which an order may ship: the balance is settled or is to be collected on delivery. */
const SHIPPABLE: readonly PaymentState[] = ["balance_paid", "balance_on_delivery"];

/** The money states from which the balance may be switched to cash on delivery: no link yet, or one still open. */
export const COLLECTABLE_ON_DELIVERY: readonly PaymentState[] = ["advance_paid", "balance_requested"];

/** A weighed line's final price: price per kg × weight, rounded to the rupee (in paise). */
export function linePricePaise(pricePerKgPaise: number, weightGrams: number): number {
  return Math.round((pricePerKgPaise * weightGrams) / 1000 / 100) * 100;
}

/**
 * The final total of an order and its balance after the advance (negative: the difference is refunded).
 * Shop lines are priced by weight; an auction lot (no product) is its winning price.
 */
export function finalTotals(
  lines: { productId: number | null; pricePaise: number; quantity: number; weightGrams: number | null }[],
  advancePaise: number,
): { finalPaise: number; balancePaise: number; lines: number[] } | null {
  const priced: number[] = [];
  for (const line of lines) {
    if (line.productId === null) priced.push(line.pricePaise * line.quantity);
    else if (line.weightGrams === null) return null;
    else priced.push(linePricePaise(line.pricePaise, line.weightGrams));
  }
  const finalPaise = priced.reduce((a, b) => a + b, 0);
  return { finalPaise, balancePaise: finalPaise - advancePaise, lines: priced };
}

/** Weights an admin may record: whole grams, more than nothing, less than a boat (100 kg). */
export const MAX_WEIGHT_GRAMS = 100_000;

/**
 * Why a move to `to` must wait for the money, or null when it may go ahead. Nothing is packed before the
 * final price is known, and nothing ships until the balance is paid or is to be collected on delivery.
 */
export function moneyBlocksMove(
  to: AdminStatus,
  order: { paymentState: PaymentState; finalTotalPaise: number | null },
): "weigh_first" | "balance_first" | null {
  const at = FULFILMENT.indexOf(to as FulfilmentStatus);
  if (at < 0) return null;
  if (at >= FULFILMENT.indexOf("order_packed") && order.finalTotalPaise === null) return "weigh_first";
  if (at >= FULFILMENT.indexOf("order_shipped") && !SHIPPABLE.includes(order.paymentState)) return "balance_first";
  return null;
}
