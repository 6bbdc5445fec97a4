import type { Deps } from "../deps";
import type {
  GatewayLinkStatus,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentLink,
  GatewayRefund,
  GatewaySecrets,
  PaymentGateway,
  PaymentLinkInput,
  StatementPayment,
} from "./gateway";
import { GatewayError, MIN_LINK_EXPIRY_MS } from "./gateway";

/** Published on purpose: they sign nothing but sandbox payments, which exist only outside production. */
export const SANDBOX_SECRETS: GatewaySecrets = {
  name: "sandbox",
  keyId: "rzp_test_sandbox",
  keySecret: "sandbox-key-secret-for-local-payments-only",
  webhookSecret: "sandbox-webhook-secret-for-local-payments-only",
};

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
  details: string | null;
  created_at: number;
};

/** What a link's page shows beside the amount, as the store asked for it. */
export type SandboxLinkDetails = { description: string; businessName: string | null; customer: { name: string; email: string; contact: string } };

/** The sandbox's switches, set by tests to lose what Razorpay can lose: `refunds` = fail, `webhooks` / `callbacks` = drop. */
export async function sandboxSetting(deps: Pick<Deps, "db">, key: "refunds" | "webhooks" | "callbacks"): Promise<string | null> {
  const row = await deps.db.$client.prepare("SELECT value FROM sandbox_settings WHERE key = ?").bind(key).first<{ value: string }>();
  return row?.value ?? null;
}

/**
 * The sandbox gateway: Razorpay's behaviour where the store depends on it, kept in `sandbox_records`: a link
 * takes no money once cancelled or past its expiry (and is refused if it would expire within 15 minutes), a
 * refund never exceeds what its payment has left, the same idempotency key gives the same refund, and refunds
 * can be told to fail.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox" as const;
  readonly keyId = SANDBOX_SECRETS.keyId;
  constructor(
    private readonly books: Pick<Deps, "db">,
    private readonly origin: string,
  ) {}

  private get d1() {
    return this.books.db.$client;
  }

  private insert(
    record: Omit<SandboxRecord, "expires_at" | "created_at" | "details"> & { expires_at?: number | null; idem?: string | null; details?: string | null },
  ) {
    return this.d1
      .prepare(
        "INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, reference, idem, expires_at, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        record.details ?? null,
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

  /**
   * Like Razorpay's statement, a payment names the gateway order it was made on: a checkout's, or, for a
   * payment link, an order the gateway made for the link itself, which the store never saw (so a lost link
   * payment is found only by asking about the link).
   */
  async listPayments(since: number): Promise<StatementPayment[]> {
    const rows = await this.d1
      .prepare(
        `SELECT p.*, o.kind AS parent_kind FROM sandbox_records p LEFT JOIN sandbox_records o ON o.id = p.parent
         WHERE p.kind = 'payment' AND p.created_at >= ? ORDER BY p.created_at`,
      )
      .bind(since)
      .all<SandboxRecord & { parent_kind: string | null }>();
    return rows.results.map((p) => ({
      id: p.id,
      amount: p.amount_paise,
      currency: "INR",
      status: p.status,
      orderId: p.parent_kind === "link" ? `order_of_${p.parent}` : p.parent,
      createdAt: p.created_at,
    }));
  }

  async createPaymentLink(input: PaymentLinkInput): Promise<GatewayPaymentLink> {
    assertAmount(input.amountPaise);
    if (input.expiresAt < Date.now() + MIN_LINK_EXPIRY_MS) throw new GatewayError("expire_by should be at least 15 minutes after current time", 400);
    const id = sandboxId("plink");
    const details: SandboxLinkDetails = { description: input.description, businessName: input.businessName ?? null, customer: input.customer };
    await this.insert({
      id,
      kind: "link",
      parent: null,
      amount_paise: input.amountPaise,
      status: "created",
      reference: input.referenceId,
      expires_at: input.expiresAt,
      details: JSON.stringify(details),
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
