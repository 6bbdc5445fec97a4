/**
 * The money and ordering rules, pure so they are unit-tested on their own. Paise throughout.
 */
export const ADVANCE_PAISE = 50_000;
/** A shop order's stock is held this long for its advance; unpaid by then, the order expires and the stock returns. */
export const RESERVATION_MS = 30 * 60_000;
/** A won auction's advance is due within 24 hours. */
export const AUCTION_PAY_MS = 24 * 60 * 60_000;
/** Per line: more than this many kg is not a household order (and keeps sums far from overflow). */
export const MAX_LINE_QUANTITY = 50;
export const MAX_LINES = 20;

/** Struck-through "was" price: 20% above the price. */
export function struckPricePaise(pricePaise: number): number {
  return Math.round(pricePaise * 1.2);
}

/** 'You save': 20% of the price. */
export function savingPaise(pricePaise: number): number {
  return Math.round(pricePaise * 0.2);
}

export function subtotalPaise(lines: { pricePaise: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.pricePaise * line.quantity, 0);
}

/** Estimated remaining after the advance: subtotal − ₹500, never below 0. */
export function estimatedRemainingPaise(subtotal: number): number {
  return Math.max(0, subtotal - ADVANCE_PAISE);
}

/** Serviceable areas: the pincodes of Telangana and Andhra Pradesh (see stateForPincode). */
export function isServiceablePincode(zip: string): boolean {
  return stateForPincode(zip) !== null;
}

export const SERVICEABLE_STATES = ["Andhra Pradesh", "Telangana"] as const;
export type ServiceableState = (typeof SERVICEABLE_STATES)[number];

/**
 * The pincodes each serviceable state has, by their first three digits (Telangana 500–509, Andhra Pradesh
 * 515–535): the one list the checkout enforces and the policies state.
 */
export const PINCODE_PREFIXES: Record<ServiceableState, { from: number; to: number }> = {
  Telangana: { from: 500, to: 509 },
  "Andhra Pradesh": { from: 515, to: 535 },
};

/** The state a pincode belongs to, by its first three digits (PINCODE_PREFIXES). */
export function stateForPincode(zip: string): ServiceableState | null {
  if (!/^\d{6}$/.test(zip)) return null;
  const prefix = Number(zip.slice(0, 3));
  return SERVICEABLE_STATES.find((state) => prefix >= PINCODE_PREFIXES[state].from && prefix <= PINCODE_PREFIXES[state].to) ?? null;
}

const NUMBER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"; // no 0/O, 1/I: read out over the phone

/** PUL-2611-7F3K: prefix, year and month (IST), four random characters. */
export function orderNumber(now: number, random: Uint8Array = crypto.getRandomValues(new Uint8Array(4))): string {
  const ist = new Date(now + 5.5 * 60 * 60_000);
  const yymm = `${String(ist.getUTCFullYear() % 100).padStart(2, "0")}${String(ist.getUTCMonth() + 1).padStart(2, "0")}`;
  const tail = Array.from(random.slice(0, 4), (b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join("");
  return `PUL-${yymm}-${tail}`;
}

export const ORDER_NUMBER_PATTERN = /^PUL-\d{4}-[2-9A-HJ-NP-Z]{4}$/;

/** The checkout's first/last name prefill from the profile's name: the first word, and the rest. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim().replace(/\s+/g, " ");
  const at = trimmed.indexOf(" ");
  return at === -1 ? { firstName: trimmed, lastName: "" } : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}
