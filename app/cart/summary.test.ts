import { describe, expect, it } from "vitest";
import { format } from "~/i18n/format";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { checkoutMessages as te } from "~/i18n/te/checkout.messages";
import { cartQuantityText } from "./summary";

describe("the subtotal's quantity", () => {
  it("is what the cart holds in all, kilos and packs", () => {
    const subtotal = (lines: { quantity: number; unit: "kg" | "pack" }[]) => format(checkoutMessages.cart.subtotal, { qty: cartQuantityText(lines, "en") });
    expect(subtotal([{ quantity: 1, unit: "kg" }])).toBe("Subtotal (estimated for about 1 kg)");
    expect(subtotal([{ quantity: 2, unit: "kg" }])).toBe("Subtotal (estimated for about 2 kg)");
    expect(
      subtotal([
        { quantity: 2, unit: "kg" },
        { quantity: 1, unit: "kg" },
      ]),
    ).toBe("Subtotal (estimated for about 3 kg)");
    expect(
      subtotal([
        { quantity: 2, unit: "kg" },
        { quantity: 1, unit: "pack" },
      ]),
    ).toBe("Subtotal (estimated for about 2 kg + 1 pack)");
    expect(format(te.cart.subtotal, { qty: cartQuantityText([{ quantity: 3, unit: "kg" }], "te") })).toBe("ఉప మొత్తం (అంచనా, సుమారు 3 కిలోలు)");
  });
});
