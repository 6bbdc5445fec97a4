import type { Lang } from "~/i18n/lang";

/**
 * Every date and time the store shows, in India Standard Time whatever the server's or the browser's zone, from
 * this one place (delivery slots are written by app/delivery/slots.ts with the clock below).
 *
 * Written by hand, not by Intl: the Telugu that Intl gives ("23, నవం 2026 7:45 PM") cuts the month, keeps AM/PM
 * and differs between the ICU of workerd, Node and each browser, so a page could render one text on the server and
 * another after hydration. One shape per language:
 * - English: 23 November 2026, 7:45 PM (IST) · Thu, 26 November
 * - Telugu: 23 నవంబర్ 2026, రాత్రి 7:45 (IST) · గురు, 26 నవంబర్ (12-hour, the time of day in words, never AM/PM)
 * The time zone is always named the same way, "(IST)", after the whole date and time, so no Telugu ending is ever
 * glued to it: a text places a formatted date where nothing follows it but punctuation.
 * The admin's pages keep their own precise format (formatAdminDateTime), written here too.
 */
export const IST_OFFSET_MS = 5.5 * 60 * 60_000;

/** How a date or time names its zone, in both languages. */
export const TIME_ZONE = "(IST)";

const MONTHS: Record<Lang, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  te: ["జనవరి", "ఫిబ్రవరి", "మార్చి", "ఏప్రిల్", "మే", "జూన్", "జులై", "ఆగస్టు", "సెప్టెంబర్", "అక్టోబర్", "నవంబర్", "డిసెంబర్"],
};

const WEEKDAYS: Record<Lang, readonly string[]> = {
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
  te: ["ఆది", "సోమ", "మంగళ", "బుధ", "గురు", "శుక్ర", "శని"],
};

type When = number | string | Date;
const toTime = (when: When) => (when instanceof Date ? when.getTime() : new Date(when).getTime());

/** The calendar and clock in India at an instant (India keeps no summer time, so a fixed offset is exact). */
function inIndia(when: When) {
  const d = new Date(toTime(when) + IST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, "0");
const twelve = (hour: number) => hour % 12 || 12;

/**
 * The Telugu word for the time of day an hour (0–23) falls in: ఉదయం from 4 to 11, మధ్యాహ్నం from 12 to 2,
 * సాయంత్రం from 3 to 6 and రాత్రి from 7 in the evening to 3 in the night. (So the evening delivery slot, 3 to 8 in
 * the evening, starts in సాయంత్రం, the slot's own name.)
 */
export function teluguDayPeriod(hour: number): string {
  if (hour >= 4 && hour < 12) return "ఉదయం";
  if (hour >= 12 && hour < 15) return "మధ్యాహ్నం";
  if (hour >= 15 && hour < 19) return "సాయంత్రం";
  return "రాత్రి";
}

/** A time of day, 12-hour: "7:45 PM", "7:45:30 PM"; in Telugu "రాత్రి 7:45", "రాత్రి 7:45:30". */
export function formatClock(hour: number, minute: number, lang: Lang = "en", second?: number): string {
  const digits = `${twelve(hour)}:${two(minute)}${second === undefined ? "" : `:${two(second)}`}`;
  return lang === "te" ? `${teluguDayPeriod(hour)} ${digits}` : `${digits} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * From one whole hour to another: "7:00 AM – 11:00 AM"; in Telugu "ఉదయం 7:00 – 11:00", the time of day said again
 * only where it changes ("సాయంత్రం 3:00 – రాత్రి 8:00").
 */
export function formatHours(start: number, end: number, lang: Lang = "en"): string {
  const from = formatClock(start, 0, lang);
  if (lang === "te" && teluguDayPeriod(start) === teluguDayPeriod(end)) return `${from} – ${twelve(end)}:00`;
  return `${from} – ${formatClock(end, 0, lang)}`;
}

/** `text` followed by the time zone: "… 7:45 PM (IST)". */
export const withZone = (text: string) => `${text} ${TIME_ZONE}`;

/** 23 November 2026 (in Telugu: 23 నవంబర్ 2026) */
export function formatDate(when: When, lang: Lang = "en"): string {
  const t = inIndia(when);
  return `${t.day} ${MONTHS[lang][t.month]} ${t.year}`;
}

/** Thu, 26 November (in Telugu: గురు, 26 నవంబర్): a day of the coming week, weekday first, no year. */
export function formatDay(when: When, lang: Lang = "en"): string {
  const t = inIndia(when);
  return `${WEEKDAYS[lang][t.weekday]}, ${t.day} ${MONTHS[lang][t.month]}`;
}

/** 23 November 2026, 7:45 PM (in Telugu: 23 నవంబర్ 2026, రాత్రి 7:45) */
export function formatDateTime(when: When, lang: Lang = "en"): string {
  const t = inIndia(when);
  return `${formatDate(when, lang)}, ${formatClock(t.hour, t.minute, lang)}`;
}

/** 23 November 2026, 7:45 PM (IST): where the time zone must be said (holds and deadlines). */
export const formatDateTimeIst = (when: When, lang: Lang = "en") => withZone(formatDateTime(when, lang));

/** 23 November 2026, 7:45:30 PM (IST): an auction's end, where a bid's second counts (soft close). */
export function formatExactTimeIst(when: When, lang: Lang = "en"): string {
  const t = inIndia(when);
  return withZone(`${formatDate(when, lang)}, ${formatClock(t.hour, t.minute, lang, t.second)}`);
}

/** The admin's format, the same on every admin page: en-GB, 24-hour, with seconds, in IST ("23/11/2026, 19:45:12"). */
export function formatAdminDateTime(when: When): string {
  const t = inIndia(when);
  return `${two(t.day)}/${two(t.month + 1)}/${t.year}, ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`;
}

/** A spreadsheet's date and time, which it sorts and reads as one: "2026-11-23 19:45" (IST). */
export function formatSpreadsheetDateTime(when: When): string {
  return new Date(toTime(when) + IST_OFFSET_MS).toISOString().slice(0, 16).replace("T", " ");
}
