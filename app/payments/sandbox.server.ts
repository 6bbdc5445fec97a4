import { and, eq } from "drizzle-orm";
import { orders, payments } from "~/db/schema";
import type { PaymentDeps } from "./advance.server";
import { SANDBOX_SECRETS, sandboxEnabled, sandboxId } from "./gateway.server";
import { paymentLinkSignature, paymentSignature, webhookSignature } from "./signature";
import { handleRazorpayWebhook } from "./webhook.server";

/**
 * The sandbox's side of a payment: what Razorpay would do when the shopper presses Pay or Fail. It signs
 * exactly as Razorpay does and delivers its webhooks to the same handler Razorpay's reach.
 */
export type SandboxEvent = "payment.captured" | "order.paid" | "payment.failed" | "payment_link.paid" | "refund.processed";

/** Signs and delivers one webhook event (raw body + X-Razorpay-Signature + event id), like Razorpay. */
export async function sendSandboxWebhook(deps: PaymentDeps, event: SandboxEvent, payload: Record<string, unknown>) {
  if (!sandboxEnabled(deps.config)) throw new Error("The sandbox exists only in development");
  const body = JSON.stringify({ entity: "event", account_id: "acc_sandbox", event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
  return handleRazorpayWebhook(deps, body, await webhookSignature(SANDBOX_SECRETS.webhookSecret, body), sandboxId("evt"));
}

/** The advance a sandbox gateway order is for (our payments row is the sandbox's memory). */
export async function sandboxCheckout(deps: PaymentDeps, gatewayOrderId: string) {
  const [row] = await deps.db
    .select({ id: payments.id, amountPaise: payments.amountPaise, status: payments.status, number: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.providerRef, gatewayOrderId), eq(payments.provider, "sandbox"), eq(payments.kind, "advance")))
    .limit(1);
  return row ?? null;
}

export type SandboxOutcome = { callback: string; webhooks: () => Promise<void> };

/**
 * Pay: a captured payment, the callback URL carrying razorpay_order_id, razorpay_payment_id and
 * razorpay_signature, and the payment.captured and order.paid webhooks (sent after the redirect, as
 * Razorpay's arrive on their own). Fail: the error callback and payment.failed.
 */
export async function sandboxDecide(deps: PaymentDeps, gatewayOrderId: string, decision: "pay" | "fail"): Promise<SandboxOutcome | null> {
  const row = await sandboxCheckout(deps, gatewayOrderId);
  if (!row) return null;
  const callback = `/orders/${row.number}/callback`;
  const paymentId = sandboxId("pay");
  const payment = { entity: { id: paymentId, entity: "payment", order_id: gatewayOrderId, amount: row.amountPaise, currency: "INR", status: decision === "pay" ? "captured" : "failed" } };
  if (decision === "fail") {
    const error = { code: "BAD_REQUEST_ERROR", description: "Payment failed", source: "customer", reason: "payment_failed", metadata: JSON.stringify({ payment_id: paymentId, order_id: gatewayOrderId }) };
    const query = new URLSearchParams(Object.entries(error).map(([k, v]) => [`error[${k}]`, v]));
    return { callback: `${callback}?${query}`, webhooks: async () => void (await sendSandboxWebhook(deps, "payment.failed", { payment })) };
  }
  const signature = await paymentSignature(SANDBOX_SECRETS.keySecret, gatewayOrderId, paymentId);
  const query = new URLSearchParams({ razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature });
  return {
    callback: `${callback}?${query}`,
    webhooks: async () => {
      await sendSandboxWebhook(deps, "payment.captured", { payment });
      await sendSandboxWebhook(deps, "order.paid", { payment, order: { entity: { id: gatewayOrderId, amount: row.amountPaise, status: "paid" } } });
    },
  };
}

/** A sandbox payment link: Pay sends payment_link.paid and returns to the link's callback with Razorpay's query. */
export async function sandboxPayLink(deps: PaymentDeps, linkId: string, referenceId: string) {
  const [row] = await deps.db.select().from(payments).where(and(eq(payments.providerRef, linkId), eq(payments.provider, "sandbox"), eq(payments.kind, "balance"))).limit(1);
  if (!row) return null;
  const paymentId = sandboxId("pay");
  await sendSandboxWebhook(deps, "payment_link.paid", {
    payment_link: { entity: { id: linkId, amount: row.amountPaise, status: "paid", reference_id: referenceId } },
    payment: { entity: { id: paymentId, entity: "payment", order_id: null, amount: row.amountPaise, currency: "INR", status: "captured" } },
  });
  const signature = await paymentLinkSignature(SANDBOX_SECRETS.keySecret, { id: linkId, referenceId, status: "paid", paymentId });
  return new URLSearchParams({
    razorpay_payment_id: paymentId,
    razorpay_payment_link_id: linkId,
    razorpay_payment_link_reference_id: referenceId,
    razorpay_payment_link_status: "paid",
    razorpay_signature: signature,
  });
}

export async function sandboxLink(deps: PaymentDeps, linkId: string) {
  const [row] = await deps.db
    .select({ amountPaise: payments.amountPaise, status: payments.status, number: orders.number })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.providerRef, linkId), eq(payments.provider, "sandbox"), eq(payments.kind, "balance")))
    .limit(1);
  return row ?? null;
}
