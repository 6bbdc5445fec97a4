import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { getDb } from "~/db/client.server";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { startAdvancePayment, verifyAdvanceCallback } from "~/payments/advance.server";
import { settlePayment } from "~/payments/settle.server";
import { SANDBOX_SECRETS } from "~/payments/sandbox-gateway.server";
import { sandboxDecide, sendSandboxWebhook } from "~/payments/sandbox.server";
import { loadContext } from "../../tests/setup/load-context";
import { paymentSignature, webhookSignature } from "~/payments/signature";
import { handleRazorpayWebhook } from "~/payments/webhook.server";
import { createAuctionOrder } from "./auction-order.server";
import { getUserOrder } from "./lookup.server";
import { createShopOrder, OutOfStockError } from "./orders.server";
import { releaseExpiredOrders } from "./stock.server";
import { AUCTION_PAY_MS, RESERVATION_MS } from "./rules";
import { ledgerSums } from "../../tests/setup/money";
import { catchLeftOn, plannedDelivery } from "../../tests/setup/shop-days";
import type { DeliverySlot } from "~/delivery/slots";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as callbackLoader } from "~/routes/orders.$number.callback";
import { action as payAction } from "~/routes/orders.$number.pay";

const db = getDb(env);
const deps = testDeps();
const shipping = {
  firstName: "Asha",
  lastName: "Rao",
  phone: "9876543210",
  address: "12 Godavari Bund Road",
  city: "Rajahmundry",
  state: "Andhra Pradesh",
  zip: "533101",
};
let now = Date.UTC(2026, 10, 23, 6, 0, 0);
let delivery: { date: string; slot: DeliverySlot };

async function q<T = Record<string, unknown>>(sql: string, ...binds: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}
async function one<T = Record<string, unknown>>(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;
}
/** What is left of a product's catch for this test's delivery date. */
async function stock(id = 1) {
  return catchLeftOn(id, delivery.date);
}
async function newUser(email: string) {
  await env.DB.prepare("INSERT INTO users (name, email) VALUES ('Shopper', ?)").bind(email).run();
  return (await one<{ id: number }>("SELECT id FROM users WHERE email = ?", email)).id;
}
async function webhook(event: string, payload: Record<string, unknown>, eventId: string = crypto.randomUUID(), secret = SANDBOX_SECRETS.webhookSecret) {
  const body = JSON.stringify({ entity: "event", event, payload });
  return handleRazorpayWebhook(deps, body, await webhookSignature(secret, body), eventId);
}
const captured = (orderId: string, paymentId: string, amount = 50000, currency = "INR") => ({
  payment: { entity: { id: paymentId, order_id: orderId, amount, currency, status: "captured" } },
});

beforeEach(async () => {
  now += 24 * 60 * 60_000;
  await env.DB.batch([
    // Earlier tests' holds must not be released into this test's stock.
    env.DB.prepare("UPDATE orders SET status = 'payment_expired', stock_held = 0 WHERE status = 'payment_pending'"),
    env.DB.prepare("DELETE FROM cart_items"),
    env.DB.prepare("DELETE FROM notifications"),
    env.DB.prepare("DELETE FROM mail_outbox"),
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, max_qty) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT (id) DO NOTHING",
    ),
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, max_qty) VALUES (2, 'curry', 'Pulasa Curry', 'd', 2580000, 'pulasa-curry', 'Curry', 50) ON CONFLICT (id) DO NOTHING",
    ),
  ]);
  // Each test's own delivery date: 3 kg of fish and 30 of curry caught for it.
  delivery = await plannedDelivery([], now);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (1, ?, 3), (2, ?, 30)").bind(delivery.date, delivery.date),
  ]);
});

async function paidSetup(email: string, lines = [{ productId: 1, quantity: 1 }]) {
  const userId = await newUser(email);
  for (const l of lines)
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, ?, ?)").bind(userId, l.productId, l.quantity).run();
  const order = await createShopOrder(deps, { user: { id: userId }, lines, shipping, delivery, now });
  const started = await startAdvancePayment(deps, order);
  return { userId, order, started };
}

