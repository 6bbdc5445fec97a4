import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { formatDelivery } from "~/delivery/slots";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { collectOnDelivery, requestBalance } from "~/admin/balance.server";
import { COLLECTABLE_ON_DELIVERY, moneyBlocksMove } from "~/admin/fulfilment";
import { getAdminOrder } from "~/admin/order-list.server";
import { changeOrderStatus, recordWeights } from "~/admin/orders.server";
import { StatusForm, WeightsForm } from "~/components/admin-order-forms";
import { LedgerEntries, OrderHistory } from "~/components/admin-order-records";
import { OrderDialog } from "~/components/order-dialog";
import { StatusBadge } from "~/components/status-badge";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { formatAdminDateTime } from "~/lib/dates";
import { DomainError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { whatsappLink } from "~/lib/phone";
import { ADMIN_STATUSES, awaitsPayment, nextStatuses } from "~/orders/status";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(`${data?.order.number ?? "Order"} | Admin Dashboard`, matches);

export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  try {
    const { order, items, ledger, money, balanceDuePaise, history, customer } = await getAdminOrder(deps, params.number ?? "");
    // Cancelling has its own form (a reason, a confirmation), so the status list offers only the forward moves
    // the money allows now; the others are listed with what they wait for.
    const forward = nextStatuses(order.status).filter((s) => s !== "order_cancelled" && s !== order.status);
    const next = forward.filter((s) => moneyBlocksMove(s, order) === null);
    const waiting = forward.flatMap((s) => {
      const reason = moneyBlocksMove(s, order);
      return reason ? [{ status: s, reason }] : [];
    });
    return { order, items, ledger, money, balanceDuePaise, history, customer, next, waiting };
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

const versioned = { version: z.coerce.number().int().positive() };
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(ADMIN_STATUSES), ...versioned }),
  z.object({ intent: z.literal("weights"), ...versioned }),
  z.object({ intent: z.literal("balance"), ...versioned }),
  z.object({ intent: z.literal("cod"), ...versioned }),
  z.object({ intent: z.literal("cancel"), reason: z.string().max(2000).default(""), ...versioned }),
]);

