import { describe, expect, it } from "vitest";
import { canRequestBalance, finalTotals, linePricePaise, moneyBlocksMove } from "./fulfilment";

describe("weighing and the balance", () => {
  it("prices a weighed line per kg, rounded to the rupee", () => {
    expect(linePricePaise(2_500_000, 1000)).toBe(2_500_000);
    expect(linePricePaise(2_500_000, 1234)).toBe(3_085_000);
    expect(linePricePaise(2_580_000, 333)).toBe(859_100); // ₹8,591.40 → ₹8,591
    expect(linePricePaise(2_580_000, 335)).toBe(864_300); // ₹8,643.00
    expect(linePricePaise(100_00, 1)).toBe(0);
  });

  const fish = { productId: 1, unit: "kg" as const, pricePaise: 2_500_000, packsDelivered: null };
  const curry = { productId: 2, unit: "pack" as const, pricePaise: 2_580_000, quantity: 3, weightGrams: null };

  it("totals the lines, keeps an auction lot at its price, and gives the balance after the ₹500 advance", () => {
    const lines = [
      { ...fish, quantity: 2, weightGrams: 2150 },
      { productId: null, unit: "kg" as const, pricePaise: 3_120_000, quantity: 1, weightGrams: null, packsDelivered: null },
    ];
    expect(finalTotals(lines, 50_000)).toEqual({
      finalPaise: 5_375_000 + 3_120_000,
      balancePaise: 5_375_000 + 3_120_000 - 50_000,
      lines: [5_375_000, 3_120_000],
    });
    expect(finalTotals([{ ...fish, quantity: 1, weightGrams: 10 }], 50_000)?.balancePaise).toBe(-25_000);
    expect(finalTotals([{ ...fish, quantity: 1, weightGrams: null }], 50_000)).toBeNull();
  });

  it("prices a pack line by the packs delivered, never by grams, and waits for its count", () => {
    expect(finalTotals([{ ...curry, packsDelivered: 3 }], 50_000)).toEqual({ finalPaise: 7_740_000, balancePaise: 7_690_000, lines: [7_740_000] });
    // A weight recorded against a pack line (an older form, a forged field) changes nothing.
    expect(finalTotals([{ ...curry, weightGrams: 450, packsDelivered: 2 }], 50_000)?.finalPaise).toBe(5_160_000);
    expect(finalTotals([{ ...curry, weightGrams: 450, packsDelivered: null }], 50_000)).toBeNull();
    expect(finalTotals([{ ...curry, packsDelivered: 0 }], 50_000)).toEqual({ finalPaise: 0, balancePaise: -50_000, lines: [0] });
    const mixed = finalTotals(
      [
        { ...fish, quantity: 2, weightGrams: 2150 },
        { ...curry, packsDelivered: 1 },
      ],
      50_000,
    );
    expect(mixed?.lines).toEqual([5_375_000, 2_580_000]);
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

  it("asks for the balance once weighed, and again only when every link sent has run out unpaid", () => {
    const now = 1_000_000;
    const weighed = { status: "order_confirmed", paymentState: "advance_paid" as const, finalTotalPaise: 3_000_000 };
    const requested = { ...weighed, paymentState: "balance_requested" as const };
    const link = (status: string, expiresAt: number | null) => ({ kind: "balance", status, expiresAt });
    expect(canRequestBalance(weighed, [], now)).toBe(true);
    expect(canRequestBalance({ ...weighed, finalTotalPaise: null }, [], now)).toBe(false);
    expect(canRequestBalance({ ...weighed, status: "order_cancelled" }, [], now)).toBe(false);
    expect(canRequestBalance(requested, [link("created", now + 1)], now)).toBe(false);
    expect(canRequestBalance(requested, [link("created", null)], now)).toBe(false);
    expect(canRequestBalance(requested, [link("created", now)], now)).toBe(true);
    expect(canRequestBalance(requested, [link("expired", now + 1), link("created", now - 1)], now)).toBe(true);
    expect(canRequestBalance(requested, [link("expired", now - 1), link("created", now + 1)], now)).toBe(false);
    for (const paymentState of ["balance_paid", "balance_on_delivery"] as const) expect(canRequestBalance({ ...weighed, paymentState }, [], now)).toBe(false);
  });
});
