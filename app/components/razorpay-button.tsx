import { useEffect, useState } from "react";

/** What Razorpay Checkout needs for one advance: all of it decided by the server. */
export type RazorpayCheckout = {
  keyId: string;
  gatewayOrderId: string;
  amountPaise: number;
  brand: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  callbackUrl: string;
  cancelUrl: string;
};

type Props = RazorpayCheckout & { label: string };

const CHECKOUT_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
const THEME_COLOR = "#164c68";

type RazorpayCtor = new (options: Record<string, unknown>) => { open(): void };

/**
 * Razorpay, with or without JavaScript. The server-rendered form posts to this page, whose answer is a
 * redirect to a payment link for the advance (no script of ours needed, one press); once the page is
 * interactive the same button opens Razorpay Checkout instead, which returns to the same callback_url
 * (redirect mode), so both paths settle through one server route.
 */
export function RazorpayButton(props: Props) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const open = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    event.preventDefault();
    const form = event.currentTarget;
    // The script could not load (offline, blocked): the plain post, and so the payment link.
    await openRazorpayCheckout(props).catch(() => form.submit());
  };
  return (
    <form method="post" onSubmit={open} className="mt-6">
      <button type="submit" className="btn-primary w-full text-base">
        {props.label}
      </button>
    </form>
  );
}

/**
 * Opens Razorpay Checkout for one advance. It returns to `callbackUrl` (redirect mode), the same route the
 * hosted page returns to, so both settle through one server route. Rejects when the script cannot load.
 */
export async function openRazorpayCheckout(checkout: RazorpayCheckout) {
  const Razorpay = await loadCheckout();
  new Razorpay({
    key: checkout.keyId,
    order_id: checkout.gatewayOrderId,
    amount: checkout.amountPaise,
    currency: "INR",
    name: checkout.brand,
    description: checkout.description,
    prefill: checkout.prefill,
    theme: { color: THEME_COLOR },
    callback_url: checkout.callbackUrl,
    redirect: true,
  }).open();
}

let loading: Promise<RazorpayCtor> | null = null;

function loadCheckout(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("Razorpay Checkout did not load"));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error("Razorpay Checkout did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}
