import type { AppConfig } from "../config.server";
import type { Db } from "../db/client.server";
import type { Deps } from "../deps";
import type {
  GatewayLinkStatus,
  GatewayName,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentLink,
  GatewayRefund,
  PaymentGateway,
  StatementPayment,
} from "./gateway";

/**
 * `getGateway(config, db, origin)`, called by createDeps only (so `deps.gateway` is the one gateway): Razorpay (Orders, Payment Links and Refunds APIs over fetch with Basic auth) when
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set; the local sandbox in development
 * and tests without keys; null in production without keys (online payment is not available).
 *
 * The sandbox plays Razorpay's part on our own origin (/sandbox/...): same id shapes, same HMAC-SHA256
 * signatures (with the fixed secrets below), signed webhooks delivered to the same handler Razorpay would
 * hit, and its own record of orders, links, payments and refunds (`sandbox_records`), so the store can be
 * reconciled against it. It never exists in production.
 */
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

export function getGateway(config: AppConfig, db: Db, origin: string): PaymentGateway | null {
  const razorpay = config.razorpay;
  if (razorpay) return new RazorpayGateway(razorpay.keyId, razorpay.keySecret);
  return sandboxEnabled(config) ? new SandboxGateway({ db }, origin) : null;
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
/** One run of the scheduled job reads at most this many pages of the payment statement. */
const STATEMENT_MAX_PAGES = 20;

class RazorpayGateway implements PaymentGateway {
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

  async createPaymentLink(input: Parameters<PaymentGateway["createPaymentLink"]>[0]): Promise<GatewayPaymentLink> {
    const link = await this.call<{ id: string; short_url: string; amount: number }>("POST", "/payment_links", {
      amount: input.amountPaise,
      currency: "INR",
      reference_id: input.referenceId,
      description: input.description,
      customer: input.customer,
      notify: { sms: true, email: true },
      reminder_enable: true,
      expire_by: Math.floor(input.expiresAt / 1000),
      callback_url: input.callbackUrl,
      callback_method: "get",
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

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Razorpay-shaped ids: a prefix and 14 random characters (order_…, pay_…, plink_…, rfnd_…). */
export function sandboxId(prefix: "order" | "pay" | "plink" | "rfnd" | "evt"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("")}`;
}

export type SandboxRecord = {
  id: string;
  kind: "order" | "link" | "payment" | "refund";
  parent: string | null;
  amount_paise: number;
  status: string;
  reference: string | null;
  expires_at: number | null;
  created_at: number;
};

/** The sandbox's switches, set by tests to lose what Razorpay can lose: `refunds` = fail, `webhooks` / `callbacks` = drop. */
export async function sandboxSetting(deps: Pick<Deps, "db">, key: "refunds" | "webhooks" | "callbacks"): Promise<string | null> {
  const row = await deps.db.$client.prepare("SELECT value FROM sandbox_settings WHERE key = ?").bind(key).first<{ value: string }>();
  return row?.value ?? null;
}

/**
 * The sandbox gateway: Razorpay's behaviour where the store depends on it, kept in `sandbox_records`: a link
 * takes no money once cancelled or past its expiry, a refund never exceeds what its payment has left, the
 * same idempotency key gives the same refund, and refunds can be told to fail.
 */
class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;
  readonly keyId = SANDBOX_SECRETS.keyId;
  constructor(
    private readonly books: Pick<Deps, "db">,
    private readonly origin: string,
  ) {}

  private get d1() {
    return this.books.db.$client;
  }

  private insert(record: Omit<SandboxRecord, "expires_at" | "created_at"> & { expires_at?: number | null; idem?: string | null }) {
    return this.d1
      .prepare(
        "INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, reference, idem, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(
        record.id,
        record.kind,
        record.parent,
        record.amount_paise,
        record.status,
        record.reference,
        record.idem ?? null,
        record.expires_at ?? null,
        Date.now(),
      )
      .run();
  }

  private async payments(parent: string): Promise<GatewayPayment[]> {
    const rows = await this.d1
      .prepare("SELECT * FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY created_at")
      .bind(parent)
      .all<SandboxRecord>();
    return rows.results.map((p) => ({ id: p.id, amount: p.amount_paise, currency: "INR", status: p.status }));
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    assertAmount(input.amountPaise);
    const id = sandboxId("order");
    await this.insert({ id, kind: "order", parent: null, amount_paise: input.amountPaise, status: "created", reference: input.receipt });
    return { id, amount: input.amountPaise, currency: "INR", receipt: input.receipt };
  }

  async listPayments(since: number): Promise<StatementPayment[]> {
    const rows = await this.d1
      .prepare("SELECT * FROM sandbox_records WHERE kind = 'payment' AND created_at >= ? ORDER BY created_at")
      .bind(since)
      .all<SandboxRecord>();
    return rows.results.map((p) => ({ id: p.id, amount: p.amount_paise, currency: "INR", status: p.status, orderId: p.parent, createdAt: p.created_at }));
  }

  async createPaymentLink(input: Parameters<PaymentGateway["createPaymentLink"]>[0]): Promise<GatewayPaymentLink> {
    assertAmount(input.amountPaise);
    const id = sandboxId("plink");
    await this.insert({
      id,
      kind: "link",
      parent: null,
      amount_paise: input.amountPaise,
      status: "created",
      reference: input.referenceId,
      expires_at: input.expiresAt,
    });
    const query = new URLSearchParams({ reference_id: input.referenceId, callback_url: input.callbackUrl });
    return { id, shortUrl: `${this.origin}/sandbox/link/${id}?${query}`, amount: input.amountPaise };
  }

  async cancelPaymentLink(linkId: string): Promise<GatewayLinkStatus> {
    await this.d1.prepare("UPDATE sandbox_records SET status = 'cancelled' WHERE id = ? AND kind = 'link' AND status = 'created'").bind(linkId).run();
    return (await this.fetchPaymentLink(linkId)).status;
  }

  async fetchPaymentLink(linkId: string) {
    const link = await sandboxLinkRecord(this.books, linkId);
    if (!link) throw new GatewayError(`No sandbox link ${linkId}`, 400);
    return { status: link.status as GatewayLinkStatus, payments: await this.payments(linkId) };
  }

  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund> {
    assertAmount(input.amountPaise);
    if ((await sandboxSetting(this.books, "refunds")) === "fail") throw new GatewayError("The sandbox was told to fail refunds", 503);
    const same = await this.d1.prepare("SELECT * FROM sandbox_records WHERE idem = ?").bind(input.idempotencyKey).first<SandboxRecord>();
    if (same) return { id: same.id, paymentId: same.parent ?? "", amount: same.amount_paise, status: "processed" };
    // One statement: the refund exists only if its payment was captured and has that much left.
    const id = sandboxId("rfnd");
    const made = await this.d1
      .prepare(
        `INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, idem, created_at)
         SELECT ?1, 'refund', p.id, ?2, 'processed', ?3, ?4 FROM sandbox_records p
         WHERE p.id = ?5 AND p.kind = 'payment' AND p.status = 'captured'
           AND p.amount_paise - (SELECT coalesce(sum(amount_paise), 0) FROM sandbox_records WHERE kind = 'refund' AND parent = p.id) >= ?2
         ON CONFLICT (idem) DO NOTHING`,
      )
      .bind(id, input.amountPaise, input.idempotencyKey, Date.now(), input.paymentId)
      .run();
    if (made.meta.changes !== 1) {
      const raced = await this.d1.prepare("SELECT * FROM sandbox_records WHERE idem = ?").bind(input.idempotencyKey).first<SandboxRecord>();
      if (raced) return { id: raced.id, paymentId: input.paymentId, amount: raced.amount_paise, status: "processed" };
      throw new GatewayError("The refund amount is greater than what the payment has left, or it was not captured", 400);
    }
    return { id, paymentId: input.paymentId, amount: input.amountPaise, status: "processed" };
  }

  async fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund> {
    const row = await this.d1.prepare("SELECT * FROM sandbox_records WHERE id = ? AND kind = 'refund'").bind(refundId).first<SandboxRecord>();
    if (!row) throw new GatewayError(`No sandbox refund ${refundId}`, 400);
    return { id: row.id, paymentId, amount: row.amount_paise, status: "processed" };
  }
}

/** A sandbox link as the gateway sees it now (a created link past its expiry is expired). */
export async function sandboxLinkRecord(deps: Pick<Deps, "db">, linkId: string, now = Date.now()): Promise<SandboxRecord | null> {
  const d1 = deps.db.$client;
  await d1
    .prepare("UPDATE sandbox_records SET status = 'expired' WHERE id = ? AND kind = 'link' AND status = 'created' AND expires_at <= ?")
    .bind(linkId, now)
    .run();
  return d1.prepare("SELECT * FROM sandbox_records WHERE id = ? AND kind = 'link'").bind(linkId).first<SandboxRecord>();
}

function assertAmount(paise: number) {
  // Razorpay's minimum is ₹1 (100 paise); amounts are whole paise.
  if (!Number.isSafeInteger(paise) || paise < 100) throw new GatewayError(`Invalid amount ${paise}`, 400);
}
