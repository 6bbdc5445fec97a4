import { describe, expect, it } from "vitest";
import { formatAdminDateTime, formatDate, formatDateTime, formatDateTimeIst } from "./dates";

// 23 Nov 2026, 14:15:12 UTC is 19:45:12 in India (UTC+5:30), whatever the machine's own zone.
const when = Date.UTC(2026, 10, 23, 14, 15, 12);

describe("dates, always in India Standard Time", () => {
  it("formats a day, a time, a time with its zone and the admin's format", () => {
    expect(formatDate(when)).toBe("23 November 2026");
    expect(formatDateTime(when)).toBe("23 Nov 2026, 7:45 pm");
    expect(formatDateTimeIst(when)).toBe("23 Nov 2026, 7:45 pm IST");
    expect(formatAdminDateTime(when)).toBe("23/11/2026, 19:45:12");
  });

  it("takes the ISO strings and Dates the APIs hand over", () => {
    const iso = new Date(when).toISOString();
    expect(formatDateTime(iso)).toBe(formatDateTime(when));
    expect(formatDateTime(new Date(when))).toBe(formatDateTime(when));
    // Just before midnight UTC is already the next day in India.
    expect(formatDate(Date.UTC(2026, 10, 23, 20, 0))).toBe("24 November 2026");
  });

  it("writes Telugu pages' dates in Telugu, still in India Standard Time", () => {
    expect(formatDate(when, "te")).toBe("23 నవంబర్, 2026");
    expect(formatDateTimeIst(when, "te")).toMatch(/^23, నవం 2026 7:45 PM IST$/);
    expect(formatDate(Date.UTC(2026, 10, 23, 20, 0), "te")).toBe("24 నవంబర్, 2026");
  });
});
