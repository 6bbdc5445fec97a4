import type { OrderCardData } from "~/components/order-card";
import type { OrderView } from "./orders.server";

/**
 * An order as its owner may see it: no internal ids, no other people's data. The payment reference is the
 * captured advance's payment id ('N/A' until paid); a balance link shows while the balance is open.
 */
export function toOrderCard(order: OrderView): OrderCardData {
  const advance = order.payments.find((p) => p.kind === "advance" && (p.status === "paid" || p.status === "refunded" || p.status === "refund_due" || p.status === "refunding"));
  const advancePaid = order.payments.filter((p) => p.kind === "advance" && p.status === "paid").reduce((sum, p) => sum + p.amountPaise, 0);
  const balance = order.payments.filter((p) => p.kind === "balance" && p.status === "created").at(-1);
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    estimatedTotalPaise: order.estimatedTotalPaise,
    finalTotalPaise: order.finalTotalPaise,
    advancePaidPaise: advancePaid,
    paymentRef: advance?.paymentId ?? null,
    balanceLink: balance?.linkUrl ?? null,
    payable: order.status === "payment_pending",
    items: order.items.map((i) => ({ name: i.name, quantity: i.quantity, pricePaise: i.pricePaise })),
  };
}
