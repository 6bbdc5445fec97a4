/** Money helpers. Amounts are integer paise everywhere except at the display edge. */

export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Groups digits the Indian way: last three, then pairs (1,23,45,678). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ",")},${tail}`;
}

/**
 * Formats paise as rupees in Indian notation: ₹25,000 or ₹1,25,000. Paise are shown only when present,
 * unless `decimals` is 2, which always shows them (the cart summary's total).
 */
export function formatRupees(paise: number, options: { decimals?: 0 | 2 } = {}): string {
  if (!Number.isFinite(paise)) throw new RangeError(`Not an amount: ${paise}`);
  const negative = paise < 0;
  const abs = Math.round(Math.abs(paise));
  const whole = Math.floor(abs / PAISE_PER_RUPEE);
  const fraction = abs % PAISE_PER_RUPEE;
  const showFraction = options.decimals === 2 || (options.decimals === undefined && fraction !== 0);
  const text = `₹${groupIndian(String(whole))}${showFraction ? `.${String(fraction).padStart(2, "0")}` : ""}`;
  return negative ? `-${text}` : text;
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
