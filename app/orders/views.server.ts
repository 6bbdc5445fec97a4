import type { OrderCardData } from "./card";
import { inLang, type Lang } from "~/i18n/lang";
import { formatDelivery } from "~/delivery/slots";
import { balanceDue, isLiveLink, knownDuePaise, summarizeLedger } from "~/payments/ledger";
import type { OrderView } from "./lookup.server";
import { ORDER_STATUS, PAYMENT_STATE, PRICE_ANSWER } from "./status";

/**
 * An order as its owner may see it: no internal ids, no other people's data. Every amount comes from the
 * order's ledger rows: what was paid, what was refunded and when, and the balance still due (with the live
 * link to pay it while it can still be paid at `now`, or the cash to keep ready). `cancelledByCustomer`: the
 * customer cancelled it themselves (they are not asked to contact support about it).
 */
export function toOrderCard(order: OrderView, lang: Lang, now: number, cancelledByCustomer = false): OrderCardData {
  const money = summarizeLedger(order.ledger);
  const advance = order.ledger.find((l) => l.kind === "capture" && l.reason === "advance");
  const balancePaid = order.ledger.filter((l) => (l.kind === "capture" || l.kind === "cash") && l.reason === "balance").at(-1);
  const refunds = order.ledger.filter((l) => l.kind === "refund");
  const link = order.payments.filter((p) => isLiveLink(p, now)).at(-1);
  const due = knownDuePaise(balanceDue(order, money));
  return {
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    delivery: order.deliveryDate && order.deliverySlot ? formatDelivery(order.deliveryDate, order.deliverySlot, lang) : null,
    estimatedTotalPaise: order.estimatedTotalPaise,
    finalTotalPaise: order.finalTotalPaise,
    source: order.source,
    queue: null,
    advancePaidPaise: money.advancePaidPaise,
    paidPaise: money.capturedPaise + money.cashPaise,
    paymentRef: advance?.ref ?? null,
    duePaise: due,
    balance:
      balancePaid && money.balancePaidPaise > 0
        ? { kind: "paid", amountPaise: money.balancePaidPaise, at: balancePaid.createdAt }
        : due > 0 && link?.linkUrl && order.paymentState === PAYMENT_STATE.balance_requested
          ? { kind: "link", amountPaise: due, url: link.linkUrl }
          : due > 0 && order.paymentState === PAYMENT_STATE.balance_on_delivery
            ? { kind: "on_delivery", amountPaise: due }
            : null,
    refunded:
      money.refundedPaise > 0 ? { amountPaise: money.refundedPaise, at: Math.max(...refunds.filter((r) => r.state === "done").map((r) => r.updatedAt)) } : null,
    refundPendingPaise: money.refundPendingPaise,
    cancelReason: order.status === ORDER_STATUS.order_cancelled ? order.cancelReason : null,
    cancelledByCustomer: order.status === ORDER_STATUS.order_cancelled && cancelledByCustomer,
    payable: order.status === ORDER_STATUS.payment_pending,
    answerAwaited: order.priceAnswer === PRICE_ANSWER.awaiting && order.status !== ORDER_STATUS.order_cancelled,
    items: order.items.map((i) => ({
      name: inLang(i.name, i.nameTe, lang),
      quantity: i.quantity,
      pricePaise: i.pricePaise,
      unit: i.productId === null ? null : i.unit,
      weightGrams: i.weightGrams,
      packsDelivered: i.packsDelivered,
      finalPaise: i.finalPaise,
    })),
  };
}
