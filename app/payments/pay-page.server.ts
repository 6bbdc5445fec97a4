import { and, eq } from "drizzle-orm";
import { chosenShipping, listAddresses, rememberAddress, toAddressView } from "~/addresses/addresses.server";
import { lotDeliveryChoices } from "~/catalog/availability.server";
import type { CheckoutValue } from "~/orders/checkout-schema";
import { auctions, orders, payments } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { inLang } from "~/i18n/lang";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { tenDigitPhone } from "~/lib/phone";
import { bookLotDelivery } from "~/orders/auction-order.server";
import { getUserOrder, type OrderView } from "~/orders/lookup.server";
import { ORDER_NUMBER_PATTERN } from "~/orders/rules";
import { markAdvanceFailed, openAdvanceAttempt, verifyAdvanceCallback } from "./advance.server";
import { gatewaySecrets } from "./gateway.server";
import { type SettleOutcome, settlePayment } from "./settle.server";
import { isLinkAttempt } from "./links.server";
import { verifyPaymentLinkSignature } from "./signature";
import { payMessages } from "~/i18n/pay.messages";
import { ORDER_STATUS } from "~/orders/status";

/** The user's own order by number; a malformed number or someone else's order is NotFound (it looks like no order). */
export async function getOwnOrder(deps: Pick<Deps, "db" | "primaryDb" | "now">, userId: number, number: string | undefined): Promise<OrderView> {
  if (!number || !ORDER_NUMBER_PATTERN.test(number)) throw new NotFoundError("Order not found");
  return getUserOrder(deps, userId, { number }, deps.now());
}

/** The order is no longer waiting for its advance: paid (or moved on), or its reservation expired. */
export class NotPayableError extends ConflictError {
  constructor(
    readonly number: string,
    readonly paid: boolean,
  ) {
    super(payMessages.notPending);
  }
}

/** The user's own order that still waits for its advance; NotPayableError once it does not. */
export async function getPayableOrder(deps: Pick<Deps, "db" | "primaryDb" | "now">, userId: number, number: string | undefined): Promise<OrderView> {
  const order = await getOwnOrder(deps, userId, number);
  if (order.status !== ORDER_STATUS.payment_pending) throw new NotPayableError(order.number, order.status !== ORDER_STATUS.payment_expired);
  return order;
}

/** A won lot's order is booked on its pay page: the winner gives the address and chooses the delivery date and slot. */
export function booksDelivery(order: Pick<OrderView, "source">) {
  return order.source === "auction";
}

/** Who won the auction a lot order is for (null while nobody has). */
async function lotWinner(deps: Pick<Deps, "db">, auctionId: number): Promise<number | null> {
  const [row] = await deps.db.select({ winner: auctions.winnerUserId }).from(auctions).where(eq(auctions.id, auctionId)).limit(1);
  return row?.winner ?? null;
}

/**
 * What the pay page shows: the open gateway attempt (if any) and how to pay it. Any payment_pending order of
 * the user can be paid there: a shop checkout, or a won auction the auctions side sends there.
 */
export async function payPageData(deps: Pick<PrimaryDeps, "db" | "config" | "origin" | "now" | "lang">, user: { id: number; email: string }, order: OrderView) {
  const secrets = gatewaySecrets(deps.config);
  const open = secrets ? await openAdvanceAttempt(deps, order.id, secrets.name, { way: "checkout" }) : null;
  const booking = booksDelivery(order);
  const chosen = order.deliveryDate && order.deliverySlot ? `${order.deliveryDate}.${order.deliverySlot}` : null;
  const choices = booking ? await lotDeliveryChoices(deps, order, deps.now()) : [];
  return {
    booksDelivery: booking,
    // A lot's order for someone other than its winner is a second chance: the page does not say they won.
    offered: order.auctionId !== null && (await lotWinner(deps, order.auctionId)) !== order.userId,
    choices,
    // The winner's earlier choice comes back chosen while it can still be booked.
    chosenDelivery: choices.some((c) => c.slots.some((s) => s.open && `${c.date}.${s.slot}` === chosen)) ? chosen : null,
    addresses: booking ? (await listAddresses(deps, user.id)).map((a) => toAddressView(a, messagesFor(deps).shop.states)) : [],
    shipping: {
      firstName: order.firstName,
      lastName: order.lastName,
      phone: tenDigitPhone(order.phone),
      address: order.address,
      city: order.city,
      state: order.state,
      zip: order.zip,
    },
    order: {
      number: order.number,
      source: order.source,
      advancePaise: order.advancePaise,
      estimatedTotalPaise: order.estimatedTotalPaise,
      reservedUntil: order.reservedUntil,
      items: order.items.map((i) => ({
        name: inLang(i.name, i.nameTe, deps.lang),
        quantity: i.quantity,
        pricePaise: i.pricePaise,
        unit: i.productId === null ? null : i.unit,
      })),
    },
    gateway: secrets?.name ?? null,
    keyId: secrets?.keyId ?? null,
    gatewayOrderId: open?.providerRef ?? null,
    prefill: { name: `${order.firstName} ${order.lastName}`, email: user.email, contact: order.phone },
    callbackUrl: `${deps.origin}/orders/${order.number}/callback`,
    cancelUrl: `${deps.origin}/orders/${order.number}/callback?cancelled=1`,
  };
}

