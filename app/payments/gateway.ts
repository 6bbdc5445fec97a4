/**
 * The payment gateway as the store uses it: Razorpay when its keys are set, the local sandbox gateway in
 * development without keys (same flow, same HMAC-SHA256 signatures). Amounts are integer paise.
 * Implementations live in `gateway.server.ts` (`getGateway`); nothing else talks to Razorpay.
 */
export type GatewayName = "razorpay" | "sandbox";

export type GatewayOrder = { id: string; amount: number; currency: "INR"; receipt: string };

export type GatewayPaymentLink = { id: string; shortUrl: string; amount: number };

export type GatewayRefund = { id: string; paymentId: string; amount: number; status: "pending" | "processed" | "failed" };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's Checkout needs (never the secret). */
  readonly keyId: string;
  /** Orders API: one gateway order per payment attempt (receipt = our order number). */
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<GatewayOrder>;
  /** Payment Links API (the balance after weighing): UPI and cards, paid from My Orders or the e-mail. */
  createPaymentLink(input: {
    amountPaise: number;
    referenceId: string;
    description: string;
    customer: { name: string; email: string; contact: string };
    callbackUrl: string;
  }): Promise<GatewayPaymentLink>;
  /** Refunds API, full or partial, idempotent by `idempotencyKey`. */
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund>;
}
