import { describe, expect, it } from "vitest";
import { timelineSteps } from "./timeline.server";

const T = Date.UTC(2026, 7, 1, 3, 0);
const order = {
  status: "order_raised",
  paymentState: "advance_paid",
  paidAt: T,
  createdAt: T - 60_000,
  source: "shop",
  finalTotalPaise: null,
  advancePaise: 50_000,
  ceilingPaise: null,
  priceAnswer: null,
} as const;
const at = (hours: number) => T + hours * 3_600_000;
const weighed = { kind: "weight", to: "₹27,000", at: at(2) };
const view = (steps: ReturnType<typeof timelineSteps>) => steps.map((s) => `${s.key}:${s.state}${s.at === null ? "" : `@${(s.at - T) / 3_600_000}`}`);

describe("an order's steps, as its page shows them", () => {
  it("none before the advance is paid", () => {
    expect(timelineSteps({ ...order, status: "payment_pending", paymentState: "advance_due", paidAt: null }, [])).toEqual([]);
    expect(timelineSteps({ ...order, status: "payment_expired", paymentState: "advance_due", paidAt: null }, [])).toEqual([]);
  });

  it("paid: the advance done, the weighing next, the rest to come", () => {
    expect(view(timelineSteps(order, []))).toEqual(["advance:done@0", "weighed:next", "balance:later", "packed:later", "shipped:later", "delivered:later"]);
  });

  it("weighed with the balance asked for: the request's time, waiting for the payment", () => {
    const events = [weighed, { kind: "payment", to: "balance_requested", at: at(3) }];
    const steps = timelineSteps({ ...order, finalTotalPaise: 2_700_000, paymentState: "balance_requested" }, events);
    expect(view(steps)).toEqual(["advance:done@0", "weighed:done@2", "balanceRequested:next@3", "packed:later", "shipped:later", "delivered:later"]);
  });

  it("delivered with the cash collected at the door: every step done, in the order they happened", () => {
    const events = [
      weighed,
      { kind: "payment", to: "balance_on_delivery", at: at(3) },
      { kind: "status", to: "order_packed", at: at(4) },
      { kind: "status", to: "order_shipped", at: at(5) },
      { kind: "status", to: "order_delivered", at: at(7) },
    ];
    const steps = timelineSteps({ ...order, status: "order_delivered", paymentState: "balance_paid", finalTotalPaise: 2_700_000 }, events);
    expect(view(steps)).toEqual(["advance:done@0", "weighed:done@2", "balanceOnDelivery:done@3", "packed:done@4", "shipped:done@5", "delivered:done@7"]);
    const byLink = [weighed, { kind: "payment", to: "balance_requested", at: at(3) }, { kind: "payment", to: "balance_paid", at: at(3.5) }];
    expect(view(timelineSteps({ ...order, paymentState: "balance_paid", finalTotalPaise: 2_700_000 }, byLink))[2]).toBe("balancePaid:done@3.5");
  });

  it("a fish that came to less than the advance owes nothing from its weighing on", () => {
    const steps = timelineSteps({ ...order, finalTotalPaise: 40_000, paymentState: "balance_paid" }, [weighed]);
    expect(view(steps).slice(0, 4)).toEqual(["advance:done@0", "weighed:done@2", "nothingDue:done@2", "packed:next"]);
  });

  it("cancelled: what happened, then the cancellation, and nothing still to come", () => {
    const events = [weighed, { kind: "status", to: "order_cancelled", at: at(5) }];
    expect(view(timelineSteps({ ...order, status: "order_cancelled", finalTotalPaise: 2_700_000 }, events))).toEqual([
      "advance:done@0",
      "weighed:done@2",
      "cancelled:done@5",
    ]);
  });

  it("with a price limit: within it from the weighing, the answer awaited above it, the yes with its time", () => {
    const limited = { ...order, ceilingPaise: 3_000_000 };
    expect(view(timelineSteps(limited, [])).slice(1, 4)).toEqual(["weighed:next", "limit:later", "balance:later"]);
    expect(view(timelineSteps({ ...limited, finalTotalPaise: 2_700_000 }, [weighed])).slice(1, 4)).toEqual([
      "weighed:done@2",
      "withinLimit:done@2",
      "balance:next",
    ]);
    const above = { ...limited, finalTotalPaise: 3_300_000 };
    expect(view(timelineSteps({ ...above, priceAnswer: "awaiting" }, [weighed])).slice(1, 4)).toEqual([
      "weighed:done@2",
      "answerAwaited:next",
      "balance:later",
    ]);
    const yes = [weighed, { kind: "answer", to: "accepted", at: at(4) }];
    expect(view(timelineSteps({ ...above, priceAnswer: "accepted" }, yes)).slice(1, 4)).toEqual(["weighed:done@2", "accepted:done@4", "balance:next"]);
  });

  it("a lot won at auction is sold at the close, not weighed", () => {
    const lot = { ...order, source: "auction" as const, finalTotalPaise: 3_000_000 };
    expect(view(timelineSteps(lot, [])).slice(0, 3)).toEqual(["advance:done@0", "won:done@-0.016666666666666666", "balance:next"]);
  });
});
