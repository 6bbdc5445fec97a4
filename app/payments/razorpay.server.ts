import type { GatewayLinkStatus, GatewayOrder, GatewayPaymentLink, GatewayRefund, PaymentGateway, PaymentLinkInput, StatementPayment } from "./gateway";
import { GatewayError } from "./gateway";

/** Razorpay's Orders, Payment Links and Refunds APIs over fetch with Basic auth. */
const RAZORPAY_API = "https://api.razorpay.com/v1";
/** One run of the scheduled job reads at most this many pages of the payment statement. */
const STATEMENT_MAX_PAGES = 20;

export class RazorpayGateway implements PaymentGateway {
  readonly name = "razorpay" as const;
  constructor(
    readonly keyId: string,
    private readonly keySecret: string,
  ) {}

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${RAZORPAY_API}${path}`, {
      method,
      headers: { Authorization: `Basic ${btoa(`${this.keyId}:${this.keySecret}`)}`, "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new GatewayError(`Razorpay ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    return JSON.parse(text) as T;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder> {
    const order = await this.call<{ id: string; amount: number; currency: string; receipt: string }>("POST", "/orders", {
      amount: input.amountPaise,
      currency: "INR",
      receipt: input.receipt,
      notes: input.notes ?? {},
    });
    return { id: order.id, amount: order.amount, currency: "INR", receipt: order.receipt };
  }

  async listPayments(since: number): Promise<StatementPayment[]> {
    type Item = { id: string; amount: number; currency: string; status: string; order_id: string | null; created_at: number };
    const found: StatementPayment[] = [];
    // Pages of 100 (Razorpay's largest); a five-minute window of a fish shop's payments is a page or two.
    for (let skip = 0; skip < STATEMENT_MAX_PAGES * 100; skip += 100) {
      const page = await this.call<{ items: Item[] }>("GET", `/payments?from=${Math.floor(since / 1000)}&count=100&skip=${skip}`);
      for (const p of page.items)
        found.push({ id: p.id, amount: p.amount, currency: p.currency, status: p.status, orderId: p.order_id, createdAt: p.created_at * 1000 });
      if (page.items.length < 100) return found;
    }
    throw new GatewayError(`Razorpay listed more than ${STATEMENT_MAX_PAGES * 100} payments since ${new Date(since).toISOString()}`, 0);
  }

  async createPaymentLink(input: PaymentLinkInput): Promise<GatewayPaymentLink> {
    const link = await this.call<{ id: string; short_url: string; amount: number }>("POST", "/payment_links", {
      amount: input.amountPaise,
      currency: "INR",
      accept_partial: false,
      reference_id: input.referenceId,
      description: input.description,
      customer: input.customer,
      notify: { sms: input.notify, email: input.notify },
      reminder_enable: input.notify,
      expire_by: Math.floor(input.expiresAt / 1000),
      callback_url: input.callbackUrl,
      callback_method: "get",
      ...(input.businessName ? { options: { checkout: { name: input.businessName } } } : {}),
    });
    return { id: link.id, shortUrl: link.short_url, amount: link.amount };
  }

  async cancelPaymentLink(linkId: string): Promise<GatewayLinkStatus> {
    try {
      return (await this.call<{ status: GatewayLinkStatus }>("POST", `/payment_links/${encodeURIComponent(linkId)}/cancel`, {})).status;
    } catch (error) {
      // Razorpay refuses to cancel a link that is no longer issued (paid, expired): say what it is instead.
      if (error instanceof GatewayError && error.status === 400) return (await this.fetchPaymentLink(linkId)).status;
      throw error;
    }
  }

  async fetchPaymentLink(linkId: string) {
    const link = await this.call<{ status: GatewayLinkStatus; payments: { payment_id: string; amount: number; status: string }[] | null }>(
      "GET",
      `/payment_links/${encodeURIComponent(linkId)}`,
    );
    return { status: link.status, payments: (link.payments ?? []).map((p) => ({ id: p.payment_id, amount: p.amount, currency: "INR", status: p.status })) };
  }

  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund> {
    const refund = await this.call<{ id: string; payment_id: string; amount: number; status: string }>(
      "POST",
      `/payments/${encodeURIComponent(input.paymentId)}/refund`,
      { amount: input.amountPaise, speed: "normal" },
      { "X-Refund-Idempotency": input.idempotencyKey },
    );
    return toRefund(refund);
  }

  async fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund> {
    return toRefund(await this.call("GET", `/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`));
  }
}

function toRefund(refund: { id: string; payment_id: string; amount: number; status: string }): GatewayRefund {
  const status = refund.status === "processed" || refund.status === "failed" ? refund.status : "pending";
  return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status };
}
