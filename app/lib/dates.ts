/** Every date the store shows, in India Standard Time whatever the server's zone, from one place. */
const IST = "Asia/Kolkata";

const longDate = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: IST });
const dateTime = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: IST,
});
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

/** 23 November 2026 */
export const formatDate = (when: When) => longDate.format(toDate(when));
/** 23 Nov 2026, 7:45 pm */
export const formatDateTime = (when: When) => dateTime.format(toDate(when));
/** 23 Nov 2026, 7:45 pm IST (where the time zone must be said: holds and deadlines) */
export const formatDateTimeIst = (when: When) => `${formatDateTime(when)} IST`;
/** 23/11/2026, 19:45:12 */
export const formatAdminDateTime = (when: When) => adminDateTime.format(toDate(when));
