import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_SECRETS } from "~/payments/sandbox-gateway.server";
import { paymentSignature, webhookSignature } from "~/payments/signature";
import { loader as authApi } from "~/routes/api.auth.$";
import { loader as ordersApi } from "~/routes/api.orders.$";
import { action as webhookRoute } from "~/routes/api.payments.razorpay-webhook";
import { loader as productsApi } from "~/routes/api.products.$";
import { MAX_JSON_BYTES } from "~/web/body-limit.server";
import { loadContext } from "../../tests/setup/load-context";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { PLANNING_DAYS, upcomingDates } from "~/delivery/slots";

let ip = 0;
async function call(path: string, method: string, body?: unknown, token?: string, raw?: string) {
  const headers: Record<string, string> = { "CF-Connecting-IP": `10.1.0.${++ip}` };
  if (body !== undefined || raw !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const request = new Request(`https://store.test/api/${path}`, { method, headers, body: raw ?? (body === undefined ? undefined : JSON.stringify(body)) });
  const context = await loadContext(request);
  const [area, ...rest] = path.split("/");
  const route = area === "auth" ? authApi : area === "products" ? productsApi : ordersApi;
  const res = await route({ request, context, params: { "*": rest.join("/") } });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function shopper(email: string) {
  const registered = await call("auth/register", "POST", { name: "Ravi Kumar", email, password: "godavari-2026", phone: "9876543210" });
  const row = await env.DB.prepare('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').bind(email).first<{ body: string }>();
  const res = await call("auth/verify-otp", "POST", { email, otp: /code is (\d{6})/.exec(row!.body)![1] }, registered.body.tempToken);
  return res.body.tokens.jwtToken as string;
}

const address = {
  first_name: "Ravi",
  last_name: "Kumar",
  phone: "+91 9876543210",
  address: "4-2 Temple Street, Kovvur",
  city: "Kovvur",
  state: "Andhra Pradesh",
  zip: "534350",
  delivery_date: "",
  delivery_slot: "evening",
};
let ravi = "";
let sita = "";

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 'Fresh Fish')",
    ),
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category) VALUES (2, 'curry', 'Pulasa Curry', 'd', 2580000, 'pulasa-curry', 'Curry')",
    ),
    // 10 of each caught for every date a shopper can pick.
    ...upcomingDates(Date.now(), PLANNING_DAYS).map((date) =>
      env.DB.prepare("INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (1, ?1, 10), (2, ?1, 10)").bind(date),
    ),
  ]);
  address.delivery_date = (await plannedDelivery([], Date.now())).date;
  ravi = await shopper("ravi@example.in");
  sita = await shopper("sita@example.in");
});

describe("products API", () => {
  it("keeps the spec's shape: price in rupees", async () => {
    const list = await call("products", "GET");
    expect(list.body.products[0]).toMatchObject({ id: 1, name: "Fresh Pulasa Fish", price: 25000, stock: 10, category: "Fresh Fish" });
    expect((await call("products/2", "GET")).body.product.price).toBe(25800);
    expect((await call("products/999", "GET")).status).toBe(404);
    expect((await call("products/abc", "GET")).status).toBe(400);
  });
});