/** Every admin change to an order: a plain form post, answered with a redirect and a toast, or the error. */
export async function action({ request, context: { deps }, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, deps);
  const m = adminMessages;
  const number = params.number ?? "";
  const form = await request.formData();
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: m.errors.unknownStatus }, { status: 400 });
  const input = { number, version: parsed.data.version };
  const here = `/admin-dashboard/orders/${number}`;
  try {
    switch (parsed.data.intent) {
      case "status": {
        const result = await changeOrderStatus(deps, admin, { ...input, to: parsed.data.status });
        const text = format(m.toasts.statusUpdated, { label: result.label }) + (result.emailed ? "" : ` ${m.toasts.notificationFailed}`);
        return redirectWithFlash(deps, here, { type: result.emailed ? "success" : "info", text });
      }
      case "weights": {
        const weights = new Map<number, number>();
        for (const [key, value] of form) {
          const id = /^weight-(\d{1,9})$/.exec(key)?.[1];
          if (id && typeof value === "string") weights.set(Number(id), value.trim() === "" ? Number.NaN : Number(value));
        }
        const amounts = await recordWeights(deps, admin, { ...input, weights });
        return redirectWithFlash(deps, here, { type: "success", text: format(m.detail.weightsSaved, amounts) });
      }
      case "balance":
        return redirectWithFlash(deps, here, { type: "success", text: (await requestBalance(deps, admin, input)).message });
      case "cod":
        return redirectWithFlash(deps, here, { type: "success", text: (await collectOnDelivery(deps, admin, input)).message });
      case "cancel": {
        const result = await changeOrderStatus(deps, admin, { ...input, to: "order_cancelled", reason: parsed.data.reason });
        const text = format(m.toasts.statusUpdated, { label: result.label }) + (result.emailed ? "" : ` ${m.toasts.notificationFailed}`);
        return redirectWithFlash(deps, here, { type: result.emailed ? "success" : "info", text });
      }
    }
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw new Response("Not Found", { status: 404 });
      return data({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

const PRIMARY = "btn-dark";

export default function AdminOrder() {
  const { order, items, ledger, money, balanceDuePaise, history, customer, next, waiting } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const m = adminMessages;
  const labels = useMessages().shop.status.labels;
  const label = (s: string | null) => (s ? (labels[s as keyof typeof labels] ?? m.paymentStates[s as keyof typeof m.paymentStates] ?? s) : "—");
  const busy = useNavigation().state === "submitting";
  const advance = ledger.find((l) => l.kind === "capture" && l.reason === "advance");
  const balance = order.finalTotalPaise === null ? null : order.finalTotalPaise - order.advancePaise;
  const cancellable = order.status !== "order_cancelled" && order.status !== "order_delivered" && !awaitsPayment(order.status);
  const balanceOpen = order.finalTotalPaise !== null && order.status !== "order_cancelled";
  const canRequest = balanceOpen && order.paymentState === "advance_paid";
  const canCollect = balanceOpen && COLLECTABLE_ON_DELIVERY.includes(order.paymentState);
  const weighable = order.paymentState === "advance_paid" && order.status !== "order_cancelled" && items.some((i) => i.productId !== null);
  const version = <input type="hidden" name="version" value={order.version} />;
  return (
    <OrderDialog labelledBy="order-heading" closeTo="/admin-dashboard" closeLabel={m.detail.back} closeAllLabel={m.detail.close}>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" className="font-serif text-3xl font-bold">
          {order.number}
        </h1>
        <StatusBadge status={order.status} label={label(order.status)} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {formatAdminDateTime(order.createdAt)} · {m.paymentStates[order.paymentState as keyof typeof m.paymentStates] ?? order.paymentState}
      </p>
      {result && "error" in result ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {result.error}
        </p>
      ) : null}

      <StatusForm version={order.version} next={next} waiting={waiting} label={label} busy={busy} />
      <WeightsForm version={order.version} items={items} weighable={weighable} busy={busy} />

      <section className="card mt-6 p-5" aria-labelledby="money-heading">
        <h2 id="money-heading" className="text-lg font-bold">
          {m.detail.money}
        </h2>
        {/* Two columns at every width: on a phone a label and its amount stay side by side (a long gateway id wraps). */}
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 break-words sm:grid-cols-2">
          <dt>{m.detail.estimated}</dt>
          <dd>{formatRupees(order.estimatedTotalPaise)}</dd>
          <dt>{m.detail.advance}</dt>
          <dd>
            {formatRupees(order.advancePaise)} · {m.detail.reference}{" "}
            {advance ? <span className="break-all font-mono text-sm">{advance.ref}</span> : m.detail.none}
          </dd>
          <dt>{m.detail.final}</dt>
          <dd>{order.finalTotalPaise === null ? "—" : formatRupees(order.finalTotalPaise)}</dd>
          <dt>{m.detail.balance}</dt>
          <dd>{balance === null ? "—" : formatRupees(balance)}</dd>
          <dt>{m.ledger.kept}</dt>
          <dd>{formatRupees(money.keptPaise)}</dd>
          {money.refundedPaise > 0 ? (
            <>
              <dt>{m.detail.refunded}</dt>
              <dd>{formatRupees(money.refundedPaise)}</dd>
            </>
          ) : null}
          {money.refundPendingPaise > 0 ? (
            <>
              <dt>{m.ledger.refundPending}</dt>
              <dd>{formatRupees(money.refundPendingPaise)}</dd>
            </>
          ) : null}
          <dt className="font-semibold">{m.ledger.due}</dt>
          <dd className="font-semibold">{formatRupees(balanceDuePaise)}</dd>
        </dl>
        <LedgerEntries ledger={ledger} />
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
              <Confirm label={m.detail.collectOnDelivery} question={format(m.confirm.cod, { amount: formatRupees(Math.max(0, balance ?? 0)) })}>
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
                    className="mt-1 w-full rounded-lg border border-river-200 bg-white p-2 dark:border-river-700 dark:bg-river-900"
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

      {/* A long e-mail address wraps rather than widening the panel past a phone's width. */}
      <section className="card mt-6 break-words p-5" aria-labelledby="address-heading">
        <h2 id="address-heading" className="text-lg font-bold">
          {m.detail.address}
        </h2>
        <p className="mt-2">
          {order.firstName} {order.lastName}
          {customer ? ` · ${customer.email}` : ""}
        </p>
        <p>
          {order.address}, {order.city}, {order.state} {order.zip}
        </p>
        {order.deliveryDate && order.deliverySlot ? (
          <p className="mt-2 font-semibold">
            {checkoutMessages.delivery.label}: {formatDelivery(order.deliveryDate, order.deliverySlot)}
          </p>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-4">
          <a href={`tel:${order.phone}`} className="link">
            {m.detail.call} {order.phone}
          </a>
          <a href={whatsappLink(order.phone)} className="link" rel="noopener noreferrer" target="_blank">
            {m.detail.whatsapp}
          </a>
        </p>
      </section>

      <section className="card mt-6 p-5" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-bold">
          {m.detail.history}
        </h2>
        <OrderHistory history={history} label={label} />
      </section>
    </OrderDialog>
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
