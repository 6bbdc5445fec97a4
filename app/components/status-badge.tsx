import type { OrderStatus } from "~/orders/status";

const tone: Partial<Record<OrderStatus, string>> = {
  order_cancelled: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  payment_expired: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  payment_pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  order_delivered: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
};

/** An order's status as a coloured badge (the customer's and the admin's views share it). */
export function StatusBadge({ status, label, srPrefix }: { status: OrderStatus; label: string; srPrefix?: string }) {
  return (
    <span className={`badge ${tone[status] ?? "bg-river-100 text-river-900 dark:bg-river-800 dark:text-river-50"}`}>
      {srPrefix ? <span className="sr-only">{srPrefix}: </span> : null}
      {label}
    </span>
  );
}
