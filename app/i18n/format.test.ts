import { describe, expect, it } from "vitest";
import { format, sentences } from "./format";

describe("sentences", () => {
  it("ends each part as a sentence before the next, without doubling a full stop", () => {
    expect(sentences("Reason: Plans changed, sorry", "Refunded: ₹500.")).toBe("Reason: Plans changed, sorry. Refunded: ₹500.");
    expect(sentences("Reason: Too small.", "Refunded: ₹500")).toBe("Reason: Too small. Refunded: ₹500.");
    expect(sentences("Really?", "Great!", "He said 'no.'", "(See below.)")).toBe("Really? Great! He said 'no.' (See below.)");
    expect(sentences("కారణం: ప్రయాణం వాయిదా పడింది", "రీఫండ్ చేశాం")).toBe("కారణం: ప్రయాణం వాయిదా పడింది. రీఫండ్ చేశాం.");
  });

  it("leaves out empty parts and trims the rest", () => {
    expect(sentences(null, " One ", "", undefined, false, "Two.")).toBe("One. Two.");
    expect(sentences()).toBe("");
  });

  it("format fills placeholders it knows and keeps the others", () => {
    expect(format("{a} and {b}", { a: 1 })).toBe("1 and {b}");
  });
});
