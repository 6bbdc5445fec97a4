import { describe, expect, it } from "vitest";
import { parsePlanForm, productFormSchema, slotLoadNote } from "./rules";
import { en } from "~/i18n/messages";
import { te } from "~/i18n/te/messages";
import { limitProblem, quantityAtPrice, quantityText } from "./units";
import { stockText } from "./stock-text";

const valid = {
  name: "Fresh Pulasa Fish",
  slug: "fresh-fish",
  description: "Whole Godavari Pulasa, on ice.",
  category: "Fresh Fish",
  price: "25,000",
  unit: "kg",
  minQty: "1",
  maxQty: "5",
  image: "fresh-pulasa",
  sortOrder: "0",
};

describe("the admin's product form", () => {
  it("turns the price into integer paise, with digit-grouping commas and a rupee sign, and refuses odd commas", () => {
    const price = (typed: string) => {
      const parsed = productFormSchema.safeParse({ ...valid, price: typed });
      return parsed.success ? parsed.data.price : parsed.error.issues[0].message;
    };
    expect(price("25,000")).toBe(2_500_000);
    expect(price("₹ 1,250")).toBe(125_000);
    expect(price("2,50,000")).toBe(25_000_000);
    expect(price("250,000")).toBe(25_000_000);
    for (const typed of ["2,50", "6,1000", ",500", "500,", "1,,000", "12.345", "-5", ""]) {
      expect([typed, price(typed)]).toEqual([typed, "Enter a price in whole rupees between ₹1 and ₹10,00,000"]);
    }
  });

  it("accepts a good product and refuses each bad field with its own message", () => {
    expect(productFormSchema.parse(valid)).toMatchObject({ price: 2_500_000, minQty: 1, maxQty: 5, unit: "kg" });
    const error = (over: Record<string, string>) => productFormSchema.safeParse({ ...valid, ...over }).error?.issues[0]?.message;
    expect(error({ slug: "Fresh Fish" })).toBe("Use 2 to 60 lower-case letters, digits and hyphens");
    expect(error({ price: "0.50" })).toBe("Enter a price in whole rupees between ₹1 and ₹10,00,000");
    expect(error({ price: "349.50" })).toBe("Enter a price in whole rupees between ₹1 and ₹10,00,000");
    expect(productFormSchema.parse({ ...valid, price: "25,000.00" }).price).toBe(2_500_000);
    expect(error({ unit: "litre" })).toBe("Choose per kg or per pack");
    expect(error({ minQty: "6" })).toBe("The minimum cannot be above the maximum");
    expect(error({ maxQty: "51" })).toMatch(/^Maximum must be/);
    expect(error({ minQty: "1.5" })).toMatch(/^Minimum must be/);
    expect(error({ image: "../etc/passwd" })).toBe("Choose one of the photos");
  });

  it("takes the Telugu texts as optional, empty or only spaces as none, within the English ones' limits", () => {
    const parsed = (over: Record<string, string>) => productFormSchema.safeParse({ ...valid, ...over });
    const telugu = (over: Record<string, string>) => {
      const { success, data } = parsed(over);
      return success ? [data.nameTe, data.descriptionTe, data.categoryTe] : "refused";
    };
    expect(telugu({})).toEqual([undefined, undefined, undefined]);
    expect(telugu({ nameTe: "   ", descriptionTe: "", categoryTe: " " })).toEqual([undefined, undefined, undefined]);
    expect(telugu({ nameTe: " తాజా పులస చేప ", categoryTe: "కూర" })).toEqual(["తాజా పులస చేప", undefined, "కూర"]);
    const errors = (over: Record<string, string>) => parsed(over).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(errors({ nameTe: "చ", descriptionTe: "చిన్నది", categoryTe: "చ".repeat(41) })).toEqual([
      "nameTe: Name in Telugu must be 2 to 80 characters, or left empty",
      "descriptionTe: Description in Telugu must be 10 to 2000 characters, or left empty",
      "categoryTe: Category in Telugu must be 2 to 40 characters, or left empty",
    ]);
    expect(errors({ nameTe: "చ".repeat(80), descriptionTe: "చ".repeat(2000), categoryTe: "చ".repeat(40) })).toBeUndefined();
    expect(errors({ nameTe: "చ".repeat(81), descriptionTe: "చ".repeat(2001) })).toHaveLength(2);
  });

  it("says under each slot what is booked, that it is full once the bookings reach its capacity, and when it is the default", () => {
    expect(slotLoadNote({ booked: 3, capacity: 12, planned: true }, 20)).toBe("3 booked");
    expect(slotLoadNote({ booked: 12, capacity: 12, planned: true }, 20)).toBe("12 booked · full");
    expect(slotLoadNote({ booked: 0, capacity: 0, planned: true }, 20)).toBe("0 booked · full");
    expect(slotLoadNote({ booked: 1, capacity: 20, planned: false }, 20)).toBe("1 booked · default 20");
  });

  it("reads the catch screen's form: a catch per product and date (empty: none), a capacity per slot, an error beside each figure out of range", () => {
    const form = new FormData();
    form.set("catch.3.2026-11-25", " 12 ");
    form.set("catch.3.2026-11-26", "");
    form.set("catch.4.2026-11-25", "-3");
    form.set("catch.4.2026-11-26", "10001");
    form.set("cap.2026-11-25.morning", "12");
    form.set("cap.2026-11-25.evening", "1001");
    form.set("cap.2026-11-26.morning", "");
    form.set("cap.2026-11-26.evening", "0");
    // Not the screen's: a date outside the coming days, an unknown slot, a product id that is not one.
    form.set("catch.3.2026-11-30", "5");
    form.set("cap.2026-11-25.night", "5");
    form.set("catch.x.2026-11-25", "5");
    const parsed = parsePlanForm(form, ["2026-11-25", "2026-11-26"], ["morning", "evening"]);
    expect(parsed.catches).toEqual([
      { productId: 3, date: "2026-11-25", quantity: 12 },
      { productId: 3, date: "2026-11-26", quantity: null },
      { productId: 4, date: "2026-11-25", quantity: NaN },
      { productId: 4, date: "2026-11-26", quantity: 10001 },
    ]);
    expect(parsed.slots.map((e) => e.capacity)).toEqual([12, 1001, NaN, 0]);
    expect(parsed.errors).toEqual({
      "catch.4.2026-11-25": "Enter a whole number from 0 to 10000",
      "catch.4.2026-11-26": "Enter a whole number from 0 to 10000",
      "cap.2026-11-25.evening": "Enter a whole number of orders from 0 to 1000",
      "cap.2026-11-26.morning": "Enter a whole number of orders from 0 to 1000",
    });
    // What was typed, to show again beside a refusal.
    expect(parsed.typed["catch.3.2026-11-25"]).toBe(" 12 ");
    expect(parsed.typed["cap.2026-11-25.evening"]).toBe("1001");
  });

  it("takes only the figures changed from what the screen showed", () => {
    const form = new FormData();
    form.set("shown", JSON.stringify({ "catch.3.2026-11-25": "12", "catch.3.2026-11-26": "", "cap.2026-11-25.morning": "20", "cap.2026-11-25.evening": "20" }));
    form.set("catch.3.2026-11-25", "12");
    form.set("catch.3.2026-11-26", " ");
    form.set("cap.2026-11-25.morning", "20");
    form.set("cap.2026-11-25.evening", "15");
    const parsed = parsePlanForm(form, ["2026-11-25", "2026-11-26"], ["morning", "evening"]);
    expect(parsed).toMatchObject({ catches: [], slots: [{ date: "2026-11-25", slot: "evening", capacity: 15 }], errors: {} });
    // A form that does not say what it showed has every figure taken.
    form.set("shown", "not json");
    expect(parsePlanForm(form, ["2026-11-25", "2026-11-26"], ["morning", "evening"]).catches).toHaveLength(2);
  });

  it("reads figures typed with grouping commas, and refuses commas that group nothing", () => {
    const form = new FormData();
    form.set("catch.3.2026-11-25", "1,000");
    form.set("catch.3.2026-11-26", "1,00");
    form.set("cap.2026-11-25.morning", "2.5");
    const parsed = parsePlanForm(form, ["2026-11-25", "2026-11-26"], ["morning", "evening"]);
    expect(parsed.catches).toEqual([
      { productId: 3, date: "2026-11-25", quantity: 1000 },
      { productId: 3, date: "2026-11-26", quantity: NaN },
    ]);
    expect(parsed.errors).toEqual({
      "catch.3.2026-11-26": "Enter a whole number from 0 to 10000",
      "cap.2026-11-25.morning": expect.stringMatching(/^Enter a whole number of orders from 0 to/),
    });
  });

  it("leaves a figure the form did not have as it is, rather than read it as empty", () => {
    const form = new FormData();
    form.set("catch.3.2026-11-25", "7");
    const parsed = parsePlanForm(form, ["2026-11-25", "2026-11-26"], ["morning", "evening"]);
    expect(parsed).toMatchObject({ catches: [{ productId: 3, date: "2026-11-25", quantity: 7 }], slots: [], errors: {} });
  });
});

