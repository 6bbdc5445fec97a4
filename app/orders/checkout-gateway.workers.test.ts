import { onPrimary } from "~/deps.server";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { InvalidInputError } from "~/lib/errors";
import { startAdvancePayment } from "~/payments/advance.server";
import { sandboxDecide, sendSandboxWebhook } from "~/payments/sandbox.server";
import { loadContext } from "../../tests/setup/load-context";
import { createShopOrder, OutOfStockError } from "./orders.server";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as callbackLoader } from "~/routes/orders.$number.callback";

import { flashOf } from "../../tests/setup/as-user";
import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { te } from "~/i18n/te/messages";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { all as q, one } from "../../tests/setup/sql";

const db = getDb(env);
const w = setUpCheckoutWorld();
const { deps, shipping, stock, newUser, paidSetup } = w;

describe("through the sandbox and the callback route", () => {
  async function callback(number: string, query: string) {
    const request = new Request(`https://store.test/orders/${number}/callback?${query}`);
    return callbackLoader({ request, context: await loadContext(request), params: { number } });
  }

  it("Pay: the callback and the sandbox's webhooks together raise the order once and land on its page", async () => {
    const { userId, order, started } = await paidSetup("sandbox-pay@example.in");
    const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "pay"))!;
    const query = outcome.callback.split("?")[1];
    const [res] = await Promise.all([callback(order.number, query), outcome.webhooks(), callback(order.number, query)]);
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/orders/${order.number}`);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
    expect(await q("SELECT id FROM notifications WHERE user_id = ? AND type = 'order_placed'", userId)).toHaveLength(1);
    expect(await stock()).toBe(2);
  });

  it("answers a Telugu account in Telugu: its order's page under /te with the Telugu toast", async () => {
    const { userId, order, started } = await paidSetup("sandbox-te@example.in");
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(userId).run();
    const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "pay"))!;
    const res = await callback(order.number, outcome.callback.split("?")[1]);
    expect(res.headers.get("Location")).toBe(`/te/orders/${order.number}`);
    expect((await flashOf(res))?.text).toBe(te.shop.checkout.success);
  });

  it("Fail: back to checkout, the order still pending and the cart intact; a tampered query fails the same way", async () => {
    const { userId, order, started } = await paidSetup("sandbox-fail@example.in");
    const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "fail"))!;
    await outcome.webhooks();
    const res = await callback(order.number, outcome.callback.split("?")[1]);
    expect(res.headers.get("Location")).toBe("/checkout");
    const forged = new URLSearchParams({
      razorpay_order_id: started.gatewayOrderId,
      razorpay_payment_id: "pay_FORGED0000001",
      razorpay_signature: "a".repeat(64),
    });
    expect((await callback(order.number, forged.toString())).headers.get("Location")).toBe("/checkout");
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    expect(await q("SELECT product_id FROM cart_items WHERE user_id = ?", userId)).toEqual([{ product_id: 1 }]);
  });

  it("checking out again with the same lines resumes the earlier unpaid order (its hold, its gateway order)", async () => {
    const { userId, order, started } = await paidSetup("again@example.in", [{ productId: 1, quantity: 3 }]);
    expect(await stock()).toBe(0);
    const second = await createShopOrder(deps, {
      user: { id: userId },
      lines: [{ productId: 1, quantity: 3 }],
      shipping: { ...shipping, city: "Kovvur" },
      delivery: w.delivery,
      now: w.now,
    });
    expect(second).toMatchObject({ id: order.id, resumed: true, replaced: [], status: "payment_pending", city: "Kovvur" });
    expect((await startAdvancePayment(deps, second)).gatewayOrderId).toBe(started.gatewayOrderId);
    expect(await stock()).toBe(0);
  });

  it("other lines replace the earlier unpaid order (named, so the shopper is told); its hold cannot starve the new one", async () => {
    const { userId, order } = await paidSetup("replace@example.in", [{ productId: 1, quantity: 3 }]);
    const second = await createShopOrder(deps, { user: { id: userId }, lines: [{ productId: 1, quantity: 2 }], shipping, delivery: w.delivery, now: w.now });
    expect(second).toMatchObject({ resumed: false, replaced: [order.number], status: "payment_pending" });
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired" });
    expect(await stock()).toBe(1);
  });

  it("a refused checkout (quantity −3, an unknown product, not enough stock) leaves the earlier unpaid order and its hold alone", async () => {
    const { userId, order } = await paidSetup("refused@example.in", [{ productId: 1, quantity: 2 }]);
    for (const lines of [[{ productId: 1, quantity: -3 }], [{ productId: 999, quantity: 1 }]]) {
      await expect(createShopOrder(deps, { user: { id: userId }, lines, shipping, delivery: w.delivery, now: w.now })).rejects.toBeInstanceOf(
        InvalidInputError,
      );
    }
    // Enough fish only once the earlier hold is released, but not enough curry: nothing is released either.
    const short = [
      { productId: 1, quantity: 3 },
      { productId: 2, quantity: 31 },
    ];
    await expect(createShopOrder(deps, { user: { id: userId }, lines: short, shipping, delivery: w.delivery, now: w.now })).rejects.toBeInstanceOf(
      OutOfStockError,
    );
    expect(await q("SELECT id FROM orders WHERE user_id = ?", userId)).toHaveLength(1);
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending", stock_held: 1 });
    expect(await stock()).toBe(1);
  });

  it("the sandbox does not exist in production", async () => {
    const request = new Request("https://store.test/sandbox/checkout/order_X");
    const context = await loadContext(request, { ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(40) });
    expect(context.deps.gateway).toBeNull();
    await expect(sendSandboxWebhook(onPrimary(context.deps), "payment.failed", {})).rejects.toThrow();
  });
});

describe("one press from checkout to the gateway", () => {
  const KEYS = { RAZORPAY_KEY_ID: "rzp_test_KEY123", RAZORPAY_KEY_SECRET: "secret-abc", RAZORPAY_WEBHOOK_SECRET: "hook-xyz" };
  async function pressPay(email: string, fields: Record<string, string>, extraEnv: Record<string, string> = {}) {
    const userId = await newUser(email);
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 1)").bind(userId).run();
    const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
    const planned = await plannedDelivery([1], Date.now());
    const form = { ...shipping, delivery: `${planned.date}.${planned.slot}`, ...fields };
    const request = new Request("https://store.test/checkout", { method: "POST", body: new URLSearchParams(form) });
    const context = await loadContext(request, extraEnv);
    context.deps.user = user;
    return checkoutAction({ request, context, params: {} } as never) as Promise<unknown>;
  }

  it("the sandbox with JavaScript: 'Pay ₹500' answers with the gateway's checkout page itself", async () => {
    const res = (await pressPay("one-press@example.in", { js: "1" })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(/^\/sandbox\/checkout\/order_[A-Za-z0-9]{14}$/);
  });

  it("the sandbox without JavaScript: 303 to a payment link for exactly the advance, showing what Razorpay's would", async () => {
    const res = (await pressPay("nojs-link@example.in", {})) as Response;
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get("Location")!);
    expect(to.pathname).toMatch(/^\/sandbox\/link\/plink_[A-Za-z0-9]{14}$/);
    const order = await one<{ id: number; number: string; reserved_until: number }>(
      "SELECT o.id, o.number, o.reserved_until FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'nojs-link@example.in'",
    );
    expect(to.searchParams.get("callback_url")).toBe(`https://store.test/orders/${order.number}/callback`);
    expect(await q("SELECT kind, amount_paise, status, link_url, expires_at FROM payments WHERE order_id = ?", order.id)).toEqual([
      { kind: "advance", amount_paise: 50000, status: "created", link_url: to.href, expires_at: order.reserved_until },
    ]);
    const link = await one<{ amount_paise: number; reference: string; expires_at: number; details: string }>(
      "SELECT amount_paise, reference, expires_at, details FROM sandbox_records WHERE id = ?",
      to.pathname.split("/").at(-1),
    );
    expect(link).toMatchObject({ amount_paise: 50000, expires_at: order.reserved_until });
    expect(link.reference).toMatch(new RegExp(`^${order.number}-A[0-9a-f]{8}$`));
    expect(JSON.parse(link.details)).toEqual({
      description: "₹500 Token Advance",
      businessName: "Godavari Pulasa",
      customer: { name: "Asha Rao", email: "nojs-link@example.in", contact: "+919876543210" },
    });
  });

  it("Razorpay with JavaScript: the answer opens Checkout on the page (prefilled, ₹500 Token Advance); without it, 303 to a payment link", async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      const body = JSON.parse(String((init as RequestInit).body)) as { amount: number; receipt: string };
      bodies.push(body);
      if (String(url).endsWith("/payment_links"))
        return Response.json({ id: "plink_RZPLINK0000001", short_url: "https://rzp.io/i/AbC123", amount: body.amount });
      return Response.json({
        id: `order_RZP${crypto.randomUUID().replace(/-/g, "").slice(0, 11)}`,
        amount: body.amount,
        currency: "INR",
        receipt: body.receipt,
      });
    });
    try {
      const answer = (await pressPay("rzp-js@example.in", { js: "1" }, KEYS)) as { razorpay: Record<string, unknown>; number: string };
      expect(answer.razorpay).toMatchObject({
        keyId: "rzp_test_KEY123",
        amountPaise: 50000,
        brand: "Godavari Pulasa",
        description: "₹500 Token Advance",
        prefill: { name: "Asha Rao", email: "rzp-js@example.in", contact: "+919876543210" },
        callbackUrl: `https://store.test/orders/${answer.number}/callback`,
      });
      expect(answer.razorpay.gatewayOrderId).toMatch(/^order_RZP/);
      const plain = (await pressPay("rzp-nojs@example.in", {}, KEYS)) as Response;
      expect(plain.status).toBe(303);
      expect(plain.headers.get("Location")).toBe("https://rzp.io/i/AbC123");
      const order = await one<{ number: string; reserved_until: number }>(
        "SELECT o.number, o.reserved_until FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = 'rzp-nojs@example.in'",
      );
      const sent = bodies.at(-1)!;
      expect(sent).toMatchObject({
        amount: 50000,
        currency: "INR",
        accept_partial: false,
        description: "₹500 Token Advance",
        customer: { name: "Asha Rao", email: "rzp-nojs@example.in", contact: "+919876543210" },
        notify: { sms: false, email: false },
        reminder_enable: false,
        expire_by: Math.floor(order.reserved_until / 1000),
        callback_url: `https://store.test/orders/${order.number}/callback`,
        callback_method: "get",
        options: { checkout: { name: "Godavari Pulasa" } },
      });
      expect(sent.reference_id).toMatch(new RegExp(`^${order.number}-A[0-9a-f]{8}$`));
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