describe("orders API", () => {
  it("needs a user", async () => {
    expect((await call("orders/my-orders", "GET")).status).toBe(401);
    expect((await call("orders", "POST", address)).status).toBe(401);
  });

  it("creates a pending order with catalogue prices, ignoring the client's amount, prices and user", async () => {
    const res = await call(
      "orders",
      "POST",
      { ...address, user_id: 999, amount: 1, products: [{ product_id: "1", name: "Cheap", price: 1, quantity: 2 }] },
      ravi,
    );
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({
      amount: 50000,
      status: "payment_pending",
      phone: "+919876543210",
      products: [{ product_id: "1", name: "Fresh Pulasa Fish", price: 25000, quantity: 2 }],
    });
    expect(res.body.order.user_id).not.toBe(999);
  });

  it("stores the price limit the shopper chose (the estimate plus 20% unless they say) and answers it with the order", async () => {
    const order = (ceiling?: string) =>
      call("orders", "POST", { ...address, ...(ceiling ? { ceiling } : {}), products: [{ product_id: "1", quantity: 2 }] }, ravi).then((r) => r.body.order);
    expect(await order()).toMatchObject({
      amount: 50000,
      price_limit: { amount: 60000, percent_over_estimate: 20 },
      price_answer: null,
      price_answer_due_at: null,
    });
    expect(await order("35")).toMatchObject({ price_limit: { amount: 67500, percent_over_estimate: 35 } });
    expect(await order("any")).toMatchObject({ price_limit: null });
  });

  it("refuses bad quantities, unknown products, unserviceable pincodes, malformed and oversized bodies with 4xx", async () => {
    for (const products of [
      [{ product_id: "1", quantity: 0 }],
      [{ product_id: "1", quantity: -1 }],
      [{ product_id: "1", quantity: 1e9 }],
      [{ product_id: "42", quantity: 1 }],
      [{ product_id: "x", quantity: 1 }],
    ]) {
      expect((await call("orders", "POST", { ...address, products }, ravi)).status).toBe(400);
    }
    const noSlot = await call("orders", "POST", { ...address, delivery_slot: "night", products: [{ product_id: "1", quantity: 1 }] }, ravi);
    expect(noSlot).toMatchObject({ status: 400, body: { error: "Please choose a delivery slot" } });
    const far = await call("orders", "POST", { ...address, zip: "560001", products: [{ product_id: "1", quantity: 1 }] }, ravi);
    expect(far).toMatchObject({ status: 400, body: { error: "Sorry, we deliver only in Andhra Pradesh and Telangana for now." } });
    expect((await call("orders", "POST", undefined, ravi, "{not json")).status).toBe(400);
    expect((await call("orders", "POST", undefined, ravi, JSON.stringify({ ...address, pad: "x".repeat(MAX_JSON_BYTES) }))).status).toBe(413);
  });

  it("pays through create-razorpay-order and verify-payment; another user's order is 404 and their signature fails", async () => {
    const created = await call("orders", "POST", { ...address, products: [{ product_id: "2", quantity: 1 }] }, ravi);
    const number = created.body.order.order_number as string;
    expect((await call("orders/create-razorpay-order", "POST", { currency: "USD", order_number: number }, ravi)).status).toBe(400);
    expect((await call("orders/create-razorpay-order", "POST", { currency: "INR", order_number: number }, sita)).status).toBe(404);
    const rp = await call("orders/create-razorpay-order", "POST", { currency: "INR", order_number: number, amount: 1 }, ravi);
    expect(rp.body).toMatchObject({ success: true, key_id: SANDBOX_SECRETS.keyId, order: { amount: 50000, currency: "INR" } });
    const gatewayOrderId = rp.body.order.id as string;
    const signature = await paymentSignature(SANDBOX_SECRETS.keySecret, gatewayOrderId, "pay_APITEST0000001");
    const proof = { razorpay_order_id: gatewayOrderId, razorpay_payment_id: "pay_APITEST0000001", razorpay_signature: signature };
    // Sita cannot settle Ravi's payment, even with Razorpay's valid proof.
    expect((await call("orders/verify-payment", "POST", proof, sita)).status).toBe(400);
    expect((await call("orders/verify-payment", "POST", { ...proof, razorpay_signature: "f".repeat(64) }, ravi)).body.error).toBe(
      "Payment verification failed",
    );
    const verified = await call("orders/verify-payment", "POST", proof, ravi);
    expect(verified.body).toMatchObject({ success: true, order: { status: "order_raised", upi_reference: "pay_APITEST0000001", advance_paid: 500 } });
    const id = verified.body.order.id as number;
    expect((await call(`orders/${id}`, "GET", undefined, ravi)).body.order.order_number).toBe(number);
    expect((await call(`orders/${id}`, "GET", undefined, sita)).status).toBe(404);
    const mine = await call("orders/my-orders", "GET", undefined, ravi);
    expect(mine.body.orders[0].order_number).toBe(number);
    expect((await call("orders/my-orders", "GET", undefined, sita)).body.orders).toEqual([]);
  });

  it("lets an admin cancel an order with its reason, and refuses a cancel without one", async () => {
    const asha = await shopper(`asha.${crypto.randomUUID()}@example.in`);
    const adminEmail = `admin.${crypto.randomUUID()}@example.in`;
    const admin = await shopper(adminEmail);
    await env.DB.prepare("UPDATE users SET is_admin = 1 WHERE email = ?").bind(adminEmail).run();
    const created = await call("orders", "POST", { ...address, products: [{ product_id: 1, quantity: 1 }] }, asha);
    const id = created.body.order.id as number;
    await env.DB.prepare("UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid' WHERE id = ?").bind(id).run();
    const bare = await call(`orders/${id}/status`, "PUT", { status: "order_cancelled" }, admin);
    expect(bare.status).toBe(400);
    const cancelled = await call(`orders/${id}/status`, "PUT", { status: "order_cancelled", reason: "No fish landed today" }, admin);
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, order: { status: "order_cancelled" } } });
    expect(await env.DB.prepare("SELECT cancel_reason FROM orders WHERE id = ?").bind(id).first()).toEqual({ cancel_reason: "No fish landed today" });
  });

  it("refuses the admin's endpoints to a customer (403); unknown paths are 404", async () => {
    expect((await call("orders/1/status", "PUT", { status: "order_shipped" }, ravi)).status).toBe(403);
    expect((await call("orders", "GET", undefined, ravi)).status).toBe(403);
    expect((await call("orders/nope", "GET", undefined, ravi)).status).toBe(404);
  });
});

describe("webhook endpoint", () => {
  async function post(body: string, signature: string | null) {
    const headers: Record<string, string> = { "Content-Type": "application/json", "X-Razorpay-Event-Id": `evt_${crypto.randomUUID()}` };
    if (signature) headers["X-Razorpay-Signature"] = signature;
    const request = new Request("https://store.test/api/payments/razorpay-webhook", { method: "POST", headers, body });
    return webhookRoute({ request, context: await loadContext(request), params: {} });
  }

  it("verifies the signature over the raw bytes: the same JSON re-spaced fails", async () => {
    const body = JSON.stringify({ event: "payment.failed", payload: {} });
    expect((await post(body, await webhookSignature(SANDBOX_SECRETS.webhookSecret, body))).status).toBe(200);
    expect((await post(JSON.stringify(JSON.parse(body), null, 1), await webhookSignature(SANDBOX_SECRETS.webhookSecret, body))).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    const bad = "{not json";
    expect((await post(bad, await webhookSignature(SANDBOX_SECRETS.webhookSecret, bad))).status).toBe(400);
  });

  it("is 503 in production without Razorpay keys (no sandbox there)", async () => {
    const body = JSON.stringify({ event: "payment.failed", payload: {} });
    const request = new Request("https://store.test/api/payments/razorpay-webhook", {
      method: "POST",
      headers: { "X-Razorpay-Signature": await webhookSignature(SANDBOX_SECRETS.webhookSecret, body) },
      body,
    });
    const res = await webhookRoute({ request, context: await loadContext(request, { ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(40) }), params: {} });
    expect(res.status).toBe(503);
  });
});
