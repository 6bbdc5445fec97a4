import type { SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderIs } from "~/db/guards.server";
import { ORDER_STATUS } from "~/orders/status";
import { payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { requestBalance } from "~/orders/balance.server";
import { refundablePaise, refundAmountStatement } from "./ledger.server";

const w = setUpMoneyWorld();
const { deps, one, all, version } = w;

/** An order with two captures: the ₹500 advance and a ₹29,500 balance paid by link. */
async function twoCaptures() {
  const { order } = await w.paidOrder(1);
  await w.weigh(order, 1200);
  await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
  await payBalanceLink(deps, order.id);
  return order;
}

const refund = (orderId: number, key: string, amountPaise: number, guard?: SQL) =>
  refundAmountStatement(deps, { orderId, reason: "claim", key, amountPaise, now: Date.now(), guard });

const rows = (orderId: number) =>
  all<{ ref: string; amount_paise: number; payment_ref: string }>(
    "SELECT ref, amount_paise, payment_ref FROM ledger WHERE order_id = ? AND kind = 'refund' ORDER BY id",
    orderId,
  );

describe("a refund of an exact amount across an order's captures", () => {
  it("takes the oldest capture first, then the next, and only while they have that much left together", async () => {
    const order = await twoCaptures();
    const [advance, balance] = await all<{ ref: string }>("SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture' ORDER BY id", order.id);
    await refund(order.id, "claim-a", 80_000);
    expect(await rows(order.id)).toEqual([
      { ref: `claim-a:${advance.ref}`, amount_paise: 50_000, payment_ref: advance.ref },
      { ref: `claim-a:${balance.ref}`, amount_paise: 30_000, payment_ref: balance.ref },
    ]);
    expect(await refundablePaise(deps, order.id)).toBe(2_920_000);
    await refund(order.id, "claim-b", 2_920_001);
    expect(await rows(order.id)).toHaveLength(2);
    await refund(order.id, "claim-b", 2_920_000);
    expect(await refundablePaise(deps, order.id)).toBe(0);
    await refund(order.id, "claim-c", 1);
    expect(await rows(order.id)).toHaveLength(3);
  });

  it("at once, refunds that together exceed the captures: only those that fit are written", async () => {
    const order = await twoCaptures();
    await Promise.all(["x", "y", "z"].map((key) => refund(order.id, `claim-${key}`, 1_200_000)));
    const refunds = await rows(order.id);
    expect(refunds.reduce((total, r) => total + r.amount_paise, 0)).toBe(2_400_000);
    expect(new Set(refunds.map((r) => r.ref.split(":")[0])).size).toBe(2);
    expect(await refundablePaise(deps, order.id)).toBe(600_000);
  });

  it("a replay of the same key, or a guard that does not hold, writes nothing", async () => {
    const order = await twoCaptures();
    await refund(order.id, "claim-r", 10_000);
    await refund(order.id, "claim-r", 10_000);
    await refund(order.id, "claim-g", 10_000, orderIs(order.id, { status: ORDER_STATUS.order_cancelled }));
    expect(await rows(order.id)).toHaveLength(1);
    expect((await one("SELECT sum(amount_paise) AS n FROM ledger WHERE order_id = ? AND kind = 'refund'", order.id)).n).toBe(10_000);
  });
});
