/**
 * The payment gateway as the store uses it: Razorpay when its keys are set, the local sandbox gateway in
 * development without keys (same flow, same HMAC-SHA256 signatures, its own record of what it took).
 * Amounts are integer paise. Implementations live in `gateway.server.ts` (`getGateway`); nothing else talks
 * to Razorpay.
 */
export type GatewayName = "razorpay" | "sandbox";

export type GatewayOrder = { id: string; amount: number; currency: "INR"; receipt: string };

export type GatewayPaymentLink = { id: string; shortUrl: string; amount: number };

/** A link's life at the gateway: created → paid, cancelled or expired (no money is taken after the last two). */
export type GatewayLinkStatus = "created" | "partially_paid" | "paid" | "cancelled" | "expired";

/** A payment as the gateway reports it; only `captured` (and later `refunded`) ones took money. */
export type GatewayPayment = { id: string; amount: number; currency: string; status: string };

/** A payment in the gateway's statement: the gateway order it was made on (null if none), and when (epoch ms). */
export type StatementPayment = GatewayPayment & { orderId: string | null; createdAt: number };

export type GatewayRefund = { id: string; paymentId: string; amount: number; status: "pending" | "processed" | "failed" };

export type PaymentLinkInput = {
  amountPaise: number;
  /** Unique per link across the account (Razorpay refuses a repeat). */
  referenceId: string;
  description: string;
  /** The name the link's page shows as the seller (Razorpay's `options.checkout.name`); the account's own without it. */
  businessName?: string;
  /** Prefilled on the link's page. */
  customer: { name: string; email: string; contact: string };
  /** Whether the gateway itself sends the link by SMS and e-mail (and reminds); false when the shopper is sent to it at once. */
  notify: boolean;
  callbackUrl: string;
  /** Epoch ms after which the gateway refuses payments on the link (Razorpay wants it at least 15 minutes ahead). */
  expiresAt: number;
};

/** Razorpay refuses a link whose `expire_by` is less than this far ahead. */
export const MIN_LINK_EXPIRY_MS = 15 * 60_000;

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's Checkout needs (never the secret). */
  readonly keyId: string;
  /** Orders API: one gateway order per payment attempt (receipt = our order number). */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** The gateway's statement: every payment created since `since` (epoch ms), whatever it was made on. */
  listPayments(since: number): Promise<StatementPayment[]>;
  /**
   * Payment Links API: the balance after weighing (paid from My Orders or the e-mail) and, without
   * JavaScript, the ₹500 advance (the browser is sent straight to the link's page). UPI and cards.
   */
  createPaymentLink(input: PaymentLinkInput): Promise<GatewayPaymentLink>;
  /** Closes a link; answers the link's status afterwards ('paid' when it was paid first: it cannot be closed). */
  cancelPaymentLink(linkId: string): Promise<GatewayLinkStatus>;
  fetchPaymentLink(linkId: string): Promise<{ status: GatewayLinkStatus; payments: GatewayPayment[] }>;
  /** Refunds API, full or partial, idempotent by `idempotencyKey`. */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund>;
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
}

/** The keys of the gateway in use: the key id is public, the key and webhook secrets are server-only. */
export type GatewaySecrets = { name: GatewayName; keyId: string; keySecret: string; webhookSecret: string };

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
