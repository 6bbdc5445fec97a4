/** Money helpers. Amounts are integer paise everywhere except at the display edge. */

export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * The whole part of a typed number: plain digits, or digits grouped by commas as people write them, in the
 * Indian way (1,00,000 and 2,50,000: three digits last, pairs before them) or the international way (250,000
 * and 1,000,000: threes). A comma anywhere else makes it no number ("2,50", "6,1000", ",500", "500,", "1,,000"),
 * never another amount. The first group never starts with 0 ("0,500" is a European half).
 */
const GROUPED_WHOLE = /^(?:\d+|[1-9]\d?(?:,\d\d)*,\d{3}|[1-9]\d{0,2}(?:,\d{3})+)$/;

/**
 * A number as a person types it: spaces around it, the whole part plain or grouped by commas (GROUPED_WHOLE),
 * up to `decimals` digits after a point, at most 9 digits before it. NaN when it is anything else (a sign, an
 * exponent, other digits than 0-9, a tab or a line break). The one reader of typed amounts and counts.
 */
export function parseTypedNumber(text: string, decimals: number): number {
  const trimmed = text.replace(/^ +| +$/g, "");
  const point = trimmed.indexOf(".");
  const whole = point < 0 ? trimmed : trimmed.slice(0, point);
  const fraction = point < 0 ? "" : trimmed.slice(point + 1);
  if (!GROUPED_WHOLE.test(whole) || whole.replace(/,/g, "").length > 9) return Number.NaN;
  if (point >= 0 && !(fraction.length >= 1 && fraction.length <= decimals && /^\d+$/.test(fraction))) return Number.NaN;
  return Number(`${whole.replace(/,/g, "")}${point < 0 ? "" : `.${fraction}`}`);
}

/**
 * Rupees as typed or sent (a number, or a string that parseTypedNumber reads with up to 2 decimals, perhaps after
 * a rupee sign: "₹ 1,250.50") → paise; NaN when it is not a plain amount. Each form then holds it to its own
 * range and to whole rupees where it must.
 */
export function parseRupees(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.replace(/^ *₹ */, "") : "";
  const rupees = parseTypedNumber(text, 2);
  return Number.isNaN(rupees) ? Number.NaN : rupeesToPaise(rupees);
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
