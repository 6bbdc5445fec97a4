/**
 * A name, an address or a city as the shop keeps it: one line (control characters, line breaks and tabs become
 * single spaces) without invisible format characters (text-direction overrides, zero-width spaces), which would
 * make text shown to an admin, printed on a packing list or mailed read otherwise than it is. Telugu's zero-width
 * joiner and non-joiner stay: the script needs them.
 */
export function plainLine(text: string): string {
  return text.replace(/(?![\u200C\u200D])\p{Cf}/gu, "").replace(/[\p{Cc}\s]+/gu, " ");
}