/**
 * 'Pay ₹500' on a won lot's pay page, first step: the address (typed, or a saved one checked again) and the
 * delivery date and slot are booked on the order, and the address is remembered as the account's last used.
 * Returns the order as the gateway should see it.
 */
export async function bookForPayment(
  deps: Pick<PrimaryDeps, "db" | "primaryDb" | "config" | "lang" | "now">,
  userId: number,
  order: OrderView,
  value: CheckoutValue,
): Promise<OrderView> {
  const shipping = await chosenShipping(deps, userId, value);
  const now = deps.now();
  await bookLotDelivery(deps, order, shipping, value.delivery, now);
  try {
    await rememberAddress(deps, userId, shipping, now);
  } catch (error) {
    console.error("saving the pay page's address failed", error);
  }
  return getPayableOrder(deps, userId, order.number);
}

export type ReturnOutcome = { to: string; toast: { type: "success" | "info" | "error"; text: string } };

/**
 * The gateway's return (Checkout's callback_url, hosted checkout's POST, a payment link's GET for the advance
 * or the balance, or the sandbox's redirect): razorpay_order_id (or razorpay_payment_link_id…), razorpay_payment_id and
 * razorpay_signature, or an `error[...]`. It carries no session (Razorpay posts cross-site), so the signature,
 * checked against the gateway order or link WE stored for this order, is the proof. Returns where to send the
 * browser (a clean URL, so the payment's query string never stays in the address bar) and what to tell it.
 */
export async function settleReturn(deps: PrimaryDeps, number: string | undefined, fields: URLSearchParams): Promise<ReturnOutcome> {
  const m = messagesFor(deps).shop;
  if (!number || !ORDER_NUMBER_PATTERN.test(number)) throw new NotFoundError("Order not found");
  const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!order) throw new NotFoundError("Order not found");
  const back = order.source === "shop" && order.status === ORDER_STATUS.payment_pending ? "/checkout" : `/orders/${order.number}`;
  const to = `/orders/${order.number}`;
  // A pre-booking's advance keeps a place in the season's queue; any other order's places the order.
  const advanced = order.source === "season" ? sectionsFor(deps).season.booked : m.checkout.success;
  const failed: ReturnOutcome = { to: back, toast: { type: "error", text: m.checkout.verifyFailed } };
  const razorpayPaymentId = fields.get("razorpay_payment_id");
  const razorpaySignature = fields.get("razorpay_signature");
  const linkId = fields.get("razorpay_payment_link_id");
  if (linkId && razorpayPaymentId && razorpaySignature) {
    const secrets = gatewaySecrets(deps.config);
    const [link] = await deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.providerRef, linkId), isLinkAttempt))
      .limit(1);
    const signed = {
      id: linkId,
      referenceId: fields.get("razorpay_payment_link_reference_id") ?? "",
      status: fields.get("razorpay_payment_link_status") ?? "",
      paymentId: razorpayPaymentId,
    };
    if (
      !secrets ||
      !link ||
      link.provider !== secrets.name ||
      signed.status !== "paid" ||
      !(await verifyPaymentLinkSignature(secrets.keySecret, signed, razorpaySignature))
    ) {
      return { to: link?.kind === "advance" ? back : to, toast: { type: "error", text: m.checkout.verifyFailed } };
    }
    const outcome = await settlePayment(deps, { attemptRef: linkId, paymentId: razorpayPaymentId });
    return after(deps, to, outcome, link.kind === "advance" ? advanced : sectionsFor(deps).pay.balancePaidToast);
  }
  const razorpayOrderId = fields.get("razorpay_order_id");
  if (!razorpayOrderId || !razorpayPaymentId || !razorpaySignature) {
    const metadata = fields.get("error[metadata]");
    try {
      const gatewayOrderId = metadata ? (JSON.parse(metadata) as { order_id?: unknown }).order_id : null;
      if (typeof gatewayOrderId === "string") await markAdvanceFailed(deps, gatewayOrderId);
    } catch {
      // An unreadable error report is still a failure.
    }
    return failed;
  }
  const row = await verifyAdvanceCallback(deps, order, { razorpayOrderId, razorpayPaymentId, razorpaySignature });
  if (!row) return failed;
  const outcome = await settlePayment(deps, { attemptRef: razorpayOrderId, paymentId: razorpayPaymentId });
  return after(deps, to, outcome, advanced);
}

function after(deps: Pick<Deps, "config" | "lang">, to: string, outcome: SettleOutcome, success: string): ReturnOutcome {
  switch (outcome.kind) {
    case "paid":
    case "already":
      return { to, toast: { type: "success", text: success } };
    case "refunded":
    case "refund_pending":
      return { to, toast: { type: "info", text: sectionsFor(deps).pay.unowedToast } };
    default:
      return { to, toast: { type: "error", text: messagesFor(deps).shop.checkout.verifyFailed } };
  }
}
