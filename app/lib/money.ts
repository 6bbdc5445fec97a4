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
