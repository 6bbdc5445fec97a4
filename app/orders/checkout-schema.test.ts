import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages";
import { te } from "~/i18n/te/messages";
import { shippingSchema as shippingSchemaIn } from "./checkout-schema";
import { tenDigitPhone } from "~/lib/phone";
import { estimatedRemainingPaise, isServiceablePincode, orderNumber, ORDER_NUMBER_PATTERN, savingPaise, splitName, struckPricePaise } from "./rules";
import { VALID_ADDRESS } from "../../tests/setup/address";

const valid = VALID_ADDRESS;
const shippingSchema = shippingSchemaIn(en.shop);

/** The first error per field, as the form shows it, for the form data a browser would send. */
function errorsFor(values: Record<string, string>, schema = shippingSchema) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const submission = parseWithZod(form, { schema });
  const reply = submission.reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([k, v]) => [k, v?.[0]]));
}

describe("the shipping form's messages, word for word", () => {
  it("accepts a complete serviceable address and trims it", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid, city: "  Rajahmundry  " })) form.set(k, v);
    const submission = parseWithZod(form, { schema: shippingSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.city).toBe("Rajahmundry");
  });

  it("says each field is required", () => {
    expect(errorsFor({ firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zip: "" })).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      phone: "Phone number is required",
      address: "Address is required",
      city: "City is required",
      state: "State is required",
      zip: "Pincode is required",
    });
  });

  it("gives each length and digit rule its message (spaces do not count)", () => {
    expect(errorsFor({ ...valid, firstName: " A ", lastName: "R", phone: "98765", address: "Short  ", city: "X", state: "T", zip: "5331" })).toEqual({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
      phone: "Phone number must be exactly 10 digits",
      address: "Address must be at least 10 characters",
      city: "City must be at least 2 characters",
      state: "State must be at least 2 characters",
      zip: "Pincode must be exactly 6 digits",
    });
    expect(errorsFor({ ...valid, phone: "98765432101", zip: "53310a" })).toEqual({
      phone: "Phone number must be exactly 10 digits",
      zip: "Pincode must be exactly 6 digits",
    });
  });

  it("refuses pincodes and states outside Andhra Pradesh and Telangana", () => {
    const sorry = "Sorry, we deliver only in Andhra Pradesh and Telangana for now.";
    expect(errorsFor({ ...valid, zip: "560001" })).toEqual({ zip: sorry });
    expect(errorsFor({ ...valid, zip: "499999" })).toEqual({ zip: sorry });
    expect(errorsFor({ ...valid, zip: "536000" })).toEqual({ zip: sorry });
    expect(errorsFor({ ...valid, state: "Karnataka" })).toEqual({ state: sorry });
    expect(errorsFor({ ...valid, zip: "500001", state: "Telangana" })).toEqual({});
    expect(errorsFor({ ...valid, zip: "535999" })).toEqual({});
    expect(errorsFor({ ...valid, zip: "500000", state: "Telangana" })).toEqual({});
  });
});

describe("the shipping form on a Telugu page", () => {
  const telugu = shippingSchemaIn(te.shop);
  const e = te.shop.shippingErrors;

  it("refuses a bad phone and pincode in Telugu, and the English form keeps its words", () => {
    const bad = { ...valid, phone: "98765", zip: "5331" };
    expect(errorsFor(bad, telugu)).toEqual({ phone: e.phone, zip: e.zip });
    expect(e.phone).toBe("ఫోన్ నంబర్ సరిగ్గా 10 అంకెలు ఉండాలి");
    expect(errorsFor(bad)).toEqual({ phone: "Phone number must be exactly 10 digits", zip: "Pincode must be exactly 6 digits" });
  });

  it("names the state a pincode belongs to as the Telugu form lists it", () => {
    expect(errorsFor({ ...valid, zip: "500001", state: "Andhra Pradesh" }, telugu)).toEqual({
      zip: "పిన్‌కోడ్ 500001 ఉన్న రాష్ట్రం తెలంగాణ: రాష్ట్రంగా తెలంగాణ ఎంచుకోండి, లేదా పిన్‌కోడ్ సరిచూసుకోండి.",
    });
    expect(errorsFor({ ...valid, zip: "560001" }, telugu)).toEqual({ zip: te.shop.serviceable });
  });

  it("says each field is required in Telugu", () => {
    expect(errorsFor({ firstName: "", lastName: "", phone: "", address: "", city: "", state: "", zip: "" }, telugu)).toEqual({
      firstName: e.firstNameRequired,
      lastName: e.lastNameRequired,
      phone: e.phoneRequired,
      address: e.addressRequired,
      city: e.cityRequired,
      state: e.stateRequired,
      zip: e.zipRequired,
    });
  });

  it("keeps zod's words for an over-long field in English, and Telugu ones on a Telugu page", () => {
    const long = "x".repeat(201);
    expect(errorsFor({ ...valid, city: long })).toEqual({ city: "String must contain at most 200 character(s)" });
    expect(errorsFor({ ...valid, city: long }, telugu)).toEqual({ city: e.tooLong });
  });
});

