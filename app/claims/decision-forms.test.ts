import { describe, expect, it } from "vitest";
import { approveFormSchema } from "./decision-forms";

describe("the claim approval's refund amount", () => {
  const amount = (typed: string) => {
    const parsed = approveFormSchema.safeParse({ intent: "approve", amount: typed });
    return parsed.success ? parsed.data.amount : parsed.error.issues[0].message;
  };

  it("takes whole rupees with commas that group digits", () => {
    expect(amount("250")).toBe(25_000);
    expect(amount("2,500")).toBe(250_000);
    expect(amount("1,00,000")).toBe(10_000_000);
    expect(amount("₹ 25,000")).toBe(2_500_000);
  });

  it("refuses any other comma as not a number, never as another amount", () => {
    for (const typed of ["2,50", "6,1000", ",500", "500,", "1,,000", "250.50", "0", ""]) {
      expect([typed, amount(typed)]).toEqual([typed, "Enter the refund in whole rupees, from ₹1"]);
    }
  });
});
