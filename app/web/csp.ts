import { createContext, useContext } from "react";

/**
 * Content-Security-Policy. Scripts run only from our origin or with this response's nonce (no
 * 'unsafe-inline'), so an injected inline script does not run. Razorpay's Checkout script, frame, API and
 * payment links (the checkout without JavaScript redirects to one), and Google's sign-in page (a form posts to
 * /auth/google, which redirects there) are the only other origins.
 *
 * Every render draws a random nonce. A copy from the edge cache carries the nonce it was rendered with, so the
 * Worker swaps it for a fresh one (`withFreshNonce` in workers/security-headers.ts): no two responses share one.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://checkout.razorpay.com`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.razorpay.com",
    "font-src 'self'",
    "media-src 'self'",
    "connect-src 'self' https://*.razorpay.com",
    "frame-src https://api.razorpay.com https://checkout.razorpay.com",
    // A form's answer may redirect to a Razorpay payment link (rzp.io, then razorpay.com): form-action covers redirects.
    "form-action 'self' https://accounts.google.com https://rzp.io https://razorpay.com https://*.razorpay.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The nonce of the page being rendered on the server (empty in the browser, where scripts are already trusted). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
