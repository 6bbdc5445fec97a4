/** Money helpers. Amounts are integer paise everywhere except at the display edge. */

export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
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

/**
 * Parses a price typed or shown as text ("₹25,000", "1,25,000.50", 25800) into rupees.
 * Every rupee sign and every comma is removed (the original removed only the first of each); empty gives 0;
 * anything else that is not a number gives NaN so callers can refuse it.
 */
export function parsePriceText(value: string | number | null | undefined): number {
  if (typeof value === "number") return value;
  const cleaned = (value ?? "").replace(/[₹,]/g, "").replace(/^\s*(Rs\.?|INR)\s*/i, "").trim();
  if (cleaned === "") return 0;
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
