import type { AppLoadContext } from "@remix-run/cloudflare";
import { paymentDeps } from "~/orders/checkout.server";
import { handleRazorpayWebhook } from "./webhook.server";

/** POST /api/payments/razorpay-webhook: the raw body is read once, as text, so its signature can be checked. */
export async function razorpayWebhookResponse(request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return Response.json({ success: false, error: "Method not allowed" }, { status: 405 });
  const raw = await request.text();
  if (raw.length > 256_000) return Response.json({ success: false, error: "Request body too large" }, { status: 413 });
  const result = await handleRazorpayWebhook(paymentDeps(context), raw, request.headers.get("X-Razorpay-Signature"), request.headers.get("X-Razorpay-Event-Id"));
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
