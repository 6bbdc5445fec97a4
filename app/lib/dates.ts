import type { Lang } from "~/i18n/lang";

/** Every date the store shows, in India Standard Time whatever the server's zone, from one place. */
const IST = "Asia/Kolkata";

const LOCALES: Record<Lang, string> = { en: "en-IN", te: "te-IN" };

/** One formatter per options and language, made once (building an Intl formatter is not cheap). */
function formatter(lang: Lang, options: Intl.DateTimeFormatOptions, cache: Partial<Record<Lang, Intl.DateTimeFormat>>) {
  return (cache[lang] ??= new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: IST }));
}
const longDates: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const dateTimes: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const LONG_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };
const exactTimes: Partial<Record<Lang, Intl.DateTimeFormat>> = {};
const DATE_TIME: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true };
const EXACT_TIME: Intl.DateTimeFormatOptions = { ...DATE_TIME, second: "2-digit" };

/** The admin's format: en-GB, 24-hour, with seconds. */
const adminDateTime = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hour12: false,
  timeZone: IST,
});

type When = number | string | Date;
const toDate = (when: When) => (when instanceof Date ? when : new Date(when));

/** 23 November 2026 (in Telugu: 23 నవంబర్, 2026) */
export const formatDate = (when: When, lang: Lang = "en") => formatter(lang, LONG_DATE, longDates).format(toDate(when));
/** 23 Nov 2026, 7:45 pm */
export const formatDateTime = (when: When, lang: Lang = "en") => formatter(lang, DATE_TIME, dateTimes).format(toDate(when));
/** 23 Nov 2026, 7:45:30 pm IST: an auction's end, where a bid's second counts (soft close). */
export const formatExactTimeIst = (when: When, lang: Lang = "en") => `${formatter(lang, EXACT_TIME, exactTimes).format(toDate(when))} IST`;
/** 23 Nov 2026, 7:45 pm IST (where the time zone must be said: holds and deadlines) */
export const formatDateTimeIst = (when: When, lang: Lang = "en") => `${formatDateTime(when, lang)} IST`;
/** 23/11/2026, 19:45:12 */
export const formatAdminDateTime = (when: When) => adminDateTime.format(toDate(when));
