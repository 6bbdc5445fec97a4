import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requestBalance } from "./balance.server";
import { changeOrderStatus, recordWeights } from "./changes.server";
import { reconcilePayments } from "~/payments/reconcile.server";
import { refundAmountStatement } from "~/payments/ledger.server";
import { ledgerSums } from "../../tests/setup/money";
import { setUpAdminWorld } from "../../tests/setup/admin";

const w = setUpAdminWorld();
const { deps, paidOrder, version, itemId } = w;

/** The migration that refunds what orders delivered with cash on delivery within their advance kept. */
async function runBackfill() {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("refund_kept_difference"));
  if (!migration) throw new Error("migration not found");
  for (const query of migration.queries) await env.DB.prepare(query).run();
}

/** A paid 1 kg order weighed at `grams` (₹25 a gram against the ₹500 advance). */
async function weighed(grams: number) {
  const order = await paidOrder(w.customer.id, 1);
  await recordWeights(deps, w.admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), grams]]) });
  return order;
}

/** What cash on delivery did before it was refused within the advance: marked paid, shipped, delivered, nothing refunded. */
async function deliveredByOldCashOnDelivery(grams: number) {
  const order = await weighed(grams);
  await env.DB.prepare("UPDATE orders SET payment_state = 'balance_paid', status = 'order_delivered', version = version + 1 WHERE id = ?").bind(order.id).run();
  return order;
}

describe("orders that kept the difference under the old cash on delivery", () => {
  it("are refunded the difference once, through the payments job; orders already settled are left alone", async () => {
    const kept = await deliveredByOldCashOnDelivery(19); // ₹475 against ₹500: ₹25 kept
    const claimed = await deliveredByOldCashOnDelivery(10); // ₹250: ₹250 kept, but a claim refunded ₹400 of the advance
    await refundAmountStatement(deps, { orderId: claimed.id, reason: "claim", key: "claim-x", amountPaise: 40_000, now: Date.now() });
    const exact = await deliveredByOldCashOnDelivery(20); // ₹500: nothing kept
    const settled = await weighed(10); // the balance request refunded its ₹250
    await requestBalance(deps, w.admin, { number: settled.number, version: await version(settled.number) });
    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, w.admin, { number: settled.number, version: await version(settled.number), to });
    const before = await ledgerSums(settled.id);

    await runBackfill();
    await runBackfill();
    await reconcilePayments(deps, Date.now() + 60 * 60_000);

    expect(await ledgerSums(kept.id)).toEqual({ captured: 50_000, cash: 0, refunded: 2_500, pending: 0 });
    expect(await ledgerSums(claimed.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(await ledgerSums(exact.id)).toEqual({ captured: 50_000, cash: 0, refunded: 0, pending: 0 });
    expect(await ledgerSums(settled.id)).toEqual(before);
    expect(before).toEqual({ captured: 50_000, cash: 0, refunded: 25_000, pending: 0 });
  });
});
