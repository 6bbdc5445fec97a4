import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages";
import { checkoutSchemaFor } from "~/orders/checkout-schema";
import { DOWLESWARAM_ADDRESS, VALID_ADDRESS } from "../../tests/setup/address";
import { addressFields, addressKey } from "./rules";

describe("when two addresses are the same one", () => {
  it("case and runs of spaces do not matter", () => {
    const retyped = { ...VALID_ADDRESS, firstName: "ASHA", address: "  12   godavari bund ROAD ", city: "rajahmundry" };
    expect(addressKey(retyped)).toBe(addressKey(VALID_ADDRESS));
  });

  it("any other difference does, and no two fields run into each other", () => {
    for (const change of [{ phone: "9876543211" }, { lastName: "Rao Devi" }, { zip: "533102" }, { address: "12 Godavari Bund Rd" }]) {
      expect(addressKey({ ...VALID_ADDRESS, ...change })).not.toBe(addressKey(VALID_ADDRESS));
    }
    const split = (firstName: string, lastName: string) => addressKey({ ...VALID_ADDRESS, firstName, lastName });
    expect(split("Asha Rani", "Rao")).not.toBe(split("Asha", "Rani Rao"));
    expect(addressKey(DOWLESWARAM_ADDRESS)).not.toBe(addressKey(VALID_ADDRESS));
  });

  it("a saved row's extra columns are not part of the address", () => {
    expect(addressFields({ ...VALID_ADDRESS, id: 4, userId: 9, key: "x" } as typeof VALID_ADDRESS)).toEqual(VALID_ADDRESS);
  });
});

describe("the checkout's address choice", () => {
  const parse = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ delivery: "2026-11-26.evening", ...values })) form.set(k, v);
    return parseWithZod(form, { schema: checkoutSchemaFor(form, en.shop) });
  };

  it("a saved address's id ignores the typed fields; 'new' or no choice checks them", () => {
    expect(parse({ addressId: "7", zip: "560001" })).toMatchObject({ status: "success", value: { addressId: 7, delivery: { date: "2026-11-26" } } });
    expect(parse({ addressId: "new", zip: "560001" }).reply().error?.firstName).toEqual(["First name is required"]);
    expect(parse({ zip: "560001" }).reply().error?.firstName).toEqual(["First name is required"]);
    expect(parse({ addressId: "new", ...VALID_ADDRESS }).status).toBe("success");
  });

  it("anything else as the choice is no choice", () => {
    for (const addressId of ["", "-1", "1.5", "7; DROP TABLE", "1".repeat(20)]) {
      expect(parse({ addressId, ...VALID_ADDRESS }).reply().error?.addressId).toEqual(["Please choose an address"]);
    }
  });
});
