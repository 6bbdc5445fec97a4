import { handleRazorpayWebhook } from "~/payments/webhook.server";
import { apiRoute, endpoint, reply, storeApi } from "~/web/api.server";
import { onPrimary } from "~/deps.server";

/** Razorpay's events are a few kilobytes; anything near this is not one of them. */
export const MAX_WEBHOOK_BYTES = 256_000;

/**
 * Razorpay's webhooks (payment.captured, order.paid, payment.failed, payment_link.paid, refund.processed): the
 * raw body is read once, within MAX_WEBHOOK_BYTES, so its signature can be checked over exactly those bytes.
 */
const WEBHOOK_API = storeApi(
  [
    endpoint({
      method: "POST",
      path: "/api/payments/razorpay-webhook",
      guard: "public",
      body: { bytes: MAX_WEBHOOK_BYTES },
      async handler({ request, deps, body }) {
        const raw = new TextDecoder().decode(body);
        const result = await handleRazorpayWebhook(
          onPrimary(deps),
          raw,
          request.headers.get("X-Razorpay-Signature"),
          request.headers.get("X-Razorpay-Event-Id"),
        );
        return reply(result.status, result.body);
      },
    }),
  ],
  "Could not read the webhook",
);

export const loader = apiRoute(WEBHOOK_API, "/api/payments/razorpay-webhook");
export const action = loader;
