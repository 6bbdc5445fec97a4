import { describe, expect, it } from "vitest";
import { formatRupees, paiseToRupees, parseRupees, rupeesToPaise } from "./money";

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

describe("parseRupees", () => {
  it("reads rupees typed with Indian grouping or sent as a number, in paise", () => {
    expect(parseRupees(" 1,20,000 ")).toBe(12_000_000);
    expect(parseRupees("25800.50")).toBe(2_580_050);
    expect(parseRupees(1200)).toBe(120_000);
  });

  it("refuses anything that is not a plain amount", () => {
    for (const value of ["", "₹500", "1e5", "-5", "1200\t", "１２００", 1e21, null, {}]) expect(parseRupees(value)).toBeNaN();
  });
});

describe("paise conversions", () => {
  it("round-trips without floating point drift", () => {
    expect(rupeesToPaise(25800.1)).toBe(2_580_010);
    expect(paiseToRupees(2_580_010)).toBe(25800.1);
  });
});
