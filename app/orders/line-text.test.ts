import { describe, expect, it } from "vitest";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { checkoutMessages as te } from "~/i18n/te/checkout.messages";
import { orderLineText, type OrderLine } from "./line-text";

const fish: OrderLine = {
  name: "Fresh Pulasa Fish",
  quantity: 3,
  unit: "kg",
  pricePaise: 2_500_000,
  weightGrams: null,
  packsDelivered: null,
  finalPaise: null,
};
const curry: OrderLine = { name: "Pulasa Curry", quantity: 3, unit: "pack", pricePaise: 80_000, weightGrams: null, packsDelivered: null, finalPaise: null };
const en = checkoutMessages.orders;

describe("an order line's words", () => {
  it("before weighing: what was ordered at its estimate", () => {
    expect(orderLineText(fish, en, "en")).toEqual({ text: "Fresh Pulasa Fish × 3 kg", paise: 7_500_000 });
    expect(orderLineText(curry, en, "en")).toEqual({ text: "Pulasa Curry × 3 packs", paise: 240_000 });
  });

  it("once weighed: the ordered and the weighed weight at the final price; packs: the packs delivered", () => {
    const weighed = { ...fish, weightGrams: 3150, finalPaise: 7_875_000 };
    expect(orderLineText(weighed, en, "en")).toEqual({ text: "Fresh Pulasa Fish · 3 kg ordered · weighed 3.15 kg", paise: 7_875_000 });
    expect(orderLineText({ ...curry, packsDelivered: 2, finalPaise: 160_000 }, en, "en")).toEqual({
      text: "Pulasa Curry · 3 packs ordered · 2 packs delivered",
      paise: 160_000,
    });
    expect(orderLineText({ ...curry, quantity: 1, packsDelivered: 1, finalPaise: 80_000 }, en, "en").text).toBe(
      "Pulasa Curry · 1 pack ordered · 1 pack delivered",
    );
  });

  it("in Telugu", () => {
    expect(orderLineText(fish, te.orders, "te").text).toBe("Fresh Pulasa Fish × 3 కిలోలు");
    expect(orderLineText({ ...fish, weightGrams: 3150, finalPaise: 7_875_000 }, te.orders, "te").text).toBe("Fresh Pulasa Fish · ఆర్డర్ 3 కిలోలు · తూకం 3.15 కిలోలు");
    expect(orderLineText({ ...curry, packsDelivered: 2, finalPaise: 160_000 }, te.orders, "te").text).toBe("Pulasa Curry · ఆర్డర్ 3 ప్యాక్‌లు · డెలివరీకి 2 ప్యాక్‌లు");
  });

  it("an auction lot is its name at its price", () => {
    expect(orderLineText({ ...fish, unit: null, quantity: 1, pricePaise: 2_650_000 }, en, "en")).toEqual({ text: "Fresh Pulasa Fish", paise: 2_650_000 });
  });
});
