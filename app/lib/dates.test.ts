import { describe, expect, it } from "vitest";
import {
  formatAdminDateTime,
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeIst,
  formatDay,
  formatExactTimeIst,
  formatHours,
  formatSpreadsheetDateTime,
  teluguDayPeriod,
} from "./dates";

// 23 Nov 2026, 14:15:12 UTC is 19:45:12 in India (UTC+5:30), whatever the machine's own zone.
const when = Date.UTC(2026, 10, 23, 14, 15, 12);
/** The instant of a wall-clock time in India. */
const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe("dates, always in India Standard Time", () => {
  it("formats a day, a time, a time with its zone and the admin's format", () => {
    expect(formatDate(when)).toBe("23 November 2026");
    expect(formatDateTime(when)).toBe("23 November 2026, 7:45 PM");
    expect(formatDateTimeIst(when)).toBe("23 November 2026, 7:45 PM (IST)");
    expect(formatExactTimeIst(when)).toBe("23 November 2026, 7:45:12 PM (IST)");
    expect(formatDay(when)).toBe("Mon, 23 November");
    expect(formatAdminDateTime(when)).toBe("23/11/2026, 19:45:12");
    expect(formatSpreadsheetDateTime(when)).toBe("2026-11-23 19:45");
  });

  it("takes the ISO strings and Dates the APIs hand over", () => {
    const iso = new Date(when).toISOString();
    expect(formatDateTime(iso)).toBe(formatDateTime(when));
    expect(formatDateTime(new Date(when))).toBe(formatDateTime(when));
    // Just before midnight UTC is already the next day in India.
    expect(formatDate(Date.UTC(2026, 10, 23, 20, 0))).toBe("24 November 2026");
    expect(formatAdminDateTime(Date.UTC(2026, 11, 31, 18, 30, 5))).toBe("01/01/2027, 00:00:05");
  });

  it("writes Telugu pages' dates with the full month, no stray comma, the time of day in words and the zone in brackets", () => {
    expect(formatDate(when, "te")).toBe("23 నవంబర్ 2026");
    expect(formatDateTime(when, "te")).toBe("23 నవంబర్ 2026, రాత్రి 7:45");
    expect(formatDateTimeIst(when, "te")).toBe("23 నవంబర్ 2026, రాత్రి 7:45 (IST)");
    expect(formatExactTimeIst(when, "te")).toBe("23 నవంబర్ 2026, రాత్రి 7:45:12 (IST)");
    expect(formatDay(when, "te")).toBe("సోమ, 23 నవంబర్");
    expect(formatDate(Date.UTC(2026, 10, 23, 20, 0), "te")).toBe("24 నవంబర్ 2026");
    expect(formatDate(ist("2026-07-14T10:00:00"), "te")).toBe("14 జులై 2026");
  });

  it("never writes AM/PM or a 24-hour time in Telugu, nor a 24-hour time in English", () => {
    for (let hour = 0; hour < 24; hour++) {
      const at = ist(`2026-11-23T${String(hour).padStart(2, "0")}:05:00`);
      const te = formatDateTimeIst(at, "te");
      expect(te).not.toMatch(/AM|PM|am|pm/);
      expect(te).toMatch(/, (ఉదయం|మధ్యాహ్నం|సాయంత్రం|రాత్రి) ([1-9]|1[0-2]):05 \(IST\)$/);
      expect(formatDateTimeIst(at)).toMatch(/, ([1-9]|1[0-2]):05 (AM|PM) \(IST\)$/);
    }
  });

  it("names the time of day as Telugu says it", () => {
    const periods = Array.from({ length: 24 }, (_, hour) => teluguDayPeriod(hour));
    expect(periods.slice(0, 4)).toEqual(Array(4).fill("రాత్రి"));
    expect(periods.slice(4, 12)).toEqual(Array(8).fill("ఉదయం"));
    expect(periods.slice(12, 15)).toEqual(Array(3).fill("మధ్యాహ్నం"));
    expect(periods.slice(15, 19)).toEqual(Array(4).fill("సాయంత్రం"));
    expect(periods.slice(19)).toEqual(Array(5).fill("రాత్రి"));
    expect(formatClock(0, 30, "te")).toBe("రాత్రి 12:30");
    expect(formatClock(12, 0, "te")).toBe("మధ్యాహ్నం 12:00");
    expect(formatClock(0, 30)).toBe("12:30 AM");
    expect(formatClock(12, 0)).toBe("12:00 PM");
  });

  it("writes a span of hours, saying the Telugu time of day again only where it changes", () => {
    expect(formatHours(7, 11)).toBe("7:00 AM – 11:00 AM");
    expect(formatHours(15, 20)).toBe("3:00 PM – 8:00 PM");
    expect(formatHours(7, 11, "te")).toBe("ఉదయం 7:00 – 11:00");
    expect(formatHours(15, 20, "te")).toBe("సాయంత్రం 3:00 – రాత్రి 8:00");
    expect(formatHours(10, 18, "te")).toBe("ఉదయం 10:00 – సాయంత్రం 6:00");
  });
});
