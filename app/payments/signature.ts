/**
 * Razorpay's signatures, with Web Crypto (no SDK in the Worker): hex HMAC-SHA256.
 * - Checkout / callback: over `order_id + "|" + payment_id` with the key secret.
 * - Payment link callback: over `plink_id|reference_id|status|payment_id` with the key secret.
 * - Webhooks: over the raw request body with the webhook secret.
 * Comparisons are constant time, so a forged signature cannot be found byte by byte.
 */
import { safeEqual } from "~/lib/crypto.server";

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function paymentSignature(keySecret: string, gatewayOrderId: string, paymentId: string) {
  return hmacSha256Hex(keySecret, `${gatewayOrderId}|${paymentId}`);
}

/** True when `signature` is Razorpay's for this payment of the gateway order id WE stored. */
export async function verifyPaymentSignature(keySecret: string, storedGatewayOrderId: string, paymentId: string, signature: string) {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return safeEqual(await paymentSignature(keySecret, storedGatewayOrderId, paymentId), signature);
}

export function webhookSignature(webhookSecret: string, rawBody: string) {
  return hmacSha256Hex(webhookSecret, rawBody);
}

export async function verifyWebhookSignature(webhookSecret: string, rawBody: string, signature: string | null) {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return safeEqual(await webhookSignature(webhookSecret, rawBody), signature);
}

export function paymentLinkSignature(keySecret: string, link: { id: string; referenceId: string; status: string; paymentId: string }) {
  return hmacSha256Hex(keySecret, `${link.id}|${link.referenceId}|${link.status}|${link.paymentId}`);
}

export async function verifyPaymentLinkSignature(
  keySecret: string,
  link: { id: string; referenceId: string; status: string; paymentId: string },
  signature: string,
) {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return safeEqual(await paymentLinkSignature(keySecret, link), signature);
}
