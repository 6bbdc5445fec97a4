import { describe, expect, it } from "vitest";
import { finalTotals, linePricePaise, moneyBlocksMove } from "./fulfilment";

describe("weighing and the balance", () => {
  it("prices a weighed line per kg, rounded to the rupee", () => {
    expect(linePricePaise(2_500_000, 1000)).toBe(2_500_000);
    expect(linePricePaise(2_500_000, 1234)).toBe(3_085_000);
    expect(linePricePaise(2_580_000, 333)).toBe(859_100); // ₹8,591.40 → ₹8,591
    expect(linePricePaise(2_580_000, 335)).toBe(864_300); // ₹8,643.00
    expect(linePricePaise(100_00, 1)).toBe(0);
  });

  it("totals the lines, keeps an auction lot at its price, and gives the balance after the ₹500 advance", () => {
    const lines = [
      { productId: 1, pricePaise: 2_500_000, quantity: 2, weightGrams: 2150 },
      { productId: null, pricePaise: 3_120_000, quantity: 1, weightGrams: null },
    ];
    expect(finalTotals(lines, 50_000)).toEqual({
      finalPaise: 5_375_000 + 3_120_000,
      balancePaise: 5_375_000 + 3_120_000 - 50_000,
      lines: [5_375_000, 3_120_000],
    });
    expect(finalTotals([{ productId: 1, pricePaise: 2_500_000, quantity: 1, weightGrams: 10 }], 50_000)?.balancePaise).toBe(-25_000);
    expect(finalTotals([{ productId: 1, pricePaise: 2_500_000, quantity: 1, weightGrams: null }], 50_000)).toBeNull();
  });

  it("holds packing until weighed and shipping until the balance is settled", () => {
    const unweighed = { paymentState: "advance_paid" as const, finalTotalPaise: null };
    const weighed = { paymentState: "advance_paid" as const, finalTotalPaise: 2_500_000 };
    expect(moneyBlocksMove("order_confirmed", unweighed)).toBeNull();
    expect(moneyBlocksMove("order_packed", unweighed)).toBe("weigh_first");
    expect(moneyBlocksMove("order_packed", weighed)).toBeNull();
    expect(moneyBlocksMove("order_shipped", weighed)).toBe("balance_first");
    expect(moneyBlocksMove("order_shipped", { ...weighed, paymentState: "balance_requested" })).toBe("balance_first");
    expect(moneyBlocksMove("order_shipped", { ...weighed, paymentState: "balance_paid" })).toBeNull();
    expect(moneyBlocksMove("order_delivered", { ...weighed, paymentState: "balance_on_delivery" })).toBeNull();
    expect(moneyBlocksMove("order_cancelled", unweighed)).toBeNull();
  });
});
