import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { ATTEMPT_STATUS, payments, type Order, type Payment } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { payMessages } from "~/i18n/pay.messages";
import { ConflictError } from "~/lib/errors";
import { gatewaySecrets } from "./gateway.server";
import { verifyPaymentSignature } from "./signature";
import { ORDER_STATUS } from "~/orders/status";

/**
 * The ₹500 advance: a gateway order per attempt and the checks of the gateway's return. Settling the money
 * is the ledger's (`settlePayment`), whoever reports it.
 */

export type StartedPayment = { gateway: "razorpay" | "sandbox"; keyId: string; gatewayOrderId: string; amountPaise: number; currency: "INR" };

export class PaymentUnavailableError extends ConflictError {
  constructor() {
    super(checkoutMessages.checkout.notAvailable);
  }
}

/**
 * The order's newest open (`created`) advance attempt at `provider`: a Checkout order, or a payment link still
 * payable at `liveAt`. The two ways are never mixed: a link is reused only by a link, a Checkout order only by Checkout.
 */
export async function openAdvanceAttempt(
  deps: Pick<PrimaryDeps, "db">,
  orderId: number,
  provider: Payment["provider"],
  attempt: { way: "checkout" } | { way: "link"; liveAt: number },
): Promise<Payment | null> {
  const [open] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, "advance"),
        eq(payments.provider, provider),
        eq(payments.status, "created"),
        ...(attempt.way === "checkout" ? [isNull(payments.linkUrl)] : [isNotNull(payments.linkUrl), gt(payments.expiresAt, attempt.liveAt)]),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return open ?? null;
}

/**
 * A gateway order for the order's advance (amount from OUR order, never the client), for Checkout. An open
 * (`created`) Checkout attempt of the same gateway is reused, so reloading the pay page does not pile up gateway orders.
 */
export async function startAdvancePayment(deps: Pick<PrimaryDeps, "db" | "gateway">, order: Order): Promise<StartedPayment> {
  if (order.status !== ORDER_STATUS.payment_pending) throw new ConflictError(payMessages.notPending);
  const gateway = deps.gateway;
  if (!gateway) throw new PaymentUnavailableError();
  const open = await openAdvanceAttempt(deps, order.id, gateway.name, { way: "checkout" });
  if (open?.providerRef) {
    return { gateway: gateway.name, keyId: gateway.keyId, gatewayOrderId: open.providerRef, amountPaise: open.amountPaise, currency: "INR" };
  }
  const created = await gateway.createOrder({ amountPaise: order.advancePaise, receipt: order.number, notes: { order_number: order.number } });
  await deps.db.insert(payments).values({
    orderId: order.id,
    kind: "advance",
    provider: gateway.name,
    providerRef: created.id,
    amountPaise: order.advancePaise,
    currency: "INR",
    status: "created",
  });
  return { gateway: gateway.name, keyId: gateway.keyId, gatewayOrderId: created.id, amountPaise: order.advancePaise, currency: "INR" };
}

/**
 * Checks a Checkout callback: the signature must be Razorpay's over the gateway order id WE stored for this
 * order (a signature from another order, or for another gateway order id, fails), compared in constant time.
 */
export async function verifyAdvanceCallback(
  deps: Pick<PrimaryDeps, "db" | "config">,
  order: Order,
  input: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string },
): Promise<Payment | null> {
  const secrets = gatewaySecrets(deps.config);
  if (!secrets) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.kind, "advance"), eq(payments.providerRef, input.razorpayOrderId)))
    .limit(1);
  if (!row?.providerRef || row.provider !== secrets.name) return null;
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(input.razorpayPaymentId)) return null;
  const ok = await verifyPaymentSignature(secrets.keySecret, row.providerRef, input.razorpayPaymentId, input.razorpaySignature);
  return ok ? row : null;
}

/** A failed attempt (payment.failed, or the shopper's error callback). Never undoes a paid row. */
export async function markAdvanceFailed(deps: Pick<PrimaryDeps, "db" | "now">, gatewayOrderId: string, now = deps.now()): Promise<void> {
  await deps.db
    .update(payments)
    .set({ status: ATTEMPT_STATUS.failed, updatedAt: now })
    .where(and(eq(payments.providerRef, gatewayOrderId), eq(payments.kind, "advance"), eq(payments.status, ATTEMPT_STATUS.created)));
}
