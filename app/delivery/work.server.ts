import type { Deps } from "~/deps";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { FULFILMENT, type OrderStatus } from "~/orders/status";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { InvalidInputError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { balanceDuePaise, summarizeLedger, type LedgerEntry, type MoneySummary } from "~/payments/ledger";
import { addDays, DELIVERY_SLOTS, isCalendarDate, type DeliverySlot } from "./slots";
import { toCsv } from "./csv";

/** The longest date range one CSV export covers. */
export const MAX_EXPORT_DAYS = 31;

type WorkRow = {
  id: number;
  number: string;
  status: OrderStatus;
  paymentState: string;
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

type WorkItem = { orderId: number; name: string; quantity: number; unit: ProductUnit | null };

/**
 * What the delivery has to collect: the final price less what the order keeps (ledger), once weighed; before
 * that, about the estimated total less what it keeps.
 */
type Collect = { kind: "due"; paise: number } | { kind: "about"; paise: number } | { kind: "none" };

function toCollect(order: WorkRow, money: MoneySummary): Collect {
  if (order.finalTotalPaise === null) {
    const about = order.estimatedTotalPaise - money.keptPaise;
    return about > 0 ? { kind: "about", paise: about } : { kind: "none" };
  }
  const due = balanceDuePaise(order, money);
  return due > 0 ? { kind: "due", paise: due } : { kind: "none" };
}

/** Paid orders (not cancelled) for deliveries from `from` to `to`, by date, slot and order number, with their lines. */
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
    of(`SELECT i.order_id AS orderId, i.name, i.quantity, i.unit FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.delivery_date BETWEEN ? AND ? AND o.status IN (${statuses}) ORDER BY i.id`),
    of(`SELECT l.order_id AS orderId, l.kind, l.reason, l.state, l.amount_paise AS amountPaise FROM ledger l JOIN orders o ON o.id = l.order_id
       WHERE o.delivery_date BETWEEN ? AND ? AND o.status IN (${statuses})`),
  ]);
  const orders = orderRows.results as WorkRow[];
  const items = itemRows.results as WorkItem[];
  const ledger = ledgerRows.results as (LedgerEntry & { orderId: number })[];
  return orders.map((o) => {
    const money = summarizeLedger(ledger.filter((l) => l.orderId === o.id));
    return { ...o, items: items.filter((i) => i.orderId === o.id), paidPaise: money.keptPaise, collect: toCollect(o, money) };
  });
}

/** What the packing list says the delivery collects. */
function collectText(collect: Collect): string {
  const m = shopAdminMessages.work;
  if (collect.kind === "none") return m.collectNone;
  return format(collect.kind === "due" ? m.collect : m.collectAbout, { amount: formatRupees(collect.paise) });
}

const itemText = (i: WorkItem) => `${i.name} × ${quantityText(i.quantity, i.unit ?? "kg")}`;

/** One date's work: each slot's orders to pack, and what to pack in all, per product. */
export async function deliveryWork(deps: Pick<Deps, "db">, date: string) {
  if (!isCalendarDate(date)) throw new InvalidInputError("Choose a date");
  const orders = await ordersBetween(deps, date, date);
  const totals = new Map<string, { name: string; quantity: number; unit: ProductUnit }>();
  for (const i of orders.flatMap((o) => o.items)) {
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

/** The orders of a date range as CSV (amounts in rupees, times in IST). */
export async function deliveryCsv(deps: Pick<Deps, "db">, from: string, to: string): Promise<string> {
  if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) throw new InvalidInputError("Choose a start date on or before the end date");
  if (addDays(from, MAX_EXPORT_DAYS - 1) < to) throw new InvalidInputError(`Export at most ${MAX_EXPORT_DAYS} days at a time`);
  const orders = await ordersBetween(deps, from, to);
  const rupees = (paise: number | null) => (paise === null ? null : (paise / 100).toFixed(2));
  const ist = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  return toCsv([
    [
      "Order",
      "Delivery date",
      "Slot",
      "Status",
      "Payment",
      "Customer",
      "Phone",
      "Address",
      "City",
      "State",
      "Pincode",
      "Items",
      "Estimated (₹)",
      "Final (₹)",
      "Paid (₹)",
      "To collect (₹)",
      "Placed (IST)",
    ],
    ...orders.map((o) => [
      o.number,
      o.deliveryDate,
      o.deliverySlot,
      o.status,
      o.paymentState,
      `${o.firstName} ${o.lastName}`.trim(),
      o.phone,
      o.address,
      o.city,
      o.state,
      o.zip,
      o.items.map(itemText).join("; "),
      rupees(o.estimatedTotalPaise),
      rupees(o.finalTotalPaise),
      rupees(o.paidPaise),
      o.collect.kind === "none" ? "0.00" : rupees(o.collect.paise),
      ist(o.createdAt),
    ]),
  ]);
}
