import { describe, expect, it } from "vitest";
import type { LedgerEntry } from "~/payments/ledger";
import { moneyRows, paymentLabel } from "./money-view";

type Row = LedgerEntry & { ref: string };
const advance: Row = { kind: "capture", reason: "advance", state: "done", amountPaise: 50_000, ref: "pay_ADV" };
const balance: Row = { kind: "capture", reason: "balance", state: "done", amountPaise: 2_450_000, ref: "pay_BAL" };
const refund = (reason: LedgerEntry["reason"], amountPaise: number, state: LedgerEntry["state"] = "done"): Row => ({
  kind: "refund",
  reason,
  state,
  amountPaise,
  ref: `${reason}:${amountPaise}`,
});
const order = { status: "order_raised" as const, paymentState: "advance_paid" as const, estimatedTotalPaise: 2_500_000, finalTotalPaise: null };

describe("the admin's payment label", () => {
  it("a cancelled order reads by what it refunded, never 'Advance paid'", () => {
    const cancelled = { ...order, status: "order_cancelled" as const };
    expect(paymentLabel(cancelled, [advance, refund("cancel", 50_000)])).toBe("Refunded ₹500");
    expect(paymentLabel(cancelled, [advance, refund("cancel", 50_000, "pending")])).toBe("Refund pending ₹500");
    expect(paymentLabel(cancelled, [advance, balance, refund("cancel", 50_000), refund("cancel", 2_450_000, "failed")])).toBe(
      "Refunded ₹500 · Refund pending ₹24,500",
    );
    expect(paymentLabel(cancelled, [])).toBe("Nothing paid");
  });

  it("other orders by their payment state, a delivered one paid in full, with refunds made since", () => {
    expect(paymentLabel(order, [advance])).toBe("Advance paid");
    expect(paymentLabel({ ...order, paymentState: "balance_on_delivery" }, [advance])).toBe("Balance on delivery");
    const delivered = { ...order, status: "order_delivered" as const, paymentState: "balance_paid" as const, finalTotalPaise: 2_500_000 };
    expect(paymentLabel(delivered, [advance, balance])).toBe("Paid in full");
    expect(paymentLabel(delivered, [advance, balance, refund("claim", 50_000)])).toBe("Paid in full · Refunded (claim) ₹500");
    expect(paymentLabel({ ...order, status: "payment_expired", paymentState: "advance_due" }, [])).toBe("Not paid");
  });
});

describe("the admin's money summary", () => {
  const shown = (o: Parameters<typeof moneyRows>[0], rows: Row[]) => moneyRows(o, rows).map((r) => `${r.label}: ${r.value}`);

  it("says each figure once: no repeated balance, nothing 'kept by the store'", () => {
    expect(shown(order, [advance])).toEqual([
      "Estimated total: ₹25,000",
      "Final price: Not weighed yet",
      "Paid: ₹500",
      "Advance reference: pay_ADV",
      "Balance due: about ₹24,500 (not weighed yet)",
    ]);
    const weighed = { ...order, finalTotalPaise: 2_600_000 };
    expect(shown(weighed, [advance]).at(-1)).toBe("Balance due: ₹25,500");
    expect(shown({ ...weighed, paymentState: "balance_on_delivery" }, [advance]).at(-1)).toBe("To collect on delivery: ₹25,500");
  });

  it("a delivered order after a claim: the refund by its reason, nothing due", () => {
    const delivered = { ...order, status: "order_delivered" as const, paymentState: "balance_paid" as const, finalTotalPaise: 2_500_000 };
    expect(shown(delivered, [advance, balance, refund("claim", 50_000)])).toEqual([
      "Estimated total: ₹25,000",
      "Final price: ₹25,000",
      "Paid: ₹25,000",
      "Advance reference: pay_ADV",
      "Refunded (claim): ₹500",
      "Balance due: ₹0",
    ]);
  });

  it("a cancelled order shows its refund and no balance", () => {
    expect(shown({ ...order, status: "order_cancelled" }, [advance, refund("cancel", 50_000)])).toEqual([
      "Estimated total: ₹25,000",
      "Final price: Not weighed yet",
      "Paid: ₹500",
      "Advance reference: pay_ADV",
      "Refunded (cancellation): ₹500",
    ]);
  });
});