describe("reserving stock", () => {
  it("20 concurrent checkouts for the last 3 kg sell exactly 3 kg", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => newUser(`race${i}@example.in`)));
    const results = await Promise.allSettled(
      users.map((id) => createShopOrder(deps, { user: { id }, lines: [{ productId: 1, quantity: 1 }], shipping, delivery, now })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect(await stock()).toBe(0);
    const held = await one<{ kg: number }>(
      "SELECT sum(i.quantity) AS kg FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'payment_pending' AND o.stock_held = 1 AND i.product_id = 1",
    );
    expect(held.kg).toBe(3);
  });

  it("takes all lines or none: a cart with one short line holds nothing", async () => {
    const id = await newUser("mixed@example.in");
    await expect(
      createShopOrder(deps, {
        user: { id },
        lines: [
          { productId: 2, quantity: 2 },
          { productId: 1, quantity: 4 },
        ],
        shipping,
        delivery,
        now,
      }),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await stock(1)).toBe(3);
    expect(await stock(2)).toBe(30);
    expect(await q("SELECT id FROM orders WHERE user_id = ?", id)).toHaveLength(0);
  });

  it("copies the catalogue's lines and prices, the estimated total and +91 phone into a payment_pending order", async () => {
    const id = await newUser("copy@example.in");
    const order = await createShopOrder(deps, {
      user: { id },
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
      ],
      shipping,
      delivery,
      now,
    });
    expect(order).toMatchObject({
      status: "payment_pending",
      estimatedTotalPaise: 2 * 2500000 + 2580000,
      advancePaise: 50000,
      phone: "+919876543210",
      reservedUntil: now + RESERVATION_MS,
      stockHeld: true,
    });
    expect(order.number).toMatch(/^PUL-\d{4}-[2-9A-Z]{4}$/);
    expect(await q("SELECT product_id, price_paise, quantity FROM order_items WHERE order_id = ? ORDER BY product_id", order.id)).toEqual([
      { product_id: 1, price_paise: 2500000, quantity: 2 },
      { product_id: 2, price_paise: 2580000, quantity: 1 },
    ]);
  });

  it("refuses a foreign product id and quantities 0, −1, 1e9 and 1.5 without touching stock", async () => {
    const id = await newUser("tamper@example.in");
    for (const lines of [
      [{ productId: 999, quantity: 1 }],
      [{ productId: 1, quantity: 0 }],
      [{ productId: 1, quantity: -1 }],
      [{ productId: 1, quantity: 1e9 }],
      [{ productId: 1, quantity: 1.5 }],
      [],
    ]) {
      await expect(createShopOrder(deps, { user: { id }, lines, shipping, delivery, now })).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect(await stock()).toBe(3);
    expect(await q("SELECT id FROM orders WHERE user_id = ?", id)).toHaveLength(0);
  });
});

describe("expiry", () => {
  it("releases a reservation after 30 minutes exactly once, even when two requests release together", async () => {
    const id = await newUser("late@example.in");
    const order = await createShopOrder(deps, { user: { id }, lines: [{ productId: 1, quantity: 2 }], shipping, delivery, now });
    expect(await stock()).toBe(1);
    expect(await releaseExpiredOrders(deps, now + RESERVATION_MS - 1)).toBe(0);
    const released = await Promise.all([releaseExpiredOrders(deps, now + RESERVATION_MS), releaseExpiredOrders(deps, now + RESERVATION_MS)]);
    expect(released[0] + released[1]).toBe(1);
    expect(await stock()).toBe(3);
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired", stock_held: 0 });
  });
});

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
    await releaseExpiredOrders(deps, now + RESERVATION_MS);
    expect(await stock()).toBe(3);
    const paymentId = await captureAtGateway(started.gatewayOrderId);
    const outcomes = await Promise.all([
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, now + RESERVATION_MS + 1),
      webhook("payment.captured", captured(started.gatewayOrderId, paymentId)),
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, now + RESERVATION_MS + 1),
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

describe("My Orders", () => {
  it("answers NotFound for another user's order", async () => {
    const { order } = await paidSetup("owner@example.in");
    const other = await newUser("other@example.in");
    await expect(getUserOrder(deps, other, { number: order.number }, now)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getUserOrder(deps, other, { id: order.id }, now)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getUserOrder(deps, order.userId, { number: order.number }, now)).items).toHaveLength(1);
  });
});

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
      delivery,
      now,
    });
    expect(second).toMatchObject({ id: order.id, resumed: true, replaced: [], status: "payment_pending", city: "Kovvur" });
    expect((await startAdvancePayment(deps, second)).gatewayOrderId).toBe(started.gatewayOrderId);
    expect(await stock()).toBe(0);
  });

  it("other lines replace the earlier unpaid order (named, so the shopper is told); its hold cannot starve the new one", async () => {
    const { userId, order } = await paidSetup("replace@example.in", [{ productId: 1, quantity: 3 }]);
    const second = await createShopOrder(deps, { user: { id: userId }, lines: [{ productId: 1, quantity: 2 }], shipping, delivery, now });
    expect(second).toMatchObject({ resumed: false, replaced: [order.number], status: "payment_pending" });
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired" });
    expect(await stock()).toBe(1);
  });

  it("a refused checkout (quantity −3, an unknown product, not enough stock) leaves the earlier unpaid order and its hold alone", async () => {
    const { userId, order } = await paidSetup("refused@example.in", [{ productId: 1, quantity: 2 }]);
    for (const lines of [[{ productId: 1, quantity: -3 }], [{ productId: 999, quantity: 1 }]]) {
      await expect(createShopOrder(deps, { user: { id: userId }, lines, shipping, delivery, now })).rejects.toBeInstanceOf(InvalidInputError);
    }
    // Enough fish only once the earlier hold is released, but not enough curry: nothing is released either.
    const short = [
      { productId: 1, quantity: 3 },
      { productId: 2, quantity: 31 },
    ];
    await expect(createShopOrder(deps, { user: { id: userId }, lines: short, shipping, delivery, now })).rejects.toBeInstanceOf(OutOfStockError);
    expect(await q("SELECT id FROM orders WHERE user_id = ?", userId)).toHaveLength(1);
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending", stock_held: 1 });
    expect(await stock()).toBe(1);
  });

  it("the sandbox does not exist in production", async () => {
    const request = new Request("https://store.test/sandbox/checkout/order_X");
    const context = await loadContext(request, { ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(40) });
    expect(context.deps.gateway).toBeNull();
    await expect(sendSandboxWebhook(context.deps, "payment.failed", {})).rejects.toThrow();
  });
});

