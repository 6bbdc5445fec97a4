import type { AppLoadContext } from "@remix-run/cloudflare";
import { toJsonError } from "~/lib/errors";
import { paymentDeps } from "~/orders/checkout.server";
import { readLimitedText } from "~/web/body-limit.server";
import { handleRazorpayWebhook } from "./webhook.server";

/** Razorpay's events are a few kilobytes; anything near this is not one of them. */
const MAX_WEBHOOK_BYTES = 256_000;

/**
 * POST /api/payments/razorpay-webhook: the raw body is read once, as text, so its signature can be checked;
 * a body above MAX_WEBHOOK_BYTES is answered 413 before any of it is processed.
 */
export async function razorpayWebhookResponse(request: Request, context: AppLoadContext): Promise<Response> {
  if (request.method !== "POST") return Response.json({ success: false, error: "Method not allowed" }, { status: 405 });
  let raw: string;
  try {
    raw = await readLimitedText(request, MAX_WEBHOOK_BYTES);
  } catch (error) {
    return toJsonError(error, "Could not read the webhook");
  }
  const result = await handleRazorpayWebhook(paymentDeps(context), raw, request.headers.get("X-Razorpay-Signature"), request.headers.get("X-Razorpay-Event-Id"));
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}
