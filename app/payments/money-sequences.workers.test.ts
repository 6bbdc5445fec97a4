import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { changeOrderStatus } from "~/orders/changes.server";
import { createShopOrder } from "~/orders/orders.server";
import { ledgerSums, payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { startAdvancePayment } from "./advance.server";
import { settlePayment } from "./settle.server";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";
import { sandboxDecide, sendSandboxWebhook } from "./sandbox.server";

const w = setUpMoneyWorld();
const { deps, shipping, one, all, version } = w;

/** A payment the gateway captured on a link although the store closed it (the gateway's cancel never arrived, say). */
async function capturedAnyway(linkId: string, amount: number, paymentId = `pay_ANYWAY${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`) {
  await env.DB.prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES (?, 'payment', ?, ?, 'captured')")
    .bind(paymentId, linkId, amount)
    .run();
  await sendSandboxWebhook(deps, "payment_link.paid", {
    payment_link: { entity: { id: linkId, amount, status: "paid" } },
    payment: { entity: { id: paymentId, entity: "payment", order_id: null, amount, currency: "INR", status: "captured" } },
  });
  return paymentId;
}

const linkOf = (orderId: number) =>
  one<{ provider_ref: string; amount_paise: number; status: string }>(
    "SELECT provider_ref, amount_paise, status FROM payments WHERE order_id = ? AND kind = 'balance' ORDER BY id DESC",
    orderId,
  );

describe("sequences that used to keep money the store was not owed", () => {
  it("cancel after a balance link: the old link takes nothing, and a payment that arrives anyway is refunded", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200); // ₹30,000: balance ₹29,500
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "The catch was spoilt" });
    const link = await linkOf(order.id);
    expect(link.status).toBe("cancelled");
    expect(await payBalanceLink(deps, order.id)).toEqual({ ok: false, status: "cancelled" });
    await capturedAnyway(link.provider_ref, link.amount_paise);
    expect(await ledgerSums(order.id)).toEqual({ captured: 3_000_000, cash: 0, refunded: 3_000_000, pending: 0 });
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({
      status: "order_cancelled",
      payment_state: "balance_requested",
    });
  });

  it("cash on delivery after a balance link: the old link takes nothing, and the balance is kept once", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    await collectOnDelivery(deps, w.admin, { number: order.number, version: await version(order.id) });
    expect(await payBalanceLink(deps, order.id)).toEqual({ ok: false, status: "cancelled" });
    const link = await linkOf(order.id);
    await capturedAnyway(link.provider_ref, link.amount_paise);
    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to });
    const sums = await ledgerSums(order.id);
    expect(sums).toEqual({ captured: 50_000 + 2_950_000, cash: 2_950_000, refunded: 2_950_000, pending: 0 });
    expect(sums.captured + sums.cash - sums.refunded).toBe(3_000_000);
  });

  it("a difference refund then a cancel refunds what was paid, never more", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 10); // ₹250: ₹250 back
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 25_000, pending: 0 });
    await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Customer asked" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(
      (
        await one(
          "SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_records WHERE kind = 'refund' AND parent = (SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture')",
          order.id,
        )
      ).n,
    ).toBe(50_000);
  });

  it("one gateway payment id settles one order, once", async () => {
    const a = await createShopOrder(deps, {
      user: await w.customer(),
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping,
      delivery: await w.delivery(Date.now()),
      now: Date.now(),
    });
    const b = await createShopOrder(deps, {
      user: await w.customer(),
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping,
      delivery: await w.delivery(Date.now()),
      now: Date.now(),
    });
    const [ga, gb] = [await startAdvancePayment(deps, a), await startAdvancePayment(deps, b)];
    const outcomes = await Promise.all([
      settlePayment(deps, { attemptRef: ga.gatewayOrderId, paymentId: "pay_SHARED000001" }),
      settlePayment(deps, { attemptRef: gb.gatewayOrderId, paymentId: "pay_SHARED000001" }),
    ]);
    expect(outcomes.filter((o) => o.kind === "paid")).toHaveLength(1);
    expect(await all("SELECT order_id FROM ledger WHERE ref = 'pay_SHARED000001'")).toHaveLength(1);
    const statuses = (await all<{ status: string }>("SELECT status FROM orders WHERE id IN (?, ?) ORDER BY status", a.id, b.id)).map((r) => r.status);
    expect(statuses).toEqual(["order_raised", "payment_pending"]);
  });

  it("a second capture on a paid link is recorded and refunded, not dropped", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    expect((await payBalanceLink(deps, order.id))?.ok).toBe(true);
    const link = await linkOf(order.id);
    await capturedAnyway(link.provider_ref, link.amount_paise);
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000 + 2 * 2_950_000, cash: 0, refunded: 2_950_000, pending: 0 });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
  });

  it("a cancel racing the link's payment: whichever lands first, the cancelled order keeps nothing", async () => {
    for (let round = 0; round < 4; round++) {
      const { order } = await w.paidOrder(1);
      await w.weigh(order, 1500);
      await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
      const link = await linkOf(order.id);
      const pay = async () => {
        await env.DB.prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES (?, 'payment', ?, ?, 'captured')")
          .bind(`pay_RACE${round}AAAAAAAA`, link.provider_ref, link.amount_paise)
          .run();
        return settlePayment(deps, { attemptRef: link.provider_ref, paymentId: `pay_RACE${round}AAAAAAAA`, amountPaise: link.amount_paise });
      };
      const v = await version(order.id);
      const cancel = () =>
        changeOrderStatus(deps, w.admin, { number: order.number, version: v, to: "order_cancelled", reason: "Out of fish" }).catch(() => null);
      await Promise.all(round % 2 ? [pay(), cancel()] : [cancel(), pay()]);
      const status = (await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", order.id)).status;
      if (status !== "order_cancelled")
        await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Out of fish" });
      const sums = await ledgerSums(order.id);
      expect(sums.captured - sums.refunded).toBe(0);
    }
  });
});