describe("the shipping form's phone and pincode, as people type them", () => {
  it("accepts spaces, dashes and a +91 or 0 prefix, and keeps the digits", () => {
    for (const [phone, zip] of [
      ["98480 12345", "533 101"],
      ["+91 98480-12345", "533-101"],
      ["098480 12345", " 533101 "],
    ]) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...valid, phone, zip })) form.set(k, v);
      const submission = parseWithZod(form, { schema: shippingSchema });
      expect(submission.status === "success" && [submission.value.phone, submission.value.zip]).toEqual(["9848012345", "533101"]);
    }
  });

  it("refuses letters in either", () => {
    expect(errorsFor({ ...valid, phone: "98480abcde", zip: "5331O1" })).toEqual({
      phone: "Phone number must be exactly 10 digits",
      zip: "Pincode must be exactly 6 digits",
    });
  });

  it("refuses a pincode of the other state and names the state it belongs to", () => {
    expect(errorsFor({ ...valid, zip: "500001", state: "Andhra Pradesh" })).toEqual({
      zip: "Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode.",
    });
    expect(errorsFor({ ...valid, zip: "533101", state: "Telangana" })).toEqual({
      zip: "Pincode 533101 is in Andhra Pradesh: choose Andhra Pradesh as the state, or check the pincode.",
    });
    expect(errorsFor({ ...valid, zip: "509001", state: "Telangana" })).toEqual({});
    expect(errorsFor({ ...valid, zip: "515001", state: "Andhra Pradesh" })).toEqual({});
  });

  it("knows no state for the unused 510–514 prefixes and refuses them", () => {
    expect(errorsFor({ ...valid, zip: "512345" })).toEqual({ zip: "Sorry, we deliver only in Andhra Pradesh and Telangana for now." });
  });
});

describe("ordering rules", () => {
  it("prices: struck 20% higher, saving 20%, remaining never below 0", () => {
    expect(struckPricePaise(2_500_000)).toBe(3_000_000);
    expect(savingPaise(2_500_000)).toBe(500_000);
    expect(estimatedRemainingPaise(2_500_000)).toBe(2_450_000);
    expect(estimatedRemainingPaise(30_000)).toBe(0);
  });

  it("serviceable pincodes are 500000–535999", () => {
    expect([isServiceablePincode("500000"), isServiceablePincode("535999"), isServiceablePincode("536000"), isServiceablePincode("50000")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("order numbers look like PUL-2611-7F3K (IST month)", () => {
    // 2026-11-30 20:00 UTC is already 1 December in India.
    expect(orderNumber(Date.UTC(2026, 10, 30, 20, 0), new Uint8Array([0, 1, 2, 3]))).toBe("PUL-2612-2345");
    expect(orderNumber(Date.now())).toMatch(ORDER_NUMBER_PATTERN);
  });

  it("prefill: the name split at the first space, the phone as 10 digits", () => {
    expect(splitName("Ravi Kumar Reddy")).toEqual({ firstName: "Ravi", lastName: "Kumar Reddy" });
    expect(splitName("Ravi")).toEqual({ firstName: "Ravi", lastName: "" });
    expect(tenDigitPhone("+91 98765 43210")).toBe("9876543210");
    expect(tenDigitPhone("09876543210")).toBe("9876543210");
    expect(tenDigitPhone("12345")).toBe("");
  });
});
