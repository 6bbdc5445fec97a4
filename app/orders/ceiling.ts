/**
 * The price ceiling a shopper agrees to at checkout: the estimate plus a margin they choose, or any weight.
 * Pure, so the cart, the checkout and the server compute the same figures; the server always computes the
 * stored ceiling itself from its own prices.
 */
export const CEILING_CHOICES = ["10", "20", "35", "any"] as const;
export type CeilingChoice = (typeof CEILING_CHOICES)[number];
/** The margin offered first: the estimate plus 20%. */
export const DEFAULT_CEILING: CeilingChoice = "20";

/** The choice's margin in percent, or null for any weight. */
export function ceilingPercent(choice: CeilingChoice): number | null {
  return choice === "any" ? null : Number(choice);
}

/** The estimate plus `percent`, rounded up to the rupee (in paise); null (no ceiling) for any weight. */
export function ceilingPaise(estimatePaise: number, percent: number | null): number | null {
  if (percent === null) return null;
  return Math.ceil((estimatePaise * (100 + percent)) / 100 / 100) * 100;
}

/** Whether a final price needs the shopper's yes: there is a ceiling and the price is above it. */
export function aboveCeiling(finalPaise: number, ceiling: number | null): boolean {
  return ceiling !== null && finalPaise > ceiling;
}
