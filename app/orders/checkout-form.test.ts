import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { en } from "~/i18n/messages";
import { checkoutSchema as checkoutSchemaIn } from "./checkout-schema";

const checkoutSchema = checkoutSchemaIn(en.shop);

function errorsFor(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  const reply = parseWithZod(form, { schema: checkoutSchema }).reply();
  return Object.fromEntries(Object.entries(reply.error ?? {}).map(([k, v]) => [k, v?.[0]]));
}

describe("the checkout form", () => {
  it("says what is wrong with the address and the delivery at once", () => {
    expect(errorsFor({ ...VALID_ADDRESS, zip: "500001" })).toEqual({
      zip: "Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode.",
      delivery: "Please choose a delivery slot",
    });
  });

  it("gives the delivery choice as a date and a slot, and the browser its constraints", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID_ADDRESS, delivery: "2026-11-26.morning" })) form.set(k, v);
    const submission = parseWithZod(form, { schema: checkoutSchema });
    expect(submission.status === "success" && submission.value.delivery).toEqual({ date: "2026-11-26", slot: "morning" });
    expect(getZodConstraint(checkoutSchema).zip).toMatchObject({ required: true });
  });

  it("keeps each field one plain line, as the packing list and the admin's pages show it", () => {
    const form = new FormData();
    const typed = {
      ...VALID_ADDRESS,
      firstName: "Ra\u202Evi",
      lastName: "Ku\nmar\u200F",
      address: "12 Ghat Road\r\nCALL +91 99999 FOR REFUND\u202E",
      delivery: "2026-11-26.morning",
    };
    for (const [k, v] of Object.entries(typed)) form.set(k, v);
    const submission = parseWithZod(form, { schema: checkoutSchema });
    expect(submission.status === "success" && submission.value).toMatchObject({
      firstName: "Ravi",
      lastName: "Ku mar",
      address: "12 Ghat Road CALL +91 99999 FOR REFUND",
    });
  });
});
