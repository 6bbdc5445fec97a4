import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { collectOnDelivery, requestBalance } from "./balance.server";
import { getAdminOrder } from "~/admin/order-list.server";
import { changeOrderStatus, recordWeights, StaleOrderError } from "./changes.server";
import { updateProduct } from "~/catalog/admin.server";
import { settlePayment } from "~/payments/settle.server";
import { ledgerSums } from "../../tests/setup/money";
import { one } from "../../tests/setup/sql";

import { setUpAdminWorld } from "../../tests/setup/admin";

const w = setUpAdminWorld();
const { deps, paidOrder, version, itemId, stock, slotBooked } = w;

describe("status changes", () => {
  it("two admin tabs changing the same order at once: one wins, the other is told to reload", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id);
    const v = await version(order.number);
    const results = await Promise.allSettled([
      changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_confirmed" }),
      changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: "No catch today" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(StaleOrderError);
    expect(refused.reason.message).toBe("This order was updated by someone else. Reload to see the latest.");
    expect((await one("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND kind = 'status'", order.id)).n).toBe(1);
  });

  it("refuses backward moves, no-ops, unknown values and moves past the money, changing nothing", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id);
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_confirmed" });
    const before = await one("SELECT status, version FROM orders WHERE id = ?", order.id);
    for (const [to, message] of [
      ["order_raised", /only move forward/],
      ["order_confirmed", /already Confirmed/],
      ["shipped", /Unknown status/],
      ["order_packed", /weight of every line/],
    ] as const) {
      await expect(changeOrderStatus(deps, admin, { number: order.number, version: before.version, to })).rejects.toThrow(message);
    }
    expect(await one("SELECT status, version FROM orders WHERE id = ?", order.id)).toEqual(before);
  });

  it("weighs, requests the balance, takes the balance once under duplicate webhooks, and delivers", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 2);
    const weights = new Map([[await itemId(order.id), 2150]]);
    expect(await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights })).toEqual({
      final: "₹53,750",
      balance: "₹53,250",
    });
    expect(await one("SELECT final_total_paise, payment_state FROM orders WHERE id = ?", order.id)).toEqual({
      final_total_paise: 5_375_000,
      payment_state: "advance_paid",
    });
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_packed" });
    await expect(changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_shipped" })).rejects.toThrow(
      /balance must be paid/,
    );

    await requestBalance(deps, admin, { number: order.number, version: await version(order.number) });
    const link = await one<{ provider_ref: string; amount_paise: number; link_url: string }>(
      "SELECT provider_ref, amount_paise, link_url FROM payments WHERE order_id = ? AND kind = 'balance'",
      order.id,
    );
    expect(link.amount_paise).toBe(5_325_000);
    expect(link.link_url).toContain("/sandbox/link/");
    // The bell leads to the order and its 'Pay balance' button; only the plain-text e-mail writes the link out.
    const notice = await one<{ message: string; order_number: string }>(
      "SELECT message, order_number FROM notifications WHERE user_id = ? AND type = 'balance_requested'",
      customer.id,
    );
    expect(notice.order_number).toBe(order.number);
    expect(notice.message).not.toContain("http");
    const mail = await one<{ body: string }>("SELECT body FROM mail_outbox WHERE subject LIKE ? ORDER BY id DESC LIMIT 1", `Balance due: ${order.number}%`);
    expect(mail.body).toContain(`Pay it here: ${link.link_url}`);
    // A second request (another tab) changes nothing.
    await expect(requestBalance(deps, admin, { number: order.number, version: await version(order.number) })).rejects.toThrow(/once/);

    const paid = await Promise.all(
      [1, 2, 3].map(() => settlePayment(deps, { attemptRef: link.provider_ref, paymentId: "pay_BALANCE000001", amountPaise: 5_325_000, currency: "INR" })),
    );
    expect(paid.filter((p) => p.kind === "paid")).toHaveLength(1);
    expect((await one("SELECT COUNT(*) AS n FROM notifications WHERE order_id = ? AND type = 'balance_paid'", order.id)).n).toBe(1);

    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to });
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_delivered", payment_state: "balance_paid" });
    const types = (await env.DB.prepare("SELECT type FROM notifications WHERE order_id = ? ORDER BY id").bind(order.id).all<{ type: string }>()).results.map(
      (r) => r.type,
    );
    expect(types).toEqual([
      "order_placed",
      "order_weighed",
      "order_status_update",
      "balance_requested",
      "balance_paid",
      "order_status_update",
      "order_status_update",
    ]);
  });

  it("a balance link the gateway fails to make gives the request back: nothing recorded, and the next press sends it", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 1100]]) });
    const down = { ...deps, gateway: { ...deps.gateway!, createPaymentLink: () => Promise.reject(new Error("503 from the gateway")) } };
    await expect(requestBalance(down, admin, { number: order.number, version: await version(order.number) })).rejects.toThrow(
      "The payment gateway did not answer. Please try again.",
    );
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "advance_paid" });
    expect(await one("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND kind = 'balance'", order.id)).toEqual({ n: 0 });
    await requestBalance(deps, admin, { number: order.number, version: await version(order.number) });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_requested" });
  });

  it("shows the balance as an estimate until the fish is weighed, then what the final price still lacks", async () => {
    const order = await paidOrder(w.customer.id, 1);
    const before = await getAdminOrder(deps, order.number);
    expect(before.due).toEqual({ kind: "estimate", paise: 2_450_000 });
    expect(before.moneyRows.at(-1)).toEqual({ label: "Balance due", value: "about ₹24,500 (not weighed yet)", strong: true });
    await recordWeights(deps, w.admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 1000]]) });
    expect((await getAdminOrder(deps, order.number)).due).toEqual({ kind: "due", paise: 2_450_000 });
  });

  it("refunds the difference when the fish comes in below the advance", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 10]]) });
    await requestBalance(deps, admin, { number: order.number, version: await version(order.number) });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 25_000, pending: 0 });
  });

  it("refuses cash on delivery when the final price is within the advance, which then refunds the difference instead of keeping it", async () => {
    const { admin, customer } = w;
    // ₹25,000 a kg: 10 g comes to ₹250 and 20 g to ₹500, against the ₹500 advance.
    for (const grams of [10, 20]) {
      const order = await paidOrder(customer.id, 1);
      await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), grams]]) });
      const before = await one("SELECT payment_state, version FROM orders WHERE id = ?", order.id);
      await expect(collectOnDelivery(deps, admin, { number: order.number, version: before.version })).rejects.toThrow(
        "Nothing is left to collect on delivery: the final price is within the advance. Settle the balance instead.",
      );
      expect(await one("SELECT payment_state, version FROM orders WHERE id = ?", order.id)).toEqual(before);
      await requestBalance(deps, admin, { number: order.number, version: before.version });
      for (const to of ["order_shipped", "order_delivered"])
        await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to });
      expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000 - grams * 2_500, pending: 0 });
    }
  });

  it("collects the balance on delivery: the order may ship, and the cash is recorded once when delivered", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 1000]]) });
    await collectOnDelivery(deps, admin, { number: order.number, version: await version(order.number) });
    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await one("SELECT COUNT(*) AS n, SUM(amount_paise) AS paise FROM ledger WHERE order_id = ? AND kind = 'cash'", order.id)).toEqual({
      n: 1,
      paise: 2_450_000,
    });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 2_450_000, refunded: 0, pending: 0 });
  });

  it("cancelling a paid order refunds the advance in full and gives the catch and the slot back, exactly once", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 3);
    const before = await stock(order.productId);
    const bookedBefore = await slotBooked();
    const v = await version(order.number);
    await expect(changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: " " })).rejects.toThrow(/reason/);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: "No catch today" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stock(order.productId)).toBe(before + 3);
    expect(await slotBooked()).toBe(bookedBefore - 1);
    expect(await one("SELECT status, cancel_reason, stock_held FROM orders WHERE id = ?", order.id)).toEqual({
      status: "order_cancelled",
      cancel_reason: "No catch today",
      stock_held: 0,
    });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    const note = await one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = 'order_status_update'", order.id);
    expect(note.message).toContain("Reason: No catch today");
    expect(note.message).toContain("Refunded: ₹500");
  });

  it("a refund the gateway refuses is told to the customer as on its way, never as made, after a cancel or a difference", async () => {
    const { admin, customer } = w;
    const cancelled = await paidOrder(customer.id, 1);
    const below = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: below.number, version: await version(below.number), weights: new Map([[await itemId(below.id), 10]]) });
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail')").run();
    try {
      await changeOrderStatus(deps, admin, {
        number: cancelled.number,
        version: await version(cancelled.number),
        to: "order_cancelled",
        reason: "No catch today",
      });
      expect((await requestBalance(deps, admin, { number: below.number, version: await version(below.number) })).message).toBe(
        "The final price is below the advance: a refund of ₹250 is pending with the gateway and will be retried.",
      );
    } finally {
      await env.DB.prepare("DELETE FROM sandbox_settings").run();
    }
    expect(await ledgerSums(cancelled.id)).toMatchObject({ refunded: 50_000, pending: 50_000 });
    const notice = (orderId: number, type: string) =>
      one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = ?", orderId, type);
    const cancel = (await notice(cancelled.id, "order_status_update")).message;
    expect(cancel).toContain(`A refund of ₹500 for order ${cancelled.number} is on its way.`);
    expect(cancel).not.toContain("Refunded");
    expect((await notice(below.id, "refund")).message).toContain(
      `Your fish came in below the ₹500 advance: a refund of ₹250 for order ${below.number} is on its way.`,
    );
  });

  it("a price changed after an order leaves the order's price, its estimate and its weighed final price as they were", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 2);
    const fish = { slug: "fresh", name: "Fresh Pulasa Fish", description: "Whole Godavari Pulasa.", category: "Fresh Fish", unit: "kg" as const };
    const form = { ...fish, minQty: 1, maxQty: 50, image: "fresh-pulasa" as const, sortOrder: 0 };
    await updateProduct(deps, order.productId, { ...form, price: 3_000_000 });
    try {
      expect(await one("SELECT price_paise FROM order_items WHERE order_id = ?", order.id)).toEqual({ price_paise: 2_500_000 });
      expect(await one("SELECT estimated_total_paise FROM orders WHERE id = ?", order.id)).toEqual({ estimated_total_paise: 5_000_000 });
      const weights = new Map([[await itemId(order.id), 2150]]);
      expect(await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights })).toEqual({
        final: "₹53,750",
        balance: "₹53,250",
      });
    } finally {
      await updateProduct(deps, order.productId, { ...form, price: 2_500_000 });
    }
  });
});
