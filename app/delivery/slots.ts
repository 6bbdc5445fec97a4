import type { Lang } from "~/i18n/lang";
// Relative: the database schema imports this module, and vite.config.ts loads the schema without path aliases.
import { formatDay, formatHours, IST_OFFSET_MS, withZone } from "../lib/dates";

/**
 * Delivery dates and slots, pure: dates are IST calendar days written YYYY-MM-DD, slots are fixed IST hours.
 */
export const DELIVERY_SLOTS = ["morning", "evening"] as const;
export type DeliverySlot = (typeof DELIVERY_SLOTS)[number];

/** Start and end hours in IST (morning 7:00–11:00, evening 15:00–20:00). */
export const SLOT_HOURS: Record<DeliverySlot, { start: number; end: number }> = {
  morning: { start: 7, end: 11 },
  evening: { start: 15, end: 20 },
};

/** A slot can be booked until this long before it starts: the fish must be packed and on the road. */
export const SLOT_CUTOFF_MS = 2 * 60 * 60_000;
/** The shopper picks among the delivery dates of this many days, today first. */
export const DELIVERY_WINDOW_DAYS = 3;
/** The admin plans catch and slots this many days ahead. */
export const PLANNING_DAYS = 7;

const DAY_MS = 24 * 60 * 60_000;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The IST calendar date of an instant, YYYY-MM-DD. */
export function istDate(now: number): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today and the following days in IST: `count` dates. */
export function upcomingDates(now: number, count: number): string[] {
  const today = istDate(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

/** The instant a slot starts. */
export function slotStart(date: string, slot: DeliverySlot): number {
  return Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS + SLOT_HOURS[slot].start * 60 * 60_000;
}

/** Whether a slot can still be booked at `now`: in the window and not past its cut-off. */
export function isSlotBookable(date: string, slot: DeliverySlot, now: number): boolean {
  if (!DATE_PATTERN.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return false;
  if (!upcomingDates(now, DELIVERY_WINDOW_DAYS).includes(date)) return false;
  return now < slotStart(date, slot) - SLOT_CUTOFF_MS;
}

/**
 * The delivery dates a shopper can order for at `now`: the window's, each with a slot still bookable by the
 * clock. Whether a slot still has room is the orders' business (availability.server.ts `openDates`).
 */
export function orderDates(now: number): string[] {
  return upcomingDates(now, DELIVERY_WINDOW_DAYS).filter((date) => DELIVERY_SLOTS.some((slot) => isSlotBookable(date, slot, now)));
}

/** Whether the admin may still book a slot at `now` (moving an order): in the planning days and not past its cut-off. */
export function isSlotPlannable(date: string, slot: DeliverySlot, now: number): boolean {
  return upcomingDates(now, PLANNING_DAYS).includes(date) && now < slotStart(date, slot) - SLOT_CUTOFF_MS;
}

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not; 2026-13-01 is no date at all and must not throw). */
export function isCalendarDate(date: string): boolean {
  return DATE_PATTERN.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && addDays(date, 0) === date;
}

/** Thu, 26 November (in Telugu: గురు, 26 నవంబర్) */
export function formatDeliveryDate(date: string, lang: Lang = "en"): string {
  return formatDay(`${date}T12:00:00+05:30`, lang);
}

const SLOT_NAMES: Record<Lang, Record<DeliverySlot, string>> = {
  en: { morning: "Morning", evening: "Evening" },
  te: { morning: "ఉదయం", evening: "సాయంత్రం" },
};

/** A slot's hours: 7:00 AM – 11:00 AM (in Telugu: ఉదయం 7:00 – 11:00; సాయంత్రం 3:00 – రాత్రి 8:00) */
export function formatSlotHours(slot: DeliverySlot, lang: Lang = "en"): string {
  return formatHours(SLOT_HOURS[slot].start, SLOT_HOURS[slot].end, lang);
}

/**
 * A slot by its name and hours: Morning, 7:00 AM – 11:00 AM. Telugu says the time of day before the hours, which is
 * the slot's name itself (ఉదయం 7:00 – 11:00); were the hours ever to start in another part of the day, the name
 * comes first and the hours after it in brackets.
 */
export function formatSlot(slot: DeliverySlot, lang: Lang = "en"): string {
  const name = SLOT_NAMES[lang][slot];
  const hours = formatSlotHours(slot, lang);
  if (lang === "en") return `${name}, ${hours}`;
  return hours.startsWith(`${name} `) ? hours : `${name} (${hours})`;
}

/** Thu, 26 November · Morning, 7:00 AM – 11:00 AM (IST) (in Telugu: గురు, 26 నవంబర్ · ఉదయం 7:00 – 11:00 (IST)) */
export function formatDelivery(date: string, slot: DeliverySlot, lang: Lang = "en"): string {
  return withZone(`${formatDeliveryDate(date, lang)} · ${formatSlot(slot, lang)}`);
}
