import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { GatewayError, getGateway } from "./gateway.server";
import { sandboxLink, sandboxPayLink, sendSandboxWebhook } from "./sandbox.server";

const KEYS = { RAZORPAY_KEY_ID: "rzp_test_KEY123", RAZORPAY_KEY_SECRET: "secret-abc", RAZORPAY_WEBHOOK_SECRET: "hook-xyz" };
const razorpayConfig = () => getConfig({ ...env, ...KEYS });

afterEach(() => vi.restoreAllMocks());

function mockFetch(answer: unknown, status = 200) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } }));
}

describe("Razorpay over fetch (mocked: tests never reach Razorpay)", () => {
  const basic = `Basic ${btoa("rzp_test_KEY123:secret-abc")}`;

  it("creates an order for our amount in INR with our order number as receipt, with Basic auth", async () => {
    const spy = mockFetch({ id: "order_RZP000000001", amount: 50000, currency: "INR", receipt: "PUL-2611-7F3K" });
    const gateway = getGateway({ config: razorpayConfig() })!;
    expect(gateway.name).toBe("razorpay");
    expect(gateway.keyId).toBe("rzp_test_KEY123");
    expect(await gateway.createOrder({ amountPaise: 50000, receipt: "PUL-2611-7F3K" })).toEqual({ id: "order_RZP000000001", amount: 50000, currency: "INR", receipt: "PUL-2611-7F3K" });
    const [url, init] = spy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.razorpay.com/v1/orders");
    expect(new Headers(init.headers).get("Authorization")).toBe(basic);
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 50000, currency: "INR", receipt: "PUL-2611-7F3K" });
  });

  it("creates payment links and idempotent refunds", async () => {
    const gateway = getGateway({ config: razorpayConfig() })!;
    let spy = mockFetch({ id: "plink_1", short_url: "https://rzp.io/i/abc", amount: 2450000 });
    const link = await gateway.createPaymentLink({ amountPaise: 2450000, referenceId: "PUL-2611-7F3K-B", description: "Balance", customer: { name: "Asha", email: "a@example.in", contact: "+919876543210" }, callbackUrl: "https://store.test/orders/PUL-2611-7F3K" });
    expect(link).toEqual({ id: "plink_1", shortUrl: "https://rzp.io/i/abc", amount: 2450000 });
    expect(spy.mock.calls[0][0]).toBe("https://api.razorpay.com/v1/payment_links");
    spy.mockRestore();
    spy = mockFetch({ id: "rfnd_1", payment_id: "pay_1", amount: 50000, status: "processed" });
    expect(await gateway.refund({ paymentId: "pay_1", amountPaise: 50000, idempotencyKey: "advance-7" })).toEqual({ id: "rfnd_1", paymentId: "pay_1", amount: 50000, status: "processed" });
    const [url, init] = spy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.razorpay.com/v1/payments/pay_1/refund");
    expect(new Headers(init.headers).get("X-Refund-Idempotency")).toBe("advance-7");
  });

  it("turns a refusal into a GatewayError (never shown to shoppers)", async () => {
    mockFetch({ error: { code: "BAD_REQUEST_ERROR" } }, 400);
    await expect(getGateway({ config: razorpayConfig() })!.createOrder({ amountPaise: 50000, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("the sandbox gateway", () => {
  it("exists in development and tests only, and refuses amounts below ₹1 or fractional paise", async () => {
    const sandbox = getGateway({ config: getConfig(env) }, { origin: "https://store.test" })!;
    expect(sandbox.name).toBe("sandbox");
    await expect(sandbox.createOrder({ amountPaise: 99, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
    await expect(sandbox.createOrder({ amountPaise: 500.5, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
    expect(getGateway({ config: getConfig({ ...env, ENVIRONMENT: "production", SESSION_SECRET: "s".repeat(40) }) })).toBeNull();
  });

  it("gives the same refund id for the same idempotency key", async () => {
    const sandbox = getGateway({ config: getConfig(env) })!;
    const a = await sandbox.refund({ paymentId: "pay_1", amountPaise: 50000, idempotencyKey: "k" });
    expect((await sandbox.refund({ paymentId: "pay_1", amountPaise: 50000, idempotencyKey: "k" })).id).toBe(a.id);
    expect((await sandbox.refund({ paymentId: "pay_1", amountPaise: 50000, idempotencyKey: "other" })).id).not.toBe(a.id);
  });

  it("a sandbox payment link is paid once through payment_link.paid, and refund.processed marks a refund row", async () => {
    const db = getDb(env);
    const deps = { db, config: getConfig(env), env };
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, name, email) VALUES (50, 'Asha', 'link@example.in')"),
      env.DB.prepare(
        "INSERT INTO orders (id, number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip) VALUES (50, 'PUL-2611-LNK2', 50, 'order_confirmed', 'balance_requested', 2500000, 50000, 'Asha', 'Rao', '+919876543210', '12 Bund Road, Rajahmundry', 'Rajahmundry', 'Andhra Pradesh', '533101')",
      ),
    ]);
    const sandbox = getGateway(deps, { origin: "https://store.test" })!;
    const link = await sandbox.createPaymentLink({ amountPaise: 2450000, referenceId: "PUL-2611-LNK2-B", description: "Balance", customer: { name: "Asha", email: "link@example.in", contact: "+919876543210" }, callbackUrl: "https://store.test/orders/PUL-2611-LNK2" });
    expect(link.shortUrl).toMatch(/^https:\/\/store\.test\/sandbox\/link\/plink_/);
    await env.DB.prepare("INSERT INTO payments (order_id, kind, provider, provider_ref, amount_paise, status, link_url) VALUES (50, 'balance', 'sandbox', ?, 2450000, 'created', ?)").bind(link.id, link.shortUrl).run();
    expect(await sandboxLink(deps, link.id)).toMatchObject({ amountPaise: 2450000, number: "PUL-2611-LNK2", status: "created" });
    const query = await sandboxPayLink(deps, link.id, "PUL-2611-LNK2-B");
    expect(query?.get("razorpay_payment_link_status")).toBe("paid");
    expect(await env.DB.prepare("SELECT payment_state FROM orders WHERE id = 50").first()).toEqual({ payment_state: "balance_paid" });

    await env.DB.prepare("INSERT INTO payments (order_id, kind, provider, provider_ref, payment_id, amount_paise, status) VALUES (50, 'refund', 'sandbox', 'rfnd_SBX000000001', 'pay_1', 50000, 'pending')").run();
    const res = await sendSandboxWebhook(deps, "refund.processed", { refund: { entity: { id: "rfnd_SBX000000001", payment_id: "pay_1", amount: 50000 } } });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT status FROM payments WHERE provider_ref = 'rfnd_SBX000000001'").first()).toEqual({ status: "processed" });
  });
});
