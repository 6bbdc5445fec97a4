import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { razorpayWebhookResponse } from "~/payments/webhook-route.server";

/** Razorpay's webhooks (payment.captured, order.paid, payment.failed, payment_link.paid, refund.processed). */
export const action = ({ request, context }: ActionFunctionArgs) => razorpayWebhookResponse(request, context);
export const loader = ({ request, context }: LoaderFunctionArgs) => razorpayWebhookResponse(request, context);
