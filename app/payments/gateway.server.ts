import type { AppConfig } from "../config.server";
import type { Db } from "../db/client.server";
import type { GatewaySecrets, PaymentGateway } from "./gateway";
import { RazorpayGateway } from "./razorpay.server";
import { SANDBOX_SECRETS, SandboxGateway } from "./sandbox-gateway.server";

/**
 * `getGateway(config, db, origin)`, called by createDeps only (so `deps.gateway` is the one gateway): Razorpay (Orders, Payment Links and Refunds APIs over fetch with Basic auth) when
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set; the local sandbox in development
 * and tests without keys; null in production without keys (online payment is not available).
 *
 * The sandbox plays Razorpay's part on our own origin (/sandbox/...): same id shapes, same HMAC-SHA256
 * signatures (with the fixed secrets in sandbox-gateway.server.ts), signed webhooks delivered to the same handler Razorpay would
 * hit, and its own record of orders, links, payments and refunds (`sandbox_records`), so the store can be
 * reconciled against it. It never exists in production.
 */
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
