import { PRODUCT_UNITS, quantityText, type ProductUnit } from "~/catalog/units";
import type { Lang } from "~/i18n/lang";
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

/** What the cart holds in all, which the subtotal estimates: "3 kg", "2 kg + 1 pack" ("3 కిలోలు" in Telugu). */
export function cartQuantityText(lines: { quantity: number; unit: ProductUnit }[], lang: Lang): string {
  return PRODUCT_UNITS.map((unit) => ({ unit, n: lines.filter((l) => l.unit === unit).reduce((n, l) => n + l.quantity, 0) }))
    .filter(({ n }) => n > 0)
    .map(({ unit, n }) => quantityText(n, unit, lang))
    .join(" + ");
}
