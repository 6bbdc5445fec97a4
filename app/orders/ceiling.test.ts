import { describe, expect, it } from "vitest";
import { aboveCeiling, ceilingPaise, ceilingPercent } from "./ceiling";
import { canCollectOnDelivery, canRequestBalance, moneyBlocksMove } from "./fulfilment";

describe("the price ceiling", () => {
  it("is the estimate plus the chosen margin, rounded up to the rupee; any weight has none", () => {
    expect(ceilingPaise(5_000_000, 20)).toBe(6_000_000);
    expect(ceilingPaise(5_000_000, 10)).toBe(5_500_000);
    expect(ceilingPaise(1_234_500, 35)).toBe(1_666_600); // ₹16,665.75 → ₹16,666
    expect(ceilingPaise(5_000_000, ceilingPercent("any"))).toBeNull();
  });

  it("a final price needs the shopper's yes only above a ceiling", () => {
    expect(aboveCeiling(6_000_000, 6_000_000)).toBe(false);
    expect(aboveCeiling(6_000_100, 6_000_000)).toBe(true);
    expect(aboveCeiling(99_000_000, null)).toBe(false);
  });

  it("an awaited answer blocks packing, the balance request and cash on delivery", () => {
    const order = { status: "order_confirmed", paymentState: "advance_paid" as const, finalTotalPaise: 6_500_000, advancePaise: 50_000 };
    expect(moneyBlocksMove("order_packed", { ...order, priceAnswer: "awaiting" })).toBe("answer_first");
    expect(moneyBlocksMove("order_packed", { ...order, priceAnswer: "accepted" })).toBeNull();
    expect(canRequestBalance({ ...order, priceAnswer: "awaiting" }, [], 0)).toBe(false);
    expect(canRequestBalance({ ...order, priceAnswer: "accepted" }, [], 0)).toBe(true);
    expect(canCollectOnDelivery({ ...order, priceAnswer: "awaiting" })).toBe(false);
    expect(canCollectOnDelivery({ ...order, priceAnswer: null })).toBe(true);
  });
});
