/** Order times in India Standard Time, the same on the server and in the browser (no hydration mismatch). */
const ist = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone: "Asia/Kolkata" });

export function formatIst(ms: number): string {
  return `${ist.format(new Date(ms))} IST`;
}
