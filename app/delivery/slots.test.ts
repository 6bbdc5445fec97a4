import { describe, expect, it } from "vitest";
import {
  addDays,
  formatDelivery,
  formatDeliveryDate,
  formatSlot,
  formatSlotHours,
  isCalendarDate,
  isSlotBookable,
  istDate,
  slotStart,
  upcomingDates,
} from "./slots";

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe("delivery dates and slots (IST)", () => {
  it("takes the calendar date in India, not in UTC", () => {
    expect(istDate(Date.parse("2026-11-24T18:29:00Z"))).toBe("2026-11-24");
    expect(istDate(Date.parse("2026-11-24T18:31:00Z"))).toBe("2026-11-25");
    expect(upcomingDates(ist("2026-12-31T23:00:00"), 3)).toEqual(["2026-12-31", "2027-01-01", "2027-01-02"]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("starts the morning slot at 7:00 and the evening at 15:00 IST", () => {
    expect(slotStart("2026-11-25", "morning")).toBe(ist("2026-11-25T07:00:00"));
    expect(slotStart("2026-11-25", "evening")).toBe(ist("2026-11-25T15:00:00"));
  });

  it("books a slot until 2 hours before it starts, only within today and the next 2 days", () => {
    const at = ist("2026-11-25T04:59:00");
    expect(isSlotBookable("2026-11-25", "morning", at)).toBe(true);
    expect(isSlotBookable("2026-11-25", "morning", ist("2026-11-25T05:00:00"))).toBe(false);
    expect(isSlotBookable("2026-11-25", "evening", ist("2026-11-25T12:59:00"))).toBe(true);
    expect(isSlotBookable("2026-11-25", "evening", ist("2026-11-25T13:00:00"))).toBe(false);
    expect(isSlotBookable("2026-11-27", "evening", at)).toBe(true);
    expect(isSlotBookable("2026-11-28", "morning", at)).toBe(false);
    expect(isSlotBookable("2026-11-24", "evening", at)).toBe(false);
    expect(isSlotBookable("2026-13-01", "evening", at)).toBe(false);
  });

  it("knows real calendar dates", () => {
    expect(isCalendarDate("2026-11-30")).toBe(true);
    expect(isCalendarDate("2026-11-31")).toBe(false);
    expect(isCalendarDate("26-11-30")).toBe(false);
    // No such month or day at all: false, never a thrown error.
    for (const date of ["2026-13-01", "2026-00-10", "2026-12-32", "2026-12-00", "9999-99-99"]) expect(isCalendarDate(date)).toBe(false);
  });

  it("writes a delivery as people read it, weekday first, the full month, the zone once in brackets", () => {
    expect(formatDelivery("2026-11-26", "morning")).toBe("Thu, 26 November · Morning, 7:00 AM – 11:00 AM (IST)");
    expect(formatDelivery("2026-11-26", "evening")).toBe("Thu, 26 November · Evening, 3:00 PM – 8:00 PM (IST)");
    expect(formatDeliveryDate("2027-01-01")).toBe("Fri, 1 January");
  });

  it("writes it in Telugu with the time of day in words, never AM/PM or a 24-hour clock", () => {
    expect(formatDelivery("2026-11-26", "morning", "te")).toBe("గురు, 26 నవంబర్ · ఉదయం 7:00 – 11:00 (IST)");
    expect(formatDelivery("2026-11-26", "evening", "te")).toBe("గురు, 26 నవంబర్ · సాయంత్రం 3:00 – రాత్రి 8:00 (IST)");
    expect(formatSlotHours("evening", "te")).toBe("సాయంత్రం 3:00 – రాత్రి 8:00");
    expect(formatSlotHours("morning")).toBe("7:00 AM – 11:00 AM");
  });

  it("names each slot by its own name in both languages", () => {
    expect(formatSlot("morning")).toBe("Morning, 7:00 AM – 11:00 AM");
    expect(formatSlot("evening")).toBe("Evening, 3:00 PM – 8:00 PM");
    expect(formatSlot("morning", "te")).toBe("ఉదయం 7:00 – 11:00");
    expect(formatSlot("evening", "te")).toBe("సాయంత్రం 3:00 – రాత్రి 8:00");
  });
});
