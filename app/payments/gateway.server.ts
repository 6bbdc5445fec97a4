import type { AppConfig } from "~/config.server";
import type { GatewayName, GatewayOrder, GatewayPaymentLink, GatewayRefund, PaymentGateway } from "./gateway";

/**
 * `getGateway(context)`: Razorpay (Orders, Payment Links and Refunds APIs over fetch with Basic auth) when
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set; the local sandbox in development
 * and tests without keys; null in production without keys (online payment is not available).
 *
 * The sandbox plays Razorpay's part on our own origin (/sandbox/...): same id shapes, same HMAC-SHA256
 * signatures (with the fixed secrets below), and signed webhooks delivered to the same handler Razorpay
 * would hit. It never exists in production.
 */
export type GatewayContext = { config: AppConfig };

export type GatewaySecrets = { name: GatewayName; keyId: string; keySecret: string; webhookSecret: string };

/** Published on purpose: they sign nothing but sandbox payments, which exist only outside production. */
export const SANDBOX_SECRETS: GatewaySecrets = {
  name: "sandbox",
  keyId: "rzp_test_sandbox",
  keySecret: "sandbox-key-secret-for-local-payments-only",
  webhookSecret: "sandbox-webhook-secret-for-local-payments-only",
};

export function sandboxEnabled(config: AppConfig): boolean {
  return config.razorpay === null && config.environment !== "production";
}

/** The secrets of the gateway in use, or null when online payment is not available. Server only. */
export function gatewaySecrets(config: AppConfig): GatewaySecrets | null {
  if (config.razorpay) return { name: "razorpay", ...config.razorpay };
  return sandboxEnabled(config) ? SANDBOX_SECRETS : null;
}

export function getGateway(context: GatewayContext, options: { origin?: string } = {}): PaymentGateway | null {
  const razorpay = context.config.razorpay;
  if (razorpay) return new RazorpayGateway(razorpay.keyId, razorpay.keySecret);
  return sandboxEnabled(context.config) ? new SandboxGateway(options.origin ?? "") : null;
}

/** Thrown when the gateway refuses or cannot be reached; its message is for logs, never for shoppers. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

const RAZORPAY_API = "https://api.razorpay.com/v1";

class RazorpayGateway implements PaymentGateway {
  readonly name = "razorpay" as const;
  constructor(
    readonly keyId: string,
    private readonly keySecret: string,
  ) {}

  private async call<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${RAZORPAY_API}${path}`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${this.keyId}:${this.keySecret}`)}`, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new GatewayError(`Razorpay ${path} answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    return JSON.parse(text) as T;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder> {
    const order = await this.call<{ id: string; amount: number; currency: string; receipt: string }>("/orders", {
      amount: input.amountPaise,
      currency: "INR",
      receipt: input.receipt,
      notes: input.notes ?? {},
    });
    return { id: order.id, amount: order.amount, currency: "INR", receipt: order.receipt };
  }

  async createPaymentLink(input: Parameters<PaymentGateway["createPaymentLink"]>[0]): Promise<GatewayPaymentLink> {
    const link = await this.call<{ id: string; short_url: string; amount: number }>("/payment_links", {
      amount: input.amountPaise,
      currency: "INR",
      reference_id: input.referenceId,
      description: input.description,
      customer: input.customer,
      notify: { sms: true, email: true },
      reminder_enable: true,
      callback_url: input.callbackUrl,
      callback_method: "get",
    });
    return { id: link.id, shortUrl: link.short_url, amount: link.amount };
  }

  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund> {
    const refund = await this.call<{ id: string; payment_id: string; amount: number; status: string }>(
      `/payments/${encodeURIComponent(input.paymentId)}/refund`,
      { amount: input.amountPaise, speed: "normal" },
      { "X-Refund-Idempotency": input.idempotencyKey },
    );
    const status = refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
    return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status };
  }
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Razorpay-shaped ids: a prefix and 14 random characters (order_…, pay_…, plink_…, rfnd_…). */
export function sandboxId(prefix: "order" | "pay" | "plink" | "rfnd" | "evt"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("")}`;
}

class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;
  readonly keyId = SANDBOX_SECRETS.keyId;
  constructor(private readonly origin: string) {}

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    assertAmount(input.amountPaise);
    return { id: sandboxId("order"), amount: input.amountPaise, currency: "INR", receipt: input.receipt };
  }

  /** The link's page (/sandbox/link/{id}) reads the amount from our payments row, as Razorpay holds its own. */
  async createPaymentLink(input: Parameters<PaymentGateway["createPaymentLink"]>[0]): Promise<GatewayPaymentLink> {
    assertAmount(input.amountPaise);
    const id = sandboxId("plink");
    const query = new URLSearchParams({ reference_id: input.referenceId, callback_url: input.callbackUrl });
    return { id, shortUrl: `${this.origin}/sandbox/link/${id}?${query}`, amount: input.amountPaise };
  }

  /**
   * A sandbox refund is processed at once (Razorpay's test mode does the same). Callers that want the
   * `refund.processed` webhook as well send it with `sendSandboxWebhook` (app/payments/sandbox.server.ts).
   */
  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund> {
    assertAmount(input.amountPaise);
    // Same key → same refund id, like Razorpay's X-Refund-Idempotency.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${input.paymentId}|${input.idempotencyKey}`)));
    const id = `rfnd_${Array.from(digest.slice(0, 14), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("")}`;
    return { id, paymentId: input.paymentId, amount: input.amountPaise, status: "processed" };
  }
}

function assertAmount(paise: number) {
  // Razorpay's minimum is ₹1 (100 paise); amounts are whole paise.
  if (!Number.isSafeInteger(paise) || paise < 100) throw new GatewayError(`Invalid amount ${paise}`, 400);
}
