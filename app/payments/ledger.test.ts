import { describe, expect, it } from "vitest";
import { balanceDue, refundsByReason, summarizeLedger, type LedgerEntry } from "./ledger";

const capture = (reason: LedgerEntry["reason"], amountPaise: number): LedgerEntry => ({ kind: "capture", reason, state: "done", amountPaise });
const refund = (reason: LedgerEntry["reason"], amountPaise: number, state: LedgerEntry["state"] = "done"): LedgerEntry => ({
  kind: "refund",
  reason,
  state,
  amountPaise,
});
const cash: LedgerEntry = { kind: "cash", reason: "balance", state: "done", amountPaise: 2_450_000 };
const order = (status: Parameters<typeof balanceDue>[0]["status"], finalTotalPaise: number | null) => ({
  status,
  finalTotalPaise,
  estimatedTotalPaise: 2_500_000,
});
const due = (o: ReturnType<typeof order>, rows: LedgerEntry[]) => balanceDue(o, summarizeLedger(rows));

describe("balanceDue", () => {
  it("before weighing, about the estimate less the advance; once weighed, the final price less what was paid toward it", () => {
    expect(due(order("order_raised", null), [capture("advance", 50_000)])).toEqual({ kind: "estimate", paise: 2_450_000 });
    expect(due(order("order_packed", 2_600_000), [capture("advance", 50_000)])).toEqual({ kind: "due", paise: 2_550_000 });
    expect(due(order("order_shipped", 2_500_000), [capture("advance", 50_000), cash])).toEqual({ kind: "none" });
  });

  it("a delivered order owes nothing, after a partial or a full refund of a claim", () => {
    const paid = [capture("advance", 50_000), capture("balance", 2_450_000)];
    expect(due(order("order_delivered", 2_500_000), [...paid, refund("claim", 50_000)])).toEqual({ kind: "none" });
    expect(due(order("order_delivered", 2_500_000), [...paid, refund("claim", 50_000), refund("claim", 2_450_000, "pending")])).toEqual({ kind: "none" });
  });

  it("a claim's refund is never counted as unpaid price, whatever the status", () => {
    expect(due(order("order_shipped", 2_500_000), [capture("advance", 50_000), cash, refund("claim", 50_000)])).toEqual({ kind: "none" });
  });

  it("a refund of the difference or of money not owed keeps the price paid exactly", () => {
    // Weighed at ₹400: ₹100 of the advance back.
    expect(due(order("order_confirmed", 40_000), [capture("advance", 50_000), refund("difference", 10_000)])).toEqual({ kind: "none" });
    // A second capture refunded as not owed: the balance is still due.
    expect(due(order("order_confirmed", 2_500_000), [capture("advance", 50_000), capture("advance", 50_000), refund("unowed", 50_000)])).toEqual({
      kind: "due",
      paise: 2_450_000,
    });
  });

  it("nothing for a cancelled order or one that waits for its advance", () => {
    expect(due(order("order_cancelled", 2_500_000), [capture("advance", 50_000), refund("cancel", 50_000)])).toEqual({ kind: "none" });
    expect(due(order("payment_pending", null), [])).toEqual({ kind: "none" });
    expect(due(order("payment_expired", null), [])).toEqual({ kind: "none" });
  });
});

describe("refundsByReason", () => {
  it("adds an order's refunds up by reason, done apart from on their way", () => {
    expect(
      refundsByReason([
        capture("advance", 50_000),
        refund("claim", 20_000),
        refund("claim", 10_000, "failed"),
        refund("claim", 5_000),
        refund("cancel", 15_000, "pending"),
      ]),
    ).toEqual([
      { reason: "claim", donePaise: 25_000, pendingPaise: 10_000 },
      { reason: "cancel", donePaise: 0, pendingPaise: 15_000 },
    ]);
  });
});
