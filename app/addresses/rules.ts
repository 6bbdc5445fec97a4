import type { ShippingInput } from "~/orders/checkout-schema";

/** An account keeps this many addresses; a new one beyond it replaces the one used longest ago. */
export const MAX_SAVED_ADDRESSES = 10;

const FIELDS = ["firstName", "lastName", "phone", "address", "city", "state", "zip"] as const;

/** A saved address as the shipping form's values: what the checkout re-checks and the edit form starts from. */
export function addressFields(row: ShippingInput): ShippingInput {
  return Object.fromEntries(FIELDS.map((f) => [f, row[f]])) as ShippingInput;
}

/**
 * Where an address is, as a page shows it: "Kakinada, Andhra Pradesh 533001", the state by its name in the page's
 * language (`states`: the catalogue's names by the form's value; the value itself for any other state).
 */
export function placeText(a: Pick<ShippingInput, "city" | "state" | "zip">, states: Record<string, string>): string {
  return `${a.city}, ${Object.hasOwn(states, a.state) ? states[a.state] : a.state} ${a.zip}`;
}

/**
 * What makes two addresses the same one: every field, with case and runs of spaces ignored, so "12 Bund Road"
 * typed again as "12  bund road" is the address already saved, not a second copy.
 */
export function addressKey(s: ShippingInput): string {
  return JSON.stringify(FIELDS.map((f) => s[f].normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en-IN")));
}
