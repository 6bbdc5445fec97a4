import type { AppLoadContext } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod";
import { shippingSchema } from "~/orders/checkout-schema";
import { and, desc, eq } from "drizzle-orm";
import { requireUser } from "~/auth/guards.server";
import { payments } from "~/db/schema";
import { getMessages } from "~/i18n/messages";
import { NotFoundError } from "~/lib/errors";
import { paymentDeps } from "~/orders/checkout.server";
import { getUserOrder } from "~/orders/orders.server";
import { storedPhone, tenDigitPhone } from "~/lib/phone";
import { ORDER_NUMBER_PATTERN } from "~/orders/rules";
import { redirectWithFlash } from "~/web/flash.server";
import { markAdvanceFailed, startAdvancePayment, verifyAdvanceCallback } from "./advance.server";
import { gatewaySecrets } from "./gateway.server";
import { settlePayment, type SettleOutcome } from "./ledger.server";
import { verifyPaymentLinkSignature } from "./signature";
import { orders } from "~/db/schema";
import { payMessages } from "~/i18n/pay.messages";

/** The signed-in user's own order by number, or a 404 (someone else's order looks like no order). */
export async function requireOwnOrder(request: Request, context: AppLoadContext, number: string | undefined) {
  const user = await requireUser(request, context, getMessages(context.config.product).shop.orders.loginToView);
  if (!number || !ORDER_NUMBER_PATTERN.test(number)) throw new Response("Not found", { status: 404 });
  try {
    return { user, order: await getUserOrder(context.db, user.id, { number }, Date.now()) };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/**
 * What the pay page needs: the open gateway attempt (if any) and how to pay it. Any payment_pending order
 * of the user can be paid here: a shop checkout, or a won auction the auctions side sends here.
 */
export async function payPageData(request: Request, context: AppLoadContext, number: string | undefined) {
  const { user, order } = await requireOwnOrder(request, context, number);
  if (order.status !== "payment_pending") throw await alreadyPaid(context, order);
  const secrets = gatewaySecrets(context.config);
  const [open] = secrets
    ? await context.db
        .select({ ref: payments.providerRef })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.kind, "advance"), eq(payments.provider, secrets.name), eq(payments.status, "created")))
        .orderBy(desc(payments.id))
        .limit(1)
    : [];
  const origin = new URL(request.url).origin;
  return {
    needsAddress: needsAddress(order),
    shipping: { firstName: order.firstName, lastName: order.lastName, phone: tenDigitPhone(order.phone), address: order.address, city: order.city, state: order.state, zip: order.zip },
    order: { number: order.number, source: order.source, advancePaise: order.advancePaise, estimatedTotalPaise: order.estimatedTotalPaise, reservedUntil: order.reservedUntil, items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, pricePaise: i.pricePaise })) },
    gateway: secrets?.name ?? null,
    keyId: secrets?.keyId ?? null,
    gatewayOrderId: open?.ref ?? null,
    prefill: { name: `${order.firstName} ${order.lastName}`, email: user.email, contact: order.phone },
    callbackUrl: `${origin}/orders/${order.number}/callback`,
    cancelUrl: `${origin}/orders/${order.number}/callback?cancelled=1`,
  };
}

/** A won auction's order starts with the profile's address, which may lack the city, state or pincode. */
function needsAddress(order: { city: string; state: string; zip: string }) {
  return !order.city || !order.state || !order.zip;
}

/**
 * 'Pay ₹500' on the pay page: a gateway attempt for our amount; the sandbox's page at once, Razorpay's via
 * the page. An order without a full address (a won auction) takes the shipping form first, same rules.
 */
export async function startPayment(request: Request, context: AppLoadContext, number: string | undefined) {
  const { order } = await requireOwnOrder(request, context, number);
  const m = getMessages(context.config.product).shop.checkout;
  if (order.status !== "payment_pending") throw await alreadyPaid(context, order);
  if (needsAddress(order)) {
    const submission = parseWithZod(await request.formData(), { schema: shippingSchema });
    if (submission.status !== "success") return data(submission.reply({ formErrors: [m.fixErrors] }), { status: 400 });
    const s = submission.value;
    await context.db
      .update(orders)
      .set({ firstName: s.firstName, lastName: s.lastName, phone: storedPhone(s.phone), address: s.address, city: s.city, state: s.state, zip: s.zip, updatedAt: Date.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, "payment_pending")));
  }
  try {
    const started = await startAdvancePayment(paymentDeps(context), order, new URL(request.url).origin);
    if (started.gateway === "sandbox") return redirect(`/sandbox/checkout/${started.gatewayOrderId}`, 303);
    return redirect(`/orders/${order.number}/pay`, 303);
  } catch (error) {
    console.error("creating the gateway order failed", error);
    return redirectWithFlash(context, `/orders/${order.number}/pay`, { type: "error", text: m.createFailed }, { status: 303 });
  }
}

