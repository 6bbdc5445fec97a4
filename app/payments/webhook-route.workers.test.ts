import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chunkedUpload, jsonOfSize } from "../../tests/setup/chunked-body";
import { loadContext } from "../../tests/setup/load-context";
import { SANDBOX_SECRETS } from "./sandbox-gateway.server";
import { webhookSignature } from "./signature";
import { action as webhookRoute } from "~/routes/api.payments.razorpay-webhook";

const CAP = 256_000;

async function post(body: string, eventId: string) {
  const headers = {
    "Content-Type": "application/json",
    "X-Razorpay-Event-Id": eventId,
    "X-Razorpay-Signature": await webhookSignature(SANDBOX_SECRETS.webhookSecret, body),
  };
  const { request, sent } = chunkedUpload("https://store.test/api/payments/razorpay-webhook", { method: "POST", headers, body });
  return { response: await webhookRoute({ request, context: await loadContext(request), params: {} }), sent: sent() };
}

const recorded = async (eventId: string) => (await env.DB.prepare("SELECT 1 AS n FROM webhook_events WHERE id = ?").bind(eventId).first()) !== null;

describe("webhook body limit (chunked, no Content-Length)", () => {
  it("refuses a signed body over the cap with 413 as soon as it passes it, before processing it", async () => {
    const { response: oneOver } = await post(jsonOfSize(CAP + 1, { event: "payment.failed", payload: {} }), "evt_one_over");
    expect(oneOver.status).toBe(413);
    expect(oneOver.headers.get("Cache-Control")).toBe("no-store");
    expect(await oneOver.json()).toEqual({ success: false, error: "Request body too large" });
    const huge = await post(jsonOfSize(4 * 1024 * 1024, { event: "payment.failed", payload: {} }), "evt_huge");
    expect(huge.response.status).toBe(413);
    expect(huge.sent).toBeLessThan(CAP + 100_000);
    expect([await recorded("evt_one_over"), await recorded("evt_huge")]).toEqual([false, false]);
  });

  it("processes a signed body of exactly the cap", async () => {
    const { response } = await post(jsonOfSize(CAP, { event: "payment.failed", payload: {} }), "evt_at_cap");
    expect(response.status).toBe(200);
    expect(await recorded("evt_at_cap")).toBe(true);
  });
});
