import { z } from "zod";
import { eq } from "drizzle-orm";
import { webhookEvents } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { markAdvanceFailed } from "./advance.server";
import { gatewaySecrets } from "./gateway.server";
import { recordRefundOutcome } from "./ledger.server";
import { settlePayment } from "./settle.server";
import { hmacSha256Hex, verifyWebhookSignature } from "./signature";

/**
 * Razorpay's webhooks (and the sandbox's, through this same function): the signature over the RAW body
 * with the webhook secret, dedupe by event id, then the event. Every handler is idempotent on its own (the
 * conditional updates), so events may come late, twice, out of order or together with the callback; the
 * event-id table only spares repeated work.
 */
const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) });
const payment = entity({ id: z.string(), order_id: z.string().nullish(), amount: z.number().int(), currency: z.string(), status: z.string().optional() });

const eventSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: payment.optional(),
      order: entity({ id: z.string(), amount: z.number().int().optional() }).optional(),
      payment_link: entity({ id: z.string(), amount: z.number().int(), status: z.string().optional() }).optional(),
      refund: entity({ id: z.string(), payment_id: z.string(), amount: z.number().int() }).optional(),
    })
    .passthrough(),
});

export type WebhookResult = { status: 200 | 400 | 401 | 503; body: { success: boolean; error?: string; duplicate?: boolean } };

export async function handleRazorpayWebhook(
  deps: PrimaryDeps,
  rawBody: string,
  signature: string | null,
  eventIdHeader: string | null,
): Promise<WebhookResult> {
  const secrets = gatewaySecrets(deps.config);
  if (!secrets) return { status: 503, body: { success: false, error: "Payments are not configured" } };
  if (!(await verifyWebhookSignature(secrets.webhookSecret, rawBody, signature))) {
    return { status: 401, body: { success: false, error: "Invalid signature" } };
  }
  let parsed: z.infer<typeof eventSchema>;
  try {
    const result = eventSchema.safeParse(JSON.parse(rawBody));
    if (!result.success) return { status: 400, body: { success: false, error: "Unexpected event shape" } };
    parsed = result.data;
  } catch {
    return { status: 400, body: { success: false, error: "Malformed JSON" } };
  }
  const eventId = eventIdHeader && eventIdHeader.length <= 100 ? eventIdHeader : `body:${await hmacSha256Hex("event-id", rawBody)}`;
  const [seen] = await deps.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, eventId)).limit(1);
  if (seen) return { status: 200, body: { success: true, duplicate: true } };

  const p = parsed.payload;
  switch (parsed.event) {
    case "payment.captured":
    case "order.paid": {
      const pay = p.payment?.entity;
      const gatewayOrderId = pay?.order_id ?? p.order?.entity.id;
      if (pay && gatewayOrderId && (pay.status === undefined || pay.status === "captured")) {
        await settlePayment(deps, { attemptRef: gatewayOrderId, paymentId: pay.id, amountPaise: pay.amount, currency: pay.currency });
      }
      break;
    }
    case "payment.failed": {
      const orderId = p.payment?.entity.order_id;
      if (orderId) await markAdvanceFailed(deps, orderId);
      break;
    }
    case "payment_link.paid": {
      const link = p.payment_link?.entity;
      const pay = p.payment?.entity;
      if (link && pay) await settlePayment(deps, { attemptRef: link.id, paymentId: pay.id, amountPaise: pay.amount, currency: pay.currency });
      break;
    }
    case "refund.processed":
    case "refund.failed": {
      const refund = p.refund?.entity;
      if (refund) await recordRefundOutcome(deps, refund.id, parsed.event === "refund.processed" ? "processed" : "failed");
      break;
    }
    default:
      break; // Events we did not subscribe to are acknowledged, so Razorpay stops retrying them.
  }
  await deps.db.insert(webhookEvents).values({ id: eventId, type: parsed.event, receivedAt: deps.now() }).onConflictDoNothing({ target: webhookEvents.id });
  return { status: 200, body: { success: true } };
}
