import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startAdvancePayment, verifyAdvanceCallback } from "~/payments/advance.server";
import { settlePayment } from "~/payments/settle.server";
import { SANDBOX_SECRETS } from "~/payments/sandbox-gateway.server";
import { sandboxDecide } from "~/payments/sandbox.server";
import { paymentSignature, webhookSignature } from "~/payments/signature";
import { handleRazorpayWebhook } from "~/payments/webhook.server";
import { releaseExpiredOrders } from "~/orders/stock.server";
import { RESERVATION_MS } from "~/orders/rules";
import { ledgerSums } from "../../tests/setup/money";

import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { all as q, one } from "../../tests/setup/sql";

const w = setUpCheckoutWorld();
const { deps, stock, newUser, webhook, captured, paidSetup } = w;

describe("paying the advance", () => {
  it("creates the gateway order for our amount (₹500) with our order number as receipt", async () => {
    const { order, started } = await paidSetup("amount@example.in");
    expect(started).toMatchObject({ gateway: "sandbox", amountPaise: 50000, currency: "INR" });
    expect(await one("SELECT amount_paise, status, provider FROM payments WHERE provider_ref = ?", started.gatewayOrderId)).toEqual({
      amount_paise: 50000,
      status: "created",
      provider: "sandbox",
    });
    // Reloading the pay page reuses the open attempt.
    expect((await startAdvancePayment(deps, order)).gatewayOrderId).toBe(started.gatewayOrderId);
  });

  it("callback + both webhooks + a retry, all at once: one paid order, one stock decrement, one receipt, cart cleared", async () => {
    const { userId, order, started } = await paidSetup("once@example.in", [{ productId: 1, quantity: 2 }]);
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 2, 1)").bind(userId).run();
    const paymentId = "pay_ONCE0000000001";
    const signature = await paymentSignature(SANDBOX_SECRETS.keySecret, started.gatewayOrderId, paymentId);
    const callback = async () => {
      const row = await verifyAdvanceCallback(deps, order, {
        razorpayOrderId: started.gatewayOrderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: signature,
      });
      expect(row).not.toBeNull();
      return settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId });
    };
    const results = await Promise.all([
      callback(),
      webhook("payment.captured", captured(started.gatewayOrderId, paymentId)),
      webhook("order.paid", { ...captured(started.gatewayOrderId, paymentId), order: { entity: { id: started.gatewayOrderId, amount: 50000 } } }),
      callback(),
      webhook("payment.captured", captured(started.gatewayOrderId, paymentId), "evt_same"),
      webhook("payment.captured", captured(started.gatewayOrderId, paymentId), "evt_same"),
    ]);
    expect(results[0].kind === "paid" || results[3].kind === "paid" || results[0].kind === "already").toBe(true);
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised", payment_state: "advance_paid" });
    expect(await stock()).toBe(1);
    expect(await q("SELECT id FROM notifications WHERE user_id = ? AND type = 'order_placed'", userId)).toHaveLength(1);
    expect(await q("SELECT id FROM mail_outbox WHERE subject LIKE 'Order placed%'")).toHaveLength(1);
    // Only the ordered product left the cart.
    expect(await q("SELECT product_id FROM cart_items WHERE user_id = ?", userId)).toEqual([{ product_id: 2 }]);
    expect(await q("SELECT status FROM payments WHERE order_id = ?", order.id)).toEqual([{ status: "paid" }]);
  });

  it("a replayed payment changes nothing", async () => {
    const { order, started } = await paidSetup("replay@example.in");
    expect((await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: "pay_REPLAY00000001" })).kind).toBe("paid");
    const again = await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: "pay_REPLAY00000001" });
    expect(again.kind).toBe("already");
    expect(await one<{ version: number }>("SELECT version FROM orders WHERE id = ?", order.id)).toEqual({ version: 2 });
    expect(await q("SELECT id FROM notifications WHERE type = 'order_placed'")).toHaveLength(1);
  });

  it("refuses another order's signature, a signature for another gateway order id, and a forged one", async () => {
    const a = await paidSetup("sig-a@example.in");
    const b = await paidSetup("sig-b@example.in");
    const paymentId = "pay_SIG000000000001";
    const signatureForB = await paymentSignature(SANDBOX_SECRETS.keySecret, b.started.gatewayOrderId, paymentId);
    // B's valid signature presented on A's callback, with either gateway order id.
    expect(
      await verifyAdvanceCallback(deps, a.order, { razorpayOrderId: b.started.gatewayOrderId, razorpayPaymentId: paymentId, razorpaySignature: signatureForB }),
    ).toBeNull();
    expect(
      await verifyAdvanceCallback(deps, a.order, { razorpayOrderId: a.started.gatewayOrderId, razorpayPaymentId: paymentId, razorpaySignature: signatureForB }),
    ).toBeNull();
    expect(
      await verifyAdvanceCallback(deps, a.order, {
        razorpayOrderId: a.started.gatewayOrderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: "0".repeat(64),
      }),
    ).toBeNull();
    const wrongSecret = await paymentSignature("not-the-secret", a.started.gatewayOrderId, paymentId);
    expect(
      await verifyAdvanceCallback(deps, a.order, { razorpayOrderId: a.started.gatewayOrderId, razorpayPaymentId: paymentId, razorpaySignature: wrongSecret }),
    ).toBeNull();
    expect(await q("SELECT status FROM orders WHERE id IN (?, ?)", a.order.id, b.order.id)).toEqual([
      { status: "payment_pending" },
      { status: "payment_pending" },
    ]);
  });

  it("ignores webhooks with a bad signature, another amount or another currency", async () => {
    const { order, started } = await paidSetup("hook@example.in");
    const forged = await webhook("payment.captured", captured(started.gatewayOrderId, "pay_FORGED00000001"), "evt_forged", "wrong-secret");
    expect(forged.status).toBe(401);
    const body = JSON.stringify({ event: "payment.captured", payload: captured(started.gatewayOrderId, "pay_X") });
    expect((await handleRazorpayWebhook(deps, body, null, "evt_nosig")).status).toBe(401);
    expect((await handleRazorpayWebhook(deps, body + " ", await webhookSignature(SANDBOX_SECRETS.webhookSecret, body), "evt_changed")).status).toBe(401);
    expect((await webhook("payment.captured", captured(started.gatewayOrderId, "pay_CHEAP000000001", 100))).status).toBe(200);
    expect((await webhook("payment.captured", captured(started.gatewayOrderId, "pay_USD0000000001", 50000, "USD"))).status).toBe(200);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    expect(await one("SELECT status, payment_id FROM payments WHERE order_id = ?", order.id)).toEqual({ status: "created", payment_id: null });
    expect(await q("SELECT id FROM webhook_events WHERE id IN ('evt_forged', 'evt_nosig', 'evt_changed')")).toHaveLength(0);
  });

  it("accepts events in any order: a failure reported after the capture does not undo it", async () => {
    const { order, started } = await paidSetup("order@example.in");
    await webhook("payment.captured", captured(started.gatewayOrderId, "pay_FIRST00000001"));
    await webhook("payment.failed", {
      payment: { entity: { id: "pay_OTHER00000001", order_id: started.gatewayOrderId, amount: 50000, currency: "INR", status: "failed" } },
    });
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
    expect(await one("SELECT status FROM payments WHERE order_id = ?", order.id)).toEqual({ status: "paid" });
  });

  /** The shopper presses Pay on the sandbox's page: the gateway captures, but nothing reaches the store yet. */
  async function captureAtGateway(gatewayOrderId: string) {
    await sandboxDecide(deps, gatewayOrderId, "pay");
    return (await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY created_at DESC LIMIT 1", gatewayOrderId))
      .id;
  }

  it("an advance paid after the hold ran out is refunded in full, once, and the shopper and the admin told", async () => {
    const { userId, order, started } = await paidSetup("late-payer@example.in");
    const adminId = await newUser("late-admin@example.in");
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").bind(adminId).run();
    await releaseExpiredOrders(deps, w.now + RESERVATION_MS);
    expect(await stock()).toBe(3);
    const paymentId = await captureAtGateway(started.gatewayOrderId);
    const outcomes = await Promise.all([
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, w.now + RESERVATION_MS + 1),
      webhook("payment.captured", captured(started.gatewayOrderId, paymentId)),
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, w.now + RESERVATION_MS + 1),
    ]);
    expect(outcomes.some((o) => "kind" in o && o.kind === "refunded")).toBe(true);
    expect(await stock()).toBe(3);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50000, cash: 0, refunded: 50000, pending: 0 });
    expect(await q("SELECT id FROM sandbox_records WHERE kind = 'refund' AND parent = ?", paymentId)).toHaveLength(1);
    expect(await q("SELECT id FROM notifications WHERE user_id = ? AND type = 'refund'", userId)).toHaveLength(1);
    expect(await q("SELECT id FROM notifications WHERE user_id = ? AND type = 'refund'", adminId)).toHaveLength(1);
  });

  it("a second capture on a paid order (two tabs, one gateway order or two) is refunded, the first kept", async () => {
    const { order, started } = await paidSetup("twotabs@example.in");
    const first = await captureAtGateway(started.gatewayOrderId);
    const second = await captureAtGateway(started.gatewayOrderId);
    expect((await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: first })).kind).toBe("paid");
    expect(await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: second })).toMatchObject({ kind: "refunded" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 100000, cash: 0, refunded: 50000, pending: 0 });
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
    expect(await stock()).toBe(2);
  });
});
