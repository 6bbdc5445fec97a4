import type { ShippingInput } from "~/orders/checkout-schema";

/** An account keeps this many addresses; a new one beyond it replaces the one used longest ago. */
export const MAX_SAVED_ADDRESSES = 10;

const FIELDS = ["firstName", "lastName", "phone", "address", "city", "state", "zip"] as const;

/** A saved address as the shipping form's values: what the checkout re-checks and the edit form starts from. */
export function addressFields(row: ShippingInput): ShippingInput {
  return Object.fromEntries(FIELDS.map((f) => [f, row[f]])) as ShippingInput;
}

/**
 * What makes two addresses the same one: every field, with case and runs of spaces ignored, so "12 Bund Road"
 * typed again as "12  bund road" is the address already saved, not a second copy.
 */
export function addressKey(s: ShippingInput): string {
  return JSON.stringify(FIELDS.map((f) => s[f].normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-IN")));
}

/**
 * An address's last line, "city, state pincode", with the state named in the reader's language (`states`, the
 * page's or mail's names of the states we deliver to; a state stored otherwise is shown as stored).
 */
export function placeLine(a: { city: string; state: string; zip: string }, states: Record<string, string>): string {
  const state = Object.hasOwn(states, a.state) ? states[a.state] : a.state;
  return `${a.city}, ${state} ${a.zip}`;
}