describe("won auctions", () => {
  it("pays like any pending order: no stock touched, the cart left alone; unpaid after 24 h it expires", async () => {
    const userId = await newUser("winner@example.in");
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 1)").bind(userId).run();
    const user = { id: userId, name: "Ravi Kumar", phone: "9876543210", address: "4-2 Temple Street, Kovvur" };
    const { order: won } = await createAuctionOrder(deps, {
      user,
      auctionId: 7,
      title: "2 kg Pulasa, Dowleswaram catch",
      image: null,
      winningPaise: 3_100_000,
      now,
    });
    expect(won).toMatchObject({
      source: "auction",
      status: "payment_pending",
      estimatedTotalPaise: 3_100_000,
      reservedUntil: now + AUCTION_PAY_MS,
      phone: "+919876543210",
    });
    const started = await startAdvancePayment(deps, won);
    expect(started.amountPaise).toBe(50000);
    expect((await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: "pay_AUCTION0000001" })).kind).toBe("paid");
    expect(await stock()).toBe(3);
    expect(await q("SELECT product_id FROM cart_items WHERE user_id = ?", userId)).toEqual([{ product_id: 1 }]);

    const { order: late } = await createAuctionOrder(deps, { user, auctionId: 8, title: "Lot 8", image: null, winningPaise: 2_000_000, now });
    expect(await releaseExpiredOrders(deps, now + AUCTION_PAY_MS)).toBe(1);
    expect(await one("SELECT status FROM orders WHERE id = ?", late.id)).toEqual({ status: "payment_expired" });
    expect(await stock()).toBe(3);
  });
});

describe("a won auction's first payment asks for the address", () => {
  it("refuses an incomplete or unserviceable address with the spec's messages, then stores it and opens the gateway", async () => {
    const userId = await newUser("bidder@example.in");
    const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
    const { order: won } = await createAuctionOrder(deps, { user, auctionId: 9, title: "Lot 9", image: null, winningPaise: 2_000_000, now: Date.now() });
    const post = async (fields: Record<string, string>) => {
      const request = new Request(`https://store.test/orders/${won.number}/pay`, { method: "POST", body: new URLSearchParams(fields) });
      const context = await loadContext(request);
      context.deps.user = user;
      return payAction({ request, context, params: { number: won.number } });
    };
    const bad = (await post({ ...shipping, zip: "560001" })) as unknown as { init: { status: number }; data: { error: Record<string, string[]> } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error.zip).toEqual(["Sorry, we deliver only in Andhra Pradesh and Telangana for now."]);
    expect(await one("SELECT zip FROM orders WHERE id = ?", won.id)).toEqual({ zip: "" });
    const ok = (await post(shipping)) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toMatch(/^\/sandbox\/checkout\/order_/);
    expect(await one("SELECT city, state, zip, phone FROM orders WHERE id = ?", won.id)).toEqual({
      city: "Rajahmundry",
      state: "Andhra Pradesh",
      zip: "533101",
      phone: "+919876543210",
    });
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

  it("the sandbox: 'Pay ₹500' answers with the gateway's page itself", async () => {
    const res = (await pressPay("one-press@example.in", {})) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(/^\/sandbox\/checkout\/order_[A-Za-z0-9]{14}$/);
  });

  it("Razorpay with JavaScript: the answer opens Checkout on the page (prefilled, ₹500 Token Advance); without it, the pay page's hosted form", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const body = JSON.parse(String((init as RequestInit).body)) as { amount: number; receipt: string };
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
      expect(plain.headers.get("Location")).toMatch(/^\/orders\/PUL-\d{4}-[2-9A-Z]{4}\/pay$/);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
