import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./csp";

describe("the Content-Security-Policy", () => {
  it("lets a form's answer redirect to a Razorpay payment link (rzp.io, then razorpay.com), and to nowhere else", () => {
    const formAction = contentSecurityPolicy("n")
      .split("; ")
      .find((d) => d.startsWith("form-action "));
    expect(formAction?.split(" ").slice(1)).toEqual([
      "'self'",
      "https://accounts.google.com",
      "https://rzp.io",
      "https://razorpay.com",
      "https://*.razorpay.com",
    ]);
  });
});
