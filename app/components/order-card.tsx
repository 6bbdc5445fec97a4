import { Link } from "~/components/link";
import { StatusBadge } from "~/components/status-badge";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import { orderLineText } from "~/orders/line-text";
import type { OrderCardData } from "~/orders/card";
import { customerStatus } from "~/orders/status-text";
import { formatDateTimeIst } from "~/lib/dates";
import { useLang, useMessages } from "~/web/site";
import { ORDER_STATUS } from "~/orders/status";

/**
 * Once weighed (a lot won at auction: from the close) and until it ships, an order's next step is its balance,
 * not the catch.
 */
function weighedNext(order: OrderCardData, status: string | null, texts: ReturnType<typeof useMessages>["shop"]["status"]) {
  if (
    order.finalTotalPaise === null ||
    (status !== ORDER_STATUS.order_raised && status !== ORDER_STATUS.order_confirmed && status !== ORDER_STATUS.order_packed)
  )
    return null;
  if (order.answerAwaited) return format(texts.weighed.answer, { amount: formatRupees(order.finalTotalPaise) });
  const m = order.source === "auction" ? { ...texts.lot, refund: texts.lot.paid } : texts.weighed;
  const amount = order.balance ? formatRupees(order.balance.amountPaise) : "";
  if (order.balance?.kind === "link") return format(m.link, { amount });
  // Packed and settled (or to be paid in cash), the packing message says what comes next.
  if (status === ORDER_STATUS.order_packed && order.balance !== null) return null;
  if (order.balance?.kind === "on_delivery") return format(m.onDelivery, { amount });
  if (order.balance?.kind === "paid") return m.paid;
  if (order.finalTotalPaise < order.advancePaidPaise) return m.refund;
  if (order.duePaise === 0) return m.paid;
  return format(m.due, { amount: formatRupees(order.duePaise) });
}

/** One order as its owner sees it: number, IST time, lines, money, status label and message, what's next. */
export function OrderCard({ order, headingLevel = 2, linkNumber = true }: { order: OrderCardData; headingLevel?: 1 | 2; linkNumber?: boolean }) {
  const all = useMessages();
  const { lang } = useLang();
  const m = all.shop.orders;
  const status = customerStatus(order.status, all.shop.status);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // The number never breaks at its hyphens ("PUL-" on one line and "2611-ESVT" on the next on a phone).
  const [before = "", after = ""] = m.order.split("{number}");
  const title = (
    <>
      {before}
      <span className="whitespace-nowrap">{order.number}</span>
      {after}
    </>
  );
  // A cancelled order whose refund is recorded (shown below) is told when the money arrives, not "if you paid".
  const refundRecorded = order.refunded !== null || order.refundPendingPaise > 0;
  const next =
    weighedNext(order, status.status, all.shop.status) ??
    (status.status === ORDER_STATUS.order_cancelled && refundRecorded ? all.shop.status.refundNext : status.next);
  const message = order.cancelledByCustomer ? all.shop.status.cancelledByYou : status.message;
  return (
    <article className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading className={headingLevel === 1 ? "font-serif text-3xl font-bold" : "text-lg font-bold"}>
            {linkNumber ? (
              <Link to={`/orders/${order.number}`} className="link">
                {title}
              </Link>
            ) : (
              title
            )}
          </Heading>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {m.placed} {formatDateTimeIst(order.createdAt, lang)}
          </p>
          {order.delivery ? (
            <p className="text-sm font-medium">
              {all.shop.delivery.label}: {order.delivery}
            </p>
          ) : null}
        </div>
        <StatusBadge status={order.status} label={status.label} srPrefix={m.status} />
      </div>
      <p className="mt-3 font-medium">{message}</p>
      {order.queue ? (
        <p className="mt-2 rounded-xl bg-river-50 p-3 text-sm dark:bg-river-900" data-testid="queue-place">
          {order.queue.join(" ")}
        </p>
      ) : null}
      {order.cancelReason ? <p className="mt-1 text-sm">{format(m.cancelReason, { reason: order.cancelReason })}</p> : null}
      <ul aria-label={m.items} className="mt-4 space-y-1 text-sm">
        {order.items.map((item, i) => {
          const line = orderLineText(item, m, lang);
          return (
            <li key={i} className="flex justify-between gap-4">
              <span>{line.text}</span>
              <span className="shrink-0">{formatRupees(line.paise)}</span>
            </li>
          );
        })}
      </ul>
      <dl className="mt-4 grid gap-2 border-t border-river-100 pt-4 text-sm sm:grid-cols-2 dark:border-river-800">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{m.estimatedTotal}</dt>
          <dd className="font-semibold">{formatRupees(order.estimatedTotalPaise)}</dd>
        </div>
        {order.finalTotalPaise !== null ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{m.finalTotal}</dt>
            <dd className="font-semibold">{formatRupees(order.finalTotalPaise)}</dd>
          </div>
        ) : null}
        {order.refunded || order.refundPendingPaise > 0 ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{m.paid}</dt>
            <dd className="font-semibold">{formatRupees(order.paidPaise)}</dd>
            {order.refunded ? (
              <dd>{format(m.refunded, { amount: formatRupees(order.refunded.amountPaise), date: formatDateTimeIst(order.refunded.at, lang) })}</dd>
            ) : null}
            {order.refundPendingPaise > 0 ? <dd>{format(m.refundPending, { amount: formatRupees(order.refundPendingPaise) })}</dd> : null}
          </div>
        ) : (
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{m.advancePaid}</dt>
            <dd className="font-semibold">{formatRupees(order.advancePaidPaise)}</dd>
          </div>
        )}
        {order.balance ? (
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{order.balance.kind === "paid" ? m.balance : m.balanceDue}</dt>
            <dd className="font-semibold">
              {order.balance.kind === "paid"
                ? format(m.balancePaid, { amount: formatRupees(order.balance.amountPaise), date: formatDateTimeIst(order.balance.at, lang) })
                : order.balance.kind === "on_delivery"
                  ? format(m.balanceOnDelivery, { amount: formatRupees(order.balance.amountPaise) })
                  : formatRupees(order.balance.amountPaise)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-slate-600 dark:text-slate-300">{m.paymentRef}</dt>
          {/* Only a gateway's reference is set in the monospace font, which has no Telugu letters for "none". */}
          <dd className={order.paymentRef ? "break-all font-mono" : undefined}>{order.paymentRef ?? m.na}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">
        <span className="font-semibold">{m.next}: </span>
        {next}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {order.payable ? (
          <Link to={`/orders/${order.number}/pay`} className="btn-primary">
            {m.payAdvance}
          </Link>
        ) : null}
        {order.balance?.kind === "link" ? (
          <a href={order.balance.url} className="btn-dark">
            {format(m.payBalance, { amount: formatRupees(order.balance.amountPaise) })}
          </a>
        ) : null}
      </div>
    </article>
  );
}
