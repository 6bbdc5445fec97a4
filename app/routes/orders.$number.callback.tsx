import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handlePaymentCallback } from "~/payments/pay-page.server";

/** The gateway's return: POST from Razorpay (Checkout, hosted checkout), GET from the sandbox and cancel_url. */
export const loader = ({ context, params, request }: LoaderFunctionArgs) => handlePaymentCallback(context, params.number, new URL(request.url).searchParams);

export async function action({ context, params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string") fields.append(k, v);
  return handlePaymentCallback(context, params.number, fields);
}
