import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { safeEqual as constantTimeEqual } from "~/lib/crypto.server";
import { paymentLinkSignature, paymentSignature, verifyPaymentSignature, verifyWebhookSignature, webhookSignature } from "./signature";

// The official SDK is a devDependency only: it cross-checks that we sign exactly as Razorpay does.
const require = createRequire(import.meta.url);
const { validatePaymentVerification, validateWebhookSignature } = require("razorpay/dist/utils/razorpay-utils") as {
  validatePaymentVerification: (params: Record<string, string>, signature: string, secret: string) => boolean;
  validateWebhookSignature: (body: string, signature: string, secret: string) => boolean;
};

const secret = "test-key-secret";

describe("Razorpay signatures", () => {
  it("signs a payment as Razorpay's SDK verifies it, and refuses another order's signature", async () => {
    const signature = await paymentSignature(secret, "order_ABC123", "pay_XYZ789");
    expect(validatePaymentVerification({ order_id: "order_ABC123", payment_id: "pay_XYZ789" }, signature, secret)).toBe(true);
    expect(await verifyPaymentSignature(secret, "order_ABC123", "pay_XYZ789", signature)).toBe(true);
    expect(await verifyPaymentSignature(secret, "order_OTHER00", "pay_XYZ789", signature)).toBe(false);
    expect(await verifyPaymentSignature("other-secret", "order_ABC123", "pay_XYZ789", signature)).toBe(false);
    expect(await verifyPaymentSignature(secret, "order_ABC123", "pay_XYZ789", signature.toUpperCase())).toBe(false);
    expect(await verifyPaymentSignature(secret, "order_ABC123", "pay_XYZ789", "")).toBe(false);
  });

  it("signs a payment link callback as the SDK does", async () => {
    const link = { id: "plink_1", referenceId: "PUL-2611-7F3K-B1", status: "paid", paymentId: "pay_2" };
    const signature = await paymentLinkSignature(secret, link);
    expect(
      validatePaymentVerification(
        { payment_link_id: link.id, payment_id: link.paymentId, payment_link_reference_id: link.referenceId, payment_link_status: link.status },
        signature,
        secret,
      ),
    ).toBe(true);
  });

  it("signs the raw webhook body as the SDK verifies it; one changed byte fails", async () => {
    const body = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: "pay_1", amount: 50000 } } } });
    const signature = await webhookSignature("hook-secret", body);
    expect(validateWebhookSignature(body, signature, "hook-secret")).toBe(true);
    expect(await verifyWebhookSignature("hook-secret", body, signature)).toBe(true);
    expect(await verifyWebhookSignature("hook-secret", body.replace("50000", "50001"), signature)).toBe(false);
    expect(await verifyWebhookSignature("hook-secret", body, null)).toBe(false);
  });

  it("compares in constant time and still tells strings apart", () => {
    expect(constantTimeEqual("abc", "abc")).toBe(true);
    expect(constantTimeEqual("abc", "abd")).toBe(false);
    expect(constantTimeEqual("abc", "abcd")).toBe(false);
  });
});
