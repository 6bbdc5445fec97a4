import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import type { PriceAnswer } from "~/orders/status";
import { ORDER_STATUS } from "~/orders/status";

const m = adminMessages.detail;

/** The admin's view of the customer's price limit, and of their answer when the weighing came in above it. */
export function AdminOrderCeiling({
  order,
}: {
  order: {
    source: string;
    status: string;
    ceilingPaise: number | null;
    ceilingPercent: number | null;
    finalTotalPaise: number | null;
    priceAnswer: PriceAnswer | null;
    answerDueAt: number | null;
  };
}) {
  const limit =
    order.source !== "shop"
      ? m.lotNoCeiling
      : order.ceilingPaise !== null && order.ceilingPercent !== null
        ? format(m.ceilingValue, { amount: formatRupees(order.ceilingPaise), percent: order.ceilingPercent })
        : m.anyWeight;
  const awaiting = order.priceAnswer === "awaiting" && order.status !== ORDER_STATUS.order_cancelled;
  return (
    <section aria-labelledby="ceiling-heading" className="card mt-6 p-5 text-sm">
      <h2 id="ceiling-heading" className="text-lg font-bold">
        {m.ceiling}
      </h2>
      <p className="mt-2">{limit}</p>
      {awaiting ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          {format(m.awaitingAnswer, {
            final: formatRupees(order.finalTotalPaise ?? 0),
            limit: formatRupees(order.ceilingPaise ?? 0),
            time: order.answerDueAt ? formatAdminDateTime(order.answerDueAt) : "—",
          })}
        </p>
      ) : order.priceAnswer && order.priceAnswer !== "awaiting" ? (
        <p className="mt-2 font-semibold">{m.answers[order.priceAnswer]}</p>
      ) : null}
    </section>
  );
}
