import { describe, expect, it } from "vitest";
import { normalisePhone, normalisePincode, PHONE_INPUT_PATTERN, PINCODE_INPUT_PATTERN, socialLink, storedPhone, tenDigitPhone, whatsappLink } from "./phone";

describe("phone numbers", () => {
  it("reads a stored or typed Indian number as the form's 10 digits", () => {
    expect(tenDigitPhone("+919849022771")).toBe("9849022771");
    expect(tenDigitPhone("+91 98490-22771")).toBe("9849022771");
    expect(tenDigitPhone(null)).toBe("");
    expect(storedPhone("9849022771")).toBe("+919849022771");
  });

  it("links WhatsApp to the number with its country code, digits only", () => {
    expect(whatsappLink("+91 98490 22771")).toBe("https://wa.me/919849022771");
    expect(whatsappLink("9849022771")).toBe("https://wa.me/919849022771");
    expect(whatsappLink("+1 (555) 010-2030")).toBe("https://wa.me/15550102030");
  });
});

describe("typed phone numbers and pincodes", () => {
  it("accepts the ways Indians write a mobile number and keeps its 10 digits", () => {
    for (const typed of [
      "98480 12345",
      "98480-12345",
      "+91 98480 12345",
      "+91-98480-12345",
      "91 98480 12345",
      "098480 12345",
      " 9848012345 ",
      "(98480) 12345",
    ]) {
      expect(normalisePhone(typed)).toBe("9848012345");
    }
  });

  it("leaves letters and wrong lengths for the 10-digit rule to refuse", () => {
    expect(normalisePhone("98480abcde")).toBe("98480abcde");
    expect(normalisePhone("98480 1234")).toBe("984801234");
    expect(normalisePhone("+44 98480 12345")).toBe("+449848012345");
  });

  it("drops spaces and dashes from a pincode", () => {
    expect(normalisePincode(" 533 101 ")).toBe("533101");
    expect(normalisePincode("533-101")).toBe("533101");
  });

  it("lets the browser accept every written form of a number and no letters", () => {
    const pattern = new RegExp(`^(?:${PHONE_INPUT_PATTERN})$`, "v");
    expect(["98480 12345", "+91 98480-12345", "098480 12345", "9848012345"].every((s) => pattern.test(s))).toBe(true);
    expect(pattern.test("98480abcde")).toBe(false);
    const pincode = new RegExp(`^(?:${PINCODE_INPUT_PATTERN})$`, "v");
    expect(["533101", "533 101", "533-101"].every((s) => pincode.test(s))).toBe(true);
    expect(pincode.test("53310a")).toBe(false);
  });
});

describe("the social handle", () => {
  it("links to the store's Instagram profile", () => {
    expect(socialLink("@godavaripulasa")).toBe("https://www.instagram.com/godavaripulasa/");
  });
});
