import { describe, expect, it } from "vitest";
import { storedPhone, tenDigitPhone, whatsappLink } from "./phone";

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
