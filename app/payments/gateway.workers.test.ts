import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { GatewayError, type PaymentGateway } from "./gateway";
import { getGateway } from "./gateway.server";
import { sandboxCheckout, sandboxFailLink, sandboxLink, sandboxPayLink, sendSandboxWebhook } from "./sandbox.server";

/** A balance link on `gateway`, with a throwaway customer and callback unless the test names its own. */
const balanceLink = (
  gateway: PaymentGateway,
  link: Partial<Parameters<PaymentGateway["createPaymentLink"]>[0]> & { amountPaise: number; referenceId: string; expiresAt: number },
) =>
  gateway.createPaymentLink({
    description: "Balance",
    customer: { name: "A", email: "a@example.in", contact: "" },
    notify: true,
    callbackUrl: "https://store.test/x",
    ...link,
  });

const KEYS = { RAZORPAY_KEY_ID: "rzp_test_KEY123", RAZORPAY_KEY_SECRET: "secret-abc", RAZORPAY_WEBHOOK_SECRET: "hook-xyz" };
const razorpayConfig = () => getConfig({ ...env, ...KEYS });
const db = getDb(env);

afterEach(() => vi.restoreAllMocks());

function mockFetch(answer: unknown, status = 200) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(answer), { status, headers: { "Content-Type": "application/json" } }));
}

