/** Fills the remaining placeholders, e.g. format(m.auctions.error, { message }). */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * Sentences as one text: each ends with a full stop unless it already ends as a sentence does (a reason typed
 * without one, "Plans changed, sorry", is not run into the next sentence); empty parts are left out. Telugu
 * ends its sentences with the same full stop.
 */
export function sentences(...parts: (string | null | undefined | false)[]): string {
  return parts
    .map((part) => (part || "").trim())
    .filter(Boolean)
    .map((part) => (/[.!?…।](["'”’)\]]*)$/u.test(part) ? part : `${part}.`))
    .join(" ");
}
