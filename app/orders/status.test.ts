import { describe, expect, it } from "vitest";
import { checkTransition, nextStatuses, normalizeStatus } from "./status";

/**
 * The whole transition table, written out by hand (not derived from the code under test): for each stored
 * status, the statuses an admin may choose. Forward only along the chain, cancel from any non-final status.
 */
const CHAIN = ["order_raised", "order_confirmed", "order_packed", "order_shipped", "order_delivered"];
const EXPECTED: Record<string, string[]> = {
  order_raised: ["order_raised", "order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"],
  order_confirmed: ["order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"],
  order_packed: ["order_packed", "order_shipped", "order_delivered", "order_cancelled"],
  order_shipped: ["order_shipped", "order_delivered", "order_cancelled"],
  order_delivered: ["order_delivered"],
  order_cancelled: ["order_cancelled"],
  payment_pending: [],
  payment_expired: [],
  // Legacy values read as today's.
  pending: ["order_raised", "order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"],
  confirmed: ["order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"],
  delivered: ["order_delivered"],
  completed: ["order_delivered"],
  rejected: ["order_cancelled"],
  whatever: [],
  "": [],
};
const CANDIDATES = [
  ...CHAIN,
  "order_cancelled",
  "payment_pending",
  "payment_expired",
  "pending",
  "confirmed",
  "delivered",
  "rejected",
  "completed",
  "shipped",
  "",
  "ORDER_RAISED",
  "order_raised ",
];

describe("the order status machine", () => {
  it("maps the legacy values", () => {
    expect(["pending", "confirmed", "delivered", "rejected", "completed"].map(normalizeStatus)).toEqual([
      "order_raised",
      "order_confirmed",
      "order_delivered",
      "order_cancelled",
      "order_delivered",
    ]);
    expect(normalizeStatus("shipped")).toBeNull();
    expect(normalizeStatus("toString")).toBeNull();
  });

  it("offers exactly the expected choices for every stored status", () => {
    for (const [current, choices] of Object.entries(EXPECTED)) expect(nextStatuses(current), current).toEqual(choices);
  });

  it("accepts a move exactly when it is offered and not a no-op, for every pair", () => {
    for (const [current, choices] of Object.entries(EXPECTED)) {
      for (const requested of CANDIDATES) {
        const result = checkTransition(current, requested);
        const target = normalizeStatus(requested);
        const same = target !== null && target === normalizeStatus(current);
        const allowed = target !== null && choices.includes(target) && ["order_raised", ...CHAIN, "order_cancelled"].includes(target) && !same;
        expect(result.ok, `${current} → ${requested}`).toBe(allowed);
        if (!result.ok && same && choices.includes(target!)) expect(result.reason).toBe("unchanged");
      }
    }
  });

  it("never moves backwards, out of delivered or cancelled, or out of an unpaid order", () => {
    expect(checkTransition("order_shipped", "order_packed")).toEqual({ ok: false, reason: "not_allowed" });
    expect(checkTransition("order_delivered", "order_cancelled")).toEqual({ ok: false, reason: "not_allowed" });
    expect(checkTransition("order_cancelled", "order_raised")).toEqual({ ok: false, reason: "not_allowed" });
    expect(checkTransition("payment_pending", "order_raised")).toEqual({ ok: false, reason: "not_allowed" });
    expect(checkTransition("order_raised", "payment_pending")).toEqual({ ok: false, reason: "unknown" });
    expect(checkTransition("order_raised", "nonsense")).toEqual({ ok: false, reason: "unknown" });
  });
});
