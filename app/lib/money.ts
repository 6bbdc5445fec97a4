/** Money helpers. Amounts are integer paise everywhere except at the display edge. */

export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * Rupees as typed or sent (a number or a numeric string; spaces around it and Indian digit grouping allowed)
 * → paise; NaN when it is not a plain amount. Tabs, newlines and other control characters are refused.
 */
export function parseRupees(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.replace(/^ +| +$/g, "").replace(/,/g, "") : "";
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  return rupeesToPaise(Number(text));
}

const withPaise = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
const wholeRupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * Formats paise as rupees in Indian notation (Intl's en-IN, which workerd renders the same: tested):
 * ₹25,000 or ₹1,25,000. Paise are shown only when present, unless `decimals` is 2, which always shows them
 * (the cart summary's total).
 */
export function formatRupees(paise: number, options: { decimals?: 0 | 2 } = {}): string {
  if (!Number.isFinite(paise)) throw new RangeError(`Not an amount: ${paise}`);
  const rounded = Math.round(paise);
  const showFraction = options.decimals === 2 || (options.decimals === undefined && rounded % PAISE_PER_RUPEE !== 0);
  return (showFraction ? withPaise : wholeRupees).format(rounded / PAISE_PER_RUPEE);
}
