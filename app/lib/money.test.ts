import { describe, expect, it } from "vitest";
import { formatRupees, paiseToRupees, rupeesToPaise } from "./money";

describe("formatRupees", () => {
  it("formats whole rupees with Indian grouping", () => {
    expect(formatRupees(2_500_000)).toBe("₹25,000");
    expect(formatRupees(2_580_000)).toBe("₹25,800");
    expect(formatRupees(50_000)).toBe("₹500");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("groups lakhs and crores in pairs", () => {
    expect(formatRupees(12_500_000)).toBe("₹1,25,000");
    expect(formatRupees(1_234_567_800)).toBe("₹1,23,45,678");
  });

  it("shows paise when present or when two decimals are asked for", () => {
    expect(formatRupees(2_500_050)).toBe("₹25,000.50");
    expect(formatRupees(2_500_000, { decimals: 2 })).toBe("₹25,000.00");
    expect(formatRupees(2_500_005, { decimals: 0 })).toBe("₹25,000");
  });

  it("keeps the sign of negative amounts", () => {
    expect(formatRupees(-50_000)).toBe("-₹500");
  });

  it("refuses what is not an amount", () => {
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});

describe("paise conversions", () => {
  it("round-trips without floating point drift", () => {
    expect(rupeesToPaise(25800.1)).toBe(2_580_010);
    expect(paiseToRupees(2_580_010)).toBe(25800.1);
  });
});