describe("order limits and stock texts", () => {
  const curry = { name: "Pulasa Curry", unit: "pack" as const, minQty: 2, maxQty: 4 };
  it("explains a quantity outside a product's limits", () => {
    const cart = en.shop.cart;
    expect(limitProblem(curry, 1, cart, "en")).toBe("Order at least 2 packs of Pulasa Curry");
    expect(limitProblem(curry, 5, cart, "en")).toBe("At most 4 packs of Pulasa Curry per order");
    expect(limitProblem(curry, 3, cart, "en")).toBeNull();
    const telugu = { ...curry, name: "పులస కూర" };
    expect(limitProblem(telugu, 1, te.shop.cart, "te")).toBe("పులస కూర కనీసం 2 ప్యాక్‌లు ఆర్డర్ చేయాలి");
    expect(limitProblem(telugu, 5, te.shop.cart, "te")).toBe("ఒక ఆర్డర్‌లో పులస కూర గరిష్ఠంగా 4 ప్యాక్‌లు మాత్రమే");
    expect(quantityText(1, "pack")).toBe("1 pack");
    expect(quantityText(3, "kg")).toBe("3 kg");
  });

  it("writes a line's quantity at its price in the product's unit: kg only for kilos", () => {
    expect(quantityAtPrice(1, "kg", "₹25,000")).toBe("1 kg × ₹25,000 per kg");
    expect(quantityAtPrice(2, "pack", "₹350")).toBe("2 packs × ₹350 per pack");
    expect(quantityAtPrice(1, "pack", "₹350")).toBe("1 pack × ₹350 per pack");
    expect(quantityAtPrice(2, "kg", "₹25,000", "te")).toBe("2 కిలోలు, కిలోకు ₹25,000 చొప్పున");
    expect(quantityAtPrice(3, "pack", "₹350", "te")).toBe("3 ప్యాక్‌లు, ప్యాక్‌కు ₹350 చొప్పున");
  });

  const m = {
    soldOutToday: "Sold out today",
    soldOutOn: "Sold out for {date}",
    leftFor: "{qty} left for {date}",
    nextWithStock: "Next available: {date} ({qty})",
    noneComing: "No catch planned for the coming days",
    today: "today",
    tomorrow: "tomorrow",
  };
  it("says what is left for the first bookable date, or 'Sold out today' and the next date with stock", () => {
    const base = { unit: "kg" as const, minQty: 1, today: "2026-11-25" };
    expect(stockText({ ...base, days: [{ date: "2026-11-25", left: 4 }] }, m)).toEqual({ soldOut: false, line: "4 kg left for today", next: null });
    expect(
      stockText(
        {
          ...base,
          days: [
            { date: "2026-11-25", left: 0 },
            { date: "2026-11-26", left: 0 },
            { date: "2026-11-27", left: 9 },
          ],
        },
        m,
      ),
    ).toEqual({ soldOut: true, line: "Sold out today", next: "Next available: Fri, 27 November (9 kg)" });
    expect(stockText({ ...base, days: [{ date: "2026-11-26", left: 0 }] }, m)).toEqual({ soldOut: true, line: "Sold out for tomorrow", next: null });
    expect(stockText({ ...base, minQty: 2, days: [{ date: "2026-11-25", left: 1 }] }, m).soldOut).toBe(true);
    expect(stockText({ ...base, days: [] }, m).line).toBe("No catch planned for the coming days");
  });
});
