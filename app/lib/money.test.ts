import { describe, expect, it } from "vitest";
import { formatRupees, paiseToRupees, parseRupees, parseTypedNumber, rupeesToPaise } from "./money";

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

  it("removes commas only where they group digits, in the Indian or the international way", () => {
    const cases: [string, number][] = [
      ["1,000", 100_000],
      ["10,000", 1_000_000],
      ["1,00,000", 10_000_000],
      ["2,50,000", 25_000_000],
      ["250,000", 25_000_000],
      ["12,34,567", 123_456_700],
      ["1,234,567", 123_456_700],
      ["1,00,00,000", 1_000_000_000],
      ["99,99,99,999", 99_999_999_900],
      ["2,50,000.50", 25_000_050],
      ["250,000.5", 25_000_050],
      ["1000", 100_000],
      ["0500", 50_000],
    ];
    for (const [typed, paise] of cases) expect([typed, parseRupees(typed)]).toEqual([typed, paise]);
  });

  it("refuses commas that do not group digits, rather than reading another amount", () => {
    const refused = [
      "2,50",
      "6,1000",
      ",500",
      "500,",
      "1,,000",
      "1,0000",
      "1,00,00",
      "1,000,00",
      "123,45,678",
      "1,23,4567",
      "0,500",
      "00,500",
      "1,000.",
      ".5",
      "1.2.3",
    ];
    for (const typed of refused) expect([typed, parseRupees(typed)]).toEqual([typed, Number.NaN]);
  });

  it("keeps the decimal rules: up to two decimals (paise), nine digits of rupees", () => {
    expect(parseRupees("1.5")).toBe(150);
    expect(parseRupees("1,000.05")).toBe(100_005);
    expect(parseRupees("999999999")).toBe(99_999_999_900);
    for (const typed of ["1.505", "1,000.505", "1000000000", "1,00,00,00,000"]) expect([typed, parseRupees(typed)]).toEqual([typed, Number.NaN]);
  });

  it("takes one rupee sign before the amount", () => {
    expect(parseRupees("₹500")).toBe(50_000);
    expect(parseRupees(" ₹ 1,250.50 ")).toBe(125_050);
    for (const typed of ["₹₹500", "500₹", "5₹00", "Rs. 500"]) expect([typed, parseRupees(typed)]).toEqual([typed, Number.NaN]);
  });

  it("refuses anything that is not a plain amount", () => {
    for (const value of ["", "1e5", "-5", "+5", "1200\t", "1\u00a0000", "１２００", "0x10", "1_000", "1 000", 1e21, Number.NaN, Infinity, -5, null, {}]) {
      expect(parseRupees(value)).toBeNaN();
    }
  });
});

describe("parseTypedNumber", () => {
  it("reads whole counts grouped the same way, and refuses decimals where none are allowed", () => {
    expect(parseTypedNumber("1,000", 0)).toBe(1000);
    expect(parseTypedNumber(" 10,000 ", 0)).toBe(10_000);
    expect(parseTypedNumber("0", 0)).toBe(0);
    for (const typed of ["1.5", "1,0", "10,00", ",1", "", " "]) expect([typed, parseTypedNumber(typed, 0)]).toEqual([typed, Number.NaN]);
  });
});

describe("paise conversions", () => {
  it("round-trips without floating point drift", () => {
    expect(rupeesToPaise(25800.1)).toBe(2_580_010);
    expect(paiseToRupees(2_580_010)).toBe(25800.1);
  });
});
