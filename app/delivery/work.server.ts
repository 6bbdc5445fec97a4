import type { Deps } from "~/deps";
import { paymentLabel } from "~/admin/money-view";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { orderLineText, type OrderLine } from "~/orders/line-text";
import { FULFILMENT, ORDER_STATUS, type OrderStatus, type PaymentState } from "~/orders/status";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { InvalidInputError } from "~/lib/errors";
import { formatSpreadsheetDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { spacedPhone } from "~/lib/phone";
import { balanceDue, summarizeLedger, type BalanceDue, type LedgerEntry } from "~/payments/ledger";
import { addDays, DELIVERY_SLOTS, formatSlot, isCalendarDate, type DeliverySlot } from "./slots";
import { toCsv } from "./csv";

/** The longest date range one CSV export covers. */
export const MAX_EXPORT_DAYS = 31;

type WorkRow = {
  id: number;
  number: string;
  status: OrderStatus;
  paymentState: PaymentState;
  deliveryDate: string;
  deliverySlot: DeliverySlot;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  estimatedTotalPaise: number;
  finalTotalPaise: number | null;
  createdAt: number;
};

type WorkItem = OrderLine & { orderId: number; productId: number | null };

/** Paid orders (not cancelled) for deliveries from `from` to `to`, by date, slot and order number, with their lines and money. */
async function ordersBetween(deps: Pick<Deps, "db">, from: string, to: string) {
  const statuses = FULFILMENT.map(() => "?").join(", ");
  const d1 = deps.db.$client;
  const of = (sql: string) => d1.prepare(sql).bind(from, to, ...FULFILMENT);
  // One round trip: the orders, their lines and their ledger rows.
  const [orderRows, itemRows, ledgerRows] = await d1.batch([
    of(`SELECT id, number, status, payment_state AS paymentState, delivery_date AS deliveryDate, delivery_slot AS deliverySlot,
         first_name AS firstName, last_name AS lastName, phone, address, city, state, zip,
         estimated_total_paise AS estimatedTotalPaise, final_total_paise AS finalTotalPaise, created_at AS createdAt
       FROM orders WHERE delivery_date BETWEEN ? AND ? AND status IN (${statuses})
       ORDER BY delivery_date, CASE delivery_slot WHEN 'morning' THEN 0 ELSE 1 END, number`),
    of(`SELECT i.order_id AS orderId, i.product_id AS productId, i.name, i.quantity, i.unit, i.price_paise AS pricePaise,
         i.weight_grams AS weightGrams, i.packs_delivered AS packsDelivered, i.final_paise AS finalPaise
       FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.delivery_date BETWEEN ? AND ? AND o.status IN (${statuses}) ORDER BY i.id`),
    of(`SELECT l.order_id AS orderId, l.kind, l.reason, l.state, l.amount_paise AS amountPaise FROM ledger l JOIN orders o ON o.id = l.order_id
       WHERE o.delivery_date BETWEEN ? AND ? AND o.status IN (${statuses})`),
  ]);
  const orders = orderRows.results as WorkRow[];
  const items = itemRows.results as (Omit<WorkItem, "unit"> & { unit: ProductUnit | null })[];
  const ledger = ledgerRows.results as (LedgerEntry & { orderId: number })[];
  return orders.map((o) => {
    const rows = ledger.filter((l) => l.orderId === o.id);
    const money = summarizeLedger(rows);
    return {
      ...o,
      // An auction lot (no product) is one lot at its price, whatever unit its row holds.
      items: items.filter((i) => i.orderId === o.id).map((i): WorkItem => ({ ...i, unit: i.productId === null ? null : (i.unit ?? "kg") })),
      paidPaise: money.capturedPaise + money.cashPaise,
      refundedPaise: money.refundedPaise + money.refundPendingPaise,
      payment: paymentLabel(o, rows),
      collect: balanceDue(o, money),
    };
  });
}

/** What the packing list says the delivery collects. */
function collectText(collect: BalanceDue): string {
  const m = shopAdminMessages.work;
  if (collect.kind === "none") return m.collectNone;
  return format(collect.kind === "due" ? m.collect : m.collectAbout, { amount: formatRupees(collect.paise) });
}

/**
 * A line as the packer reads it: what was ordered, and once weighed or counted, the weight or the packs and the
 * line's final price ("Work Fish · 3 kg ordered · weighed 3.15 kg · ₹78,750"); an auction lot at its price.
 */
function itemText(i: WorkItem): string {
  const line = orderLineText(i, checkoutMessages.orders, "en");
  return i.finalPaise !== null || i.unit === null ? `${line.text} · ${formatRupees(line.paise)}` : line.text;
}

/** Orders still to pack or to hand to the delivery: what "To pack in all" counts (a shipped or delivered one has left). */
const TO_PACK: readonly OrderStatus[] = [ORDER_STATUS.order_raised, ORDER_STATUS.order_confirmed, ORDER_STATUS.order_packed];

/** One date's work: each slot's orders, and what is still to pack in all, per product. */
export async function deliveryWork(deps: Pick<Deps, "db">, date: string) {
  if (!isCalendarDate(date)) throw new InvalidInputError("Choose a date");
  const orders = await ordersBetween(deps, date, date);
  const totals = new Map<string, { name: string; quantity: number; unit: ProductUnit }>();
  for (const i of orders.filter((o) => TO_PACK.includes(o.status)).flatMap((o) => o.items)) {
    const unit = i.unit ?? "kg";
    const key = `${i.name}|${unit}`;
    const t = totals.get(key) ?? { name: i.name, quantity: 0, unit };
    t.quantity += i.quantity;
    totals.set(key, t);
  }
  return {
    date,
    slots: DELIVERY_SLOTS.map((slot) => ({
      slot,
      orders: orders.filter((o) => o.deliverySlot === slot).map((o) => ({ ...o, lines: o.items.map(itemText), collectText: collectText(o.collect) })),
    })),
    totals: [...totals.values()].map((t) => ({ name: t.name, text: quantityText(t.quantity, t.unit) })),
  };
}

/**
 * The orders of a date range as a CSV file for a spreadsheet (amounts in rupees, times in IST): it starts with
 * UTF-8's byte order mark, without which Excel reads ₹ and Telugu names as another encoding; statuses and
 * payments are the words the admin pages use, and a phone is written "98480 12345", which a spreadsheet keeps
 * as text (never as a number, nor as a formula like "+91…").
 */
export async function deliveryCsv(deps: Pick<Deps, "db">, from: string, to: string): Promise<string> {
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) throw new InvalidInputError("Choose a start date on or before the end date");
  if (addDays(from, MAX_EXPORT_DAYS - 1) < to) throw new InvalidInputError(`Export at most ${MAX_EXPORT_DAYS} days at a time`);
  const orders = await ordersBetween(deps, from, to);
  const labels = checkoutMessages.status.labels;
  const rupees = (paise: number | null) => (paise === null ? null : (paise / 100).toFixed(2));
  return `\uFEFF${toCsv([
    [
      "Order",
      "Delivery date",
      "Slot",
      "Status",
      "Payment",
      "Customer",
      "Phone (+91)",
      "Address",
      "City",
      "State",
      "Pincode",
      "Items",
      "Estimated (₹)",
      "Final (₹)",
      "Paid (₹)",
      "Refunded (₹)",
      "To collect (₹)",
      "Placed (IST)",
    ],
    ...orders.map((o) => [
      o.number,
      o.deliveryDate,
      formatSlot(o.deliverySlot),
      labels[o.status],
      o.payment,
      `${o.firstName} ${o.lastName}`.trim(),
      spacedPhone(o.phone),
      o.address,
      o.city,
      o.state,
      o.zip,
      o.items.map(itemText).join("; "),
      rupees(o.estimatedTotalPaise),
      rupees(o.finalTotalPaise),
      rupees(o.paidPaise),
      rupees(o.refundedPaise),
      o.collect.kind === "none" ? "0.00" : rupees(o.collect.paise),
      formatSpreadsheetDateTime(o.createdAt),
    ]),
  ])}`;
}
