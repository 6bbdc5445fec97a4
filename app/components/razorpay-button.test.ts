import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RazorpayButton } from "./razorpay-button";

describe("the pay page's Razorpay button", () => {
  it("without JavaScript posts to the store's own page (which answers with a payment link), never to Razorpay's hosted checkout", () => {
    const html = renderToStaticMarkup(
      createElement(RazorpayButton, {
        keyId: "rzp_test_KEY123",
        gatewayOrderId: "order_ABC",
        amountPaise: 50000,
        brand: "Godavari Pulasa",
        description: "₹500 Token Advance",
        prefill: { name: "Asha Rao", email: "asha@example.in", contact: "+919876543210" },
        callbackUrl: "https://store.test/orders/PUL-2611-ABCD/callback",
        cancelUrl: "https://store.test/orders/PUL-2611-ABCD/callback?cancelled=1",
        label: "Pay ₹500",
      }),
    );
    expect(html).toMatch(/^<form method="post" class="mt-6"><button type="submit"[^>]*>Pay ₹500<\/button><\/form>$/);
  });
});