describe("reconciliation (the scheduled job asks the gateway)", () => {
  /** An order whose advance the gateway took with its return and every webhook lost: only its statement tells. */
  async function paidWithEveryMessageLost() {
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('webhooks', 'drop'), ('callbacks', 'drop')").run();
    const order = await createShopOrder(deps, {
      user: await w.customer(),
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping,
      delivery: await w.delivery(Date.now()),
      now: Date.now(),
    });
    const outcome = (await sandboxDecide(deps, (await startAdvancePayment(deps, order)).gatewayOrderId, "pay"))!;
    expect(outcome.callback).toBe("/orders");
    await outcome.webhooks();
    return order;
  }

  it("finds a payment whose browser return and webhooks were all lost, and places the order", async () => {
    const order = await paidWithEveryMessageLost();
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    await reconcilePayments(deps, Date.now()); // too early: a return may still be on its way
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 0, pending: 0 });
  });

  it("each run settles what is new, without a query for every payment the statement repeats", async () => {
    const paid = [];
    for (let i = 0; i < 12; i++) paid.push((await w.paidOrder(1)).order);
    const lost = await paidWithEveryMessageLost();
    const later = Date.now() + RECONCILE_AFTER_MS + 1000;
    expect((await reconcilePayments(deps, later)).payments).toBe(1);
    // The next run lists the same 13 captures again. Each used to be settled again one by one, at least two
    // queries apiece; now the ledger is asked about all of them at once.
    const prepare = vi.spyOn(env.DB, "prepare");
    try {
      expect((await reconcilePayments(deps, later + 60_000)).payments).toBe(0);
      expect(prepare.mock.calls.length).toBeLessThan(paid.length);
    } finally {
      prepare.mockRestore();
    }
    expect(await one("SELECT status FROM orders WHERE id = ?", lost.id)).toEqual({ status: "order_raised" });
    for (const order of paid) expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 0, pending: 0 });
  });

  const HOUR = 60 * 60_000;
  const advanceRef = (orderId: number) => one<{ provider_ref: string }>("SELECT provider_ref FROM payments WHERE order_id = ? AND kind = 'advance'", orderId);
  /** A payment in the gateway's books only (its return and webhooks lost), made at `at` by the gateway's clock. */
  const gatewayPayment = (gatewayOrderId: string, status: string, at: number, amount = 50_000) =>
    env.DB.prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, created_at) VALUES (?, 'payment', ?, ?, ?, ?) RETURNING id")
      .bind(`pay_LATE${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`, gatewayOrderId, amount, status, at)
      .first<{ id: string }>();

  it("a second capture on a checkout paid days ago (a tab left open), with every message lost, is found and refunded", async () => {
    const { order } = await w.paidOrder(1);
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000);
    const later = Date.now() + 3 * 24 * HOUR;
    const second = await gatewayPayment((await advanceRef(order.id)).provider_ref, "captured", later);
    await reconcilePayments(deps, later + RECONCILE_AFTER_MS + 1000);
    expect(await ledgerSums(order.id)).toEqual({ captured: 100_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(await all("SELECT ref FROM ledger WHERE kind = 'refund' AND payment_ref = ?", second!.id)).toHaveLength(1);
  });

  it("a payment still authorising holds the statement's place: captured hours later, it is still found", async () => {
    const t0 = Date.now();
    const slow = await createShopOrder(deps, {
      user: await w.customer(),
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping,
      delivery: await w.delivery(t0),
      now: t0,
    });
    const slowRef = (await startAdvancePayment(deps, slow)).gatewayOrderId;
    const pending = await gatewayPayment(slowRef, "authorized", t0);
    const { order: quick } = await w.paidOrder(1);
    await gatewayPayment((await advanceRef(quick.id)).provider_ref, "failed", t0 + HOUR);
    await reconcilePayments(deps, t0 + 2 * HOUR);
    expect(await one("SELECT status FROM orders WHERE id = ?", slow.id)).toEqual({ status: "payment_pending" });
    await env.DB.prepare("UPDATE sandbox_records SET status = 'captured' WHERE id = ?").bind(pending!.id).run();
    await reconcilePayments(deps, t0 + 3 * HOUR);
    expect(await one("SELECT status FROM orders WHERE id = ?", slow.id)).toEqual({ status: "order_raised" });
  });

  it("a refund the gateway fails is kept pending (never shown as done) and retried until it is made", async () => {
    const { order } = await w.paidOrder(1);
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail')").run();
    await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Customer asked" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 50_000 });
    await reconcilePayments(deps);
    expect((await ledgerSums(order.id)).pending).toBe(50_000);
    await env.DB.prepare("DELETE FROM sandbox_settings").run();
    await Promise.all([reconcilePayments(deps), reconcilePayments(deps)]);
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(
      await all("SELECT id FROM sandbox_records WHERE kind = 'refund' AND parent = (SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture')", order.id),
    ).toHaveLength(1);
  });
});
