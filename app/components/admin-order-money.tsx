import type { SerializeFrom } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { canCollectOnDelivery } from "~/orders/fulfilment";
import type { getAdminOrder } from "~/admin/order-list.server";
import { LedgerEntries } from "~/components/admin-order-records";
import { adminMessages as m } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import { awaitsPayment, ORDER_STATUS, PAYMENT_STATE } from "~/orders/status";

type AdminOrder = SerializeFrom<Awaited<ReturnType<typeof getAdminOrder>>>;
/** `requestable`: the balance may be asked for now (canRequestBalance: weighed, and no link yet or every link run out). */
type Props = Pick<AdminOrder, "order" | "ledger" | "money" | "moneyRows"> & { requestable: boolean; busy: boolean };

const PRIMARY = "btn-dark";

/** The order's money: the figures, the ledger, and the money actions the order's state allows, each behind a confirmation. */
export function MoneySection({ order, ledger, money, moneyRows, requestable, busy }: Props) {
  // What the balance request or the cash on delivery would ask for (the final price less the advance).
  const balance = order.finalTotalPaise === null ? null : order.finalTotalPaise - order.advancePaise;
  const cancellable = order.status !== ORDER_STATUS.order_cancelled && order.status !== ORDER_STATUS.order_delivered && !awaitsPayment(order.status);
  const balanceOpen = order.finalTotalPaise !== null && order.status !== ORDER_STATUS.order_cancelled;
  const canRequest = balanceOpen && requestable;
  const canCollect = canCollectOnDelivery(order);
  const version = <input type="hidden" name="version" value={order.version} />;
  return (
    <section className="card mt-6 p-5" aria-labelledby="money-heading">
      <h2 id="money-heading" className="text-lg font-bold">
        {m.detail.money}
      </h2>
      {/* Two columns at every width: on a phone a label and its amount stay side by side (a long gateway id wraps). */}
      <dl className="mt-3 grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-4 gap-y-2 break-words sm:grid-cols-2">
        {moneyRows.map((row) => (
          <Fragment key={row.label}>
            <dt className={row.strong ? "font-semibold" : undefined}>{row.label}</dt>
            <dd className={row.strong ? "font-semibold" : row.reference ? "break-all font-mono text-sm" : undefined}>{row.value}</dd>
          </Fragment>
        ))}
      </dl>
      <LedgerEntries ledger={ledger} />
      {canRequest && order.paymentState === PAYMENT_STATE.balance_requested ? <p className="mt-3 text-sm font-semibold">{m.detail.linkRanOut}</p> : null}
      {canRequest || canCollect || cancellable ? (
        // One row of actions; the panels' own padding sets them apart, and the row's negative margin keeps a
        // closed panel's button in line with the text above.
        <div className="-mx-2 mt-2 flex flex-wrap items-start gap-2">
          {canRequest ? (
            <Confirm
              label={m.detail.requestBalance}
              question={
                balance !== null && balance < 0
                  ? format(m.confirm.difference, { amount: formatRupees(-balance) })
                  : balance
                    ? format(m.confirm.balance, { amount: formatRupees(balance) })
                    : m.detail.nothingOwed
              }
            >
              {version}
              <button type="submit" name="intent" value="balance" className={PRIMARY} disabled={busy}>
                {m.confirm.yes}
              </button>
            </Confirm>
          ) : null}
          {canCollect ? (
            <Confirm label={m.detail.collectOnDelivery} question={format(m.confirm.cod, { amount: formatRupees(balance ?? 0) })}>
              {version}
              <button type="submit" name="intent" value="cod" className={PRIMARY} disabled={busy}>
                {m.confirm.yes}
              </button>
            </Confirm>
          ) : null}
          {cancellable ? (
            <Confirm label={m.confirm.cancel} question={format(m.confirm.cancelQuestion, { amount: formatRupees(money.keptPaise) })} destructive>
              {version}
              <label className="flex flex-col text-sm">
                {m.confirm.reason}
                <textarea
                  name="reason"
                  required
                  minLength={3}
                  maxLength={300}
                  rows={2}
                  className="mt-1 w-full rounded-lg border border-river-400 bg-white p-2 dark:bg-river-900"
                />
              </label>
              <button type="submit" name="intent" value="cancel" className={`${PRIMARY} mt-3`} disabled={busy}>
                {m.confirm.cancelYes}
              </button>
            </Confirm>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * A money action behind a second press: the first opens the question (native <details>, so no JavaScript is
 * needed). Closed it is just its button; open, a framed panel as wide as the question needs.
 */
function Confirm({ label, question, destructive = false, children }: { label: string; question: string; destructive?: boolean; children: React.ReactNode }) {
  return (
    <details className="w-full max-w-md rounded-lg border border-transparent p-2 open:border-river-200 open:bg-river-50/60 sm:w-auto dark:open:border-river-700 dark:open:bg-river-950/40">
      <summary className={`btn-outline cursor-pointer list-none ${destructive ? "text-red-700 dark:text-red-300" : ""}`}>{label}</summary>
      <Form method="post" className="mt-3">
        <p className="text-sm">{question}</p>
        <div className="mt-3">{children}</div>
      </Form>
    </details>
  );
}
