import type { Deps } from "~/deps";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { FULFILMENT, type OrderStatus } from "~/orders/status";
import { InvalidInputError } from "~/lib/errors";
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

/** Paid orders (not cancelled) for deliveries from `from` to `to`, by date, slot and order number, with their lines. */
async function ordersBetween(deps: Pick<Deps, "db">, from: string, to: string) {
  const statuses = FULFILMENT.map(() => "?").join(", ");
  const { results: orders } = await deps.db.$client
    .prepare(
      `SELECT id, number, status, payment_state AS paymentState, delivery_date AS deliveryDate, delivery_slot AS deliverySlot,
         first_name AS firstName, last_name AS lastName, phone, address, city, state, zip,
         estimated_total_paise AS estimatedTotalPaise, final_total_paise AS finalTotalPaise, created_at AS createdAt
       FROM orders WHERE delivery_date BETWEEN ? AND ? AND status IN (${statuses})
       ORDER BY delivery_date, CASE delivery_slot WHEN 'morning' THEN 0 ELSE 1 END, number`,
    )
    .bind(from, to, ...FULFILMENT)
    .all<WorkRow>();
  const { results: items } = await deps.db.$client
    .prepare(
      `SELECT i.order_id AS orderId, i.name, i.quantity, i.unit FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.delivery_date BETWEEN ? AND ? AND o.status IN (${statuses}) ORDER BY i.id`,
    )
    .bind(from, to, ...FULFILMENT)
    .all<WorkItem>();
  return orders.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id) }));
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
      orders: orders.filter((o) => o.deliverySlot === slot).map((o) => ({ ...o, lines: o.items.map(itemText) })),
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
      ist(o.createdAt),
    ]),
  ]);
}