/** Back on a pay page after paying (or after the order moved on): nothing to pay here any more. */
async function alreadyPaid(context: AppLoadContext, order: { number: string; status: string }) {
  const paid = order.status !== "payment_expired";
  return paid ? redirectWithFlash(context, `/orders/${order.number}`, { type: "info", text: payMessages.alreadyPaid }) : redirect(`/orders/${order.number}`);
}

/**
 * The gateway's return (Checkout's callback_url, hosted checkout's POST, a payment link's GET, or the
 * sandbox's redirect): razorpay_order_id (or razorpay_payment_link_id…), razorpay_payment_id and
 * razorpay_signature, or an `error[...]`. It carries no session (Razorpay posts cross-site), so the signature,
 * checked against the gateway order or link WE stored for this order, is the proof. It always ends in a
 * redirect to a clean URL, so the payment's query string never stays in the address bar.
 */
export async function handlePaymentCallback(context: AppLoadContext, number: string | undefined, fields: URLSearchParams) {
  const m = getMessages(context.config.product).shop;
  if (!number || !ORDER_NUMBER_PATTERN.test(number)) throw new Response("Not found", { status: 404 });
  const [order] = await context.db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) throw new Response("Not found", { status: 404 });
  const back = order.source === "shop" && order.status === "payment_pending" ? "/checkout" : `/orders/${order.number}`;
  const to = `/orders/${order.number}`;
  const failed = () => redirectWithFlash(context, back, { type: "error", text: m.checkout.verifyFailed }, { status: 303 });
  const deps = paymentDeps(context);
  const razorpayPaymentId = fields.get("razorpay_payment_id");
  const razorpaySignature = fields.get("razorpay_signature");
  const linkId = fields.get("razorpay_payment_link_id");
  if (linkId && razorpayPaymentId && razorpaySignature) {
    const secrets = gatewaySecrets(context.config);
    const [link] = await context.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, "balance"), eq(payments.providerRef, linkId)))
      .limit(1);
    const signed = { id: linkId, referenceId: fields.get("razorpay_payment_link_reference_id") ?? "", status: fields.get("razorpay_payment_link_status") ?? "", paymentId: razorpayPaymentId };
    if (!secrets || !link || link.provider !== secrets.name || signed.status !== "paid" || !(await verifyPaymentLinkSignature(secrets.keySecret, signed, razorpaySignature))) {
      return redirectWithFlash(context, to, { type: "error", text: m.checkout.verifyFailed }, { status: 303 });
    }
    const outcome = await settlePayment(deps, { attemptRef: linkId, paymentId: razorpayPaymentId });
    return redirectAfter(context, to, outcome, payMessages.balancePaidToast);
  }
  const razorpayOrderId = fields.get("razorpay_order_id");
  if (!razorpayOrderId || !razorpayPaymentId || !razorpaySignature) {
    const metadata = fields.get("error[metadata]");
    try {
      const gatewayOrderId = metadata ? (JSON.parse(metadata) as { order_id?: unknown }).order_id : null;
      if (typeof gatewayOrderId === "string") await markAdvanceFailed(context.db, gatewayOrderId);
    } catch {
      // An unreadable error report is still a failure.
    }
    return failed();
  }
  const row = await verifyAdvanceCallback(deps, order, { razorpayOrderId, razorpayPaymentId, razorpaySignature });
  if (!row) return failed();
  const outcome = await settlePayment(deps, { attemptRef: razorpayOrderId, paymentId: razorpayPaymentId });
  return redirectAfter(context, to, outcome, m.checkout.success);
}

function redirectAfter(context: AppLoadContext, to: string, outcome: SettleOutcome, success: string) {
  switch (outcome.kind) {
    case "paid":
    case "already":
      return redirectWithFlash(context, to, { type: "success", text: success }, { status: 303 });
    case "refunded":
    case "refund_pending":
      return redirectWithFlash(context, to, { type: "info", text: payMessages.unowedToast }, { status: 303 });
    default:
      return redirectWithFlash(context, to, { type: "error", text: getMessages(context.config.product).shop.checkout.verifyFailed }, { status: 303 });
  }
}
