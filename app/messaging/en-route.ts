import { formatDelivery, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { messagingMessages as english } from "~/i18n/messaging.messages";
import { messagingMessages as telugu } from "~/i18n/te/messaging.messages";
import { storedPhone, tenDigitPhone } from "~/lib/phone";

/** Tries before a message is given up as failed: the first right after the change, then the scheduled job's. */
export const MESSAGE_TRIES = 5;
/** How long a try may run before another may take the message up (a try that died with its Worker). */
export const SEND_LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 5 * 60_000;
const LAST_RETRY_MS = 60 * 60_000;

/**
 * The wait after the `tries`-th failed try: 5 minutes, doubling, at most an hour. The scheduled job runs every
 * 5 minutes, so the last try comes about 75 minutes after the order shipped, while the fish is still on the road.
 */
export function retryDelayMs(tries: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, tries - 1), LAST_RETRY_MS);
}

/** The number a message goes to (+91 and ten digits), or null when the order has no usable phone. */
export function messagePhone(phone: string | null | undefined): string | null {
  const ten = tenDigitPhone(phone);
  return ten ? storedPhone(ten) : null;
}

/**
 * The delivery as the store writes it, with its middle dot and en dash swapped for a comma and a hyphen: one
 * character outside the GSM-7 alphabet turns a whole SMS into UCS-2, which holds 70 characters, not 160, and
 * this message would cost two. (A Telugu one is UCS-2 whatever it says: it is written the same way.)
 */
export function smsDelivery(date: string, slot: DeliverySlot, lang: Lang = "en"): string {
  return formatDelivery(date, slot, lang).replaceAll(" · ", ", ").replaceAll("–", "-");
}

/**
 * The SMS that an order is on its way, in the customer's language (`names` are the store's and the fish's names in
 * it), with its delivery date and slot when it has them (a won auction's has none).
 */
export function enRouteText(
  names: { brand: string; product: string },
  order: { number: string; deliveryDate: string | null; deliverySlot: DeliverySlot | null },
  lang: Lang = "en",
): string {
  const m = lang === "te" ? telugu : english;
  const values = { ...names, number: order.number };
  if (!order.deliveryDate || !order.deliverySlot) return format(m.enRoute, values);
  return format(m.enRouteDelivery, { ...values, when: smsDelivery(order.deliveryDate, order.deliverySlot, lang) });
}