describe("Razorpay over fetch (mocked: tests never reach Razorpay)", () => {
  const basic = `Basic ${btoa("rzp_test_KEY123:secret-abc")}`;

  it("creates an order for our amount in INR with our order number as receipt, with Basic auth", async () => {
    const spy = mockFetch({ id: "order_RZP000000001", amount: 50000, currency: "INR", receipt: "PUL-2611-7F3K" });
    const gateway = getGateway(razorpayConfig(), db, "")!;
    expect(gateway.name).toBe("razorpay");
    expect(gateway.keyId).toBe("rzp_test_KEY123");
    expect(await gateway.createOrder({ amountPaise: 50000, receipt: "PUL-2611-7F3K" })).toEqual({
      id: "order_RZP000000001",
      amount: 50000,
      currency: "INR",
      receipt: "PUL-2611-7F3K",
    });
    const [url, init] = spy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.razorpay.com/v1/orders");
    expect(new Headers(init.headers).get("Authorization")).toBe(basic);
    expect(JSON.parse(String(init.body))).toMatchObject({ amount: 50000, currency: "INR", receipt: "PUL-2611-7F3K" });
  });

  it("creates payment links and idempotent refunds", async () => {
    const gateway = getGateway(razorpayConfig(), db, "")!;
    let spy = mockFetch({ id: "plink_1", short_url: "https://rzp.io/i/abc", amount: 2450000 });
    const link = await gateway.createPaymentLink({
      amountPaise: 2450000,
      referenceId: "PUL-2611-7F3K-B",
      description: "Balance",
      customer: { name: "Asha", email: "a@example.in", contact: "+919876543210" },
      notify: true,
      callbackUrl: "https://store.test/orders/PUL-2611-7F3K",
      expiresAt: Date.UTC(2026, 11, 1),
    });
    expect(JSON.parse(String((spy.mock.calls[0][1] as RequestInit).body))).toMatchObject({ expire_by: Date.UTC(2026, 11, 1) / 1000 });
    expect(link).toEqual({ id: "plink_1", shortUrl: "https://rzp.io/i/abc", amount: 2450000 });
    expect(spy.mock.calls[0][0]).toBe("https://api.razorpay.com/v1/payment_links");
    spy.mockRestore();
    spy = mockFetch({ id: "rfnd_1", payment_id: "pay_1", amount: 50000, status: "processed" });
    expect(await gateway.refund({ paymentId: "pay_1", amountPaise: 50000, idempotencyKey: "advance-7" })).toEqual({
      id: "rfnd_1",
      paymentId: "pay_1",
      amount: 50000,
      status: "processed",
    });
    const [url, init] = spy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://api.razorpay.com/v1/payments/pay_1/refund");
    expect(new Headers(init.headers).get("X-Refund-Idempotency")).toBe("advance-7");
  });

  it("turns a refusal into a GatewayError (never shown to shoppers)", async () => {
    mockFetch({ error: { code: "BAD_REQUEST_ERROR" } }, 400);
    await expect(getGateway(razorpayConfig(), db, "")!.createOrder({ amountPaise: 50000, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("the sandbox gateway", () => {
  it("exists in development and tests only, and refuses amounts below ₹1 or fractional paise", async () => {
    const sandbox = getGateway(getConfig(env), db, "https://store.test")!;
    expect(sandbox.name).toBe("sandbox");
    await expect(sandbox.createOrder({ amountPaise: 99, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
    await expect(sandbox.createOrder({ amountPaise: 500.5, receipt: "X" })).rejects.toBeInstanceOf(GatewayError);
    expect(getGateway(getConfig({ ...env, ENVIRONMENT: "production", SESSION_SECRET: "s".repeat(40) }), db, "")).toBeNull();
  });

  it("gives the same refund id for the same idempotency key, and never refunds more than a payment took", async () => {
    const sandbox = getGateway(getConfig(env), db, "")!;
    await env.DB.prepare(
      "INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES ('pay_SBXREF0000001', 'payment', 'order_X', 50000, 'captured')",
    ).run();
    const a = await sandbox.refund({ paymentId: "pay_SBXREF0000001", amountPaise: 30000, idempotencyKey: "k" });
    expect((await sandbox.refund({ paymentId: "pay_SBXREF0000001", amountPaise: 30000, idempotencyKey: "k" })).id).toBe(a.id);
    await expect(sandbox.refund({ paymentId: "pay_SBXREF0000001", amountPaise: 30000, idempotencyKey: "other" })).rejects.toBeInstanceOf(GatewayError);
    expect((await sandbox.refund({ paymentId: "pay_SBXREF0000001", amountPaise: 20000, idempotencyKey: "other" })).id).not.toBe(a.id);
    await expect(sandbox.refund({ paymentId: "pay_UNKNOWN000001", amountPaise: 100, idempotencyKey: "x" })).rejects.toBeInstanceOf(GatewayError);
  });

  it("a cancelled or expired link takes no payment", async () => {
    const deps = testDeps();
    const sandbox = deps.gateway!;
    const link = await balanceLink(sandbox, { amountPaise: 100000, referenceId: "R-1", expiresAt: Date.now() + 20 * 60_000 });
    expect(await sandbox.cancelPaymentLink(link.id)).toBe("cancelled");
    expect(await sandboxPayLink(deps, link.id)).toEqual({ ok: false, status: "cancelled" });
    const old = await balanceLink(sandbox, { amountPaise: 100000, referenceId: "R-2", expiresAt: Date.now() + 20 * 60_000 });
    await env.DB.prepare("UPDATE sandbox_records SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, old.id)
      .run();
    expect(await sandboxPayLink(deps, old.id)).toEqual({ ok: false, status: "expired" });
    expect((await sandbox.fetchPaymentLink(old.id)).payments).toEqual([]);
  });

  it("Fail on a link's page records a failed payment and leaves the link payable; the page shows what the store asked for", async () => {
    const deps = testDeps();
    const customer = { name: "Asha Rao", email: "asha@example.in", contact: "+919876543210" };
    const link = await balanceLink(deps.gateway!, {
      amountPaise: 50000,
      referenceId: "PUL-2611-ADV1-A0f3c9e21",
      description: "₹500 Token Advance",
      businessName: "Godavari Pulasa",
      customer,
      expiresAt: Date.now() + 20 * 60_000,
    });
    expect(await sandboxFailLink(deps, link.id)).toBe(true);
    expect(await sandboxLink(deps, link.id)).toEqual({
      amountPaise: 50000,
      number: "PUL-2611-ADV1",
      status: "created",
      details: { description: "₹500 Token Advance", businessName: "Godavari Pulasa", customer },
      orderPath: "/orders/PUL-2611-ADV1",
    });
    expect((await sandboxPayLink(deps, link.id))?.ok).toBe(true);
    expect((await deps.gateway!.fetchPaymentLink(link.id)).payments.map((p) => p.status)).toEqual(["failed", "captured"]);
    expect(await sandboxFailLink(deps, link.id)).toBe(false);
  });

  it("the gateway's pages lead back to the order's page in its owner's language", async () => {
    const deps = testDeps();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, name, email, lang) VALUES (51, 'Lakshmi', 'lakshmi@example.in', 'te'), (52, 'Asha', 'asha@example.in', 'en')"),
      ...[
        [51, "PUL-2611-TEL1"],
        [52, "PUL-2611-ENG1"],
      ].map(([user, number]) =>
        env.DB.prepare(
          "INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip) VALUES (?, ?, 'order_raised', 'advance_paid', 2500000, 50000, 'L', 'D', '+919876543210', '12 Bund Road', 'Rajahmundry', 'Andhra Pradesh', '533101')",
        ).bind(number, user),
      ),
    ]);
    const sandbox = deps.gateway!;
    for (const [number, path] of [
      ["PUL-2611-TEL1", "/te/orders/PUL-2611-TEL1"],
      ["PUL-2611-ENG1", "/orders/PUL-2611-ENG1"],
    ]) {
      const order = await sandbox.createOrder({ amountPaise: 50000, receipt: number });
      expect((await sandboxCheckout(deps, order.id))?.orderPath).toBe(path);
      const link = await balanceLink(sandbox, { amountPaise: 50000, referenceId: `${number}-A0f3c9e21`, expiresAt: Date.now() + 20 * 60_000 });
      expect((await sandboxLink(deps, link.id))?.orderPath).toBe(path);
    }
  });

  it("like Razorpay, refuses a link that would expire within 15 minutes", async () => {
    const sandbox = testDeps().gateway!;
    await expect(balanceLink(sandbox, { amountPaise: 100000, referenceId: "R-3", expiresAt: Date.now() + 14 * 60_000 })).rejects.toBeInstanceOf(GatewayError);
    expect((await balanceLink(sandbox, { amountPaise: 100000, referenceId: "R-4", expiresAt: Date.now() + 16 * 60_000 })).id).toMatch(/^plink_/);
  });

  it("a sandbox payment link is paid once through payment_link.paid, and refund.processed marks a refund row", async () => {
    const deps = testDeps();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, name, email) VALUES (50, 'Asha', 'link@example.in')"),
      env.DB.prepare(
        "INSERT INTO orders (id, number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip) VALUES (50, 'PUL-2611-LNK2', 50, 'order_confirmed', 'balance_requested', 2500000, 50000, 'Asha', 'Rao', '+919876543210', '12 Bund Road, Rajahmundry', 'Rajahmundry', 'Andhra Pradesh', '533101')",
      ),
    ]);
    const sandbox = deps.gateway!;
    const link = await balanceLink(sandbox, {
      amountPaise: 2450000,
      referenceId: "PUL-2611-LNK2-B",
      expiresAt: Date.now() + 20 * 60_000,
      customer: { name: "Asha", email: "link@example.in", contact: "+919876543210" },
      callbackUrl: "https://store.test/orders/PUL-2611-LNK2",
    });
    expect(link.shortUrl).toMatch(/^https:\/\/store\.test\/sandbox\/link\/plink_/);
    await env.DB.prepare(
      "INSERT INTO payments (order_id, kind, provider, provider_ref, amount_paise, status, link_url) VALUES (50, 'balance', 'sandbox', ?, 2450000, 'created', ?)",
    )
      .bind(link.id, link.shortUrl)
      .run();
    expect(await sandboxLink(deps, link.id)).toMatchObject({ amountPaise: 2450000, number: "PUL-2611-LNK2", status: "created" });
    const paid = await sandboxPayLink(deps, link.id);
    expect(paid?.ok && paid.query?.get("razorpay_payment_link_status")).toBe("paid");
    expect(await env.DB.prepare("SELECT payment_state FROM orders WHERE id = 50").first()).toEqual({ payment_state: "balance_paid" });
    expect(await sandboxPayLink(deps, link.id)).toEqual({ ok: false, status: "paid" });

    await env.DB.prepare(
      "INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, gateway_refund_id) VALUES (50, 'refund', 'cancel', 'cancel:pay_1', 'sandbox', 50000, 'pending', 'pay_1', 'rfnd_SBX000000001')",
    ).run();
    const res = await sendSandboxWebhook(deps, "refund.processed", { refund: { entity: { id: "rfnd_SBX000000001", payment_id: "pay_1", amount: 50000 } } });
    expect(res.status).toBe(200);
    expect(await env.DB.prepare("SELECT state FROM ledger WHERE gateway_refund_id = 'rfnd_SBX000000001'").first()).toEqual({ state: "done" });
  });
});
