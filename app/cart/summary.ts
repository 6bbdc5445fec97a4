import { ADVANCE_PAISE, estimatedRemainingPaise, subtotalPaise } from "~/orders/rules";

/** The cart summary: the subtotal (price per kg × kg, an estimate until weighed), the ₹500 advance, the estimated rest. */
export function cartSummary(lines: { pricePaise: number; quantity: number }[]) {
  const subtotal = subtotalPaise(lines);
  return {
    items: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalPaise: subtotal,
    advancePaise: ADVANCE_PAISE,
    remainingPaise: estimatedRemainingPaise(subtotal),
  };
}
