import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { formatDelivery } from "~/delivery/slots";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { canMoveDelivery, moveChoices, moveDelivery } from "~/orders/delivery-move.server";
import { canRequestBalance, moneyBlocksMove } from "~/orders/fulfilment";
import { getAdminOrder } from "~/admin/order-list.server";
import { changeOrderStatus } from "~/orders/changes.server";
import { MoveDeliveryForm } from "~/components/admin-order-delivery";
import { StatusForm, WeightsForm } from "~/components/admin-order-forms";
import { MoneySection } from "~/components/admin-order-money";
import { AdminOrderCeiling } from "~/components/admin-order-ceiling";
import { OrderMessages } from "~/components/admin-order-messages";
import { OrderHistory } from "~/components/admin-order-records";
import { OrderDialog } from "~/components/order-dialog";
import { FishFields } from "~/components/fish-fields";
import { weighingFormData } from "~/landings/landings.server";
import { fishMessages } from "~/i18n/fish.messages";
import { weighWithPhotos } from "~/landings/weighing.server";
import { StatusBadge } from "~/components/status-badge";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { formatAdminDateTime } from "~/lib/dates";
import { NotFoundError } from "~/lib/errors";
import { failureOf } from "~/web/page-errors.server";
import { whatsappLink } from "~/lib/phone";
import { deliveryChoice } from "~/orders/checkout-schema";
import { ADMIN_STATUSES, nextStatuses, ORDER_STATUS, PAYMENT_STATE } from "~/orders/status";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(`${data?.order.number ?? "Order"} | Admin Dashboard`, matches);

export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  try {
    const { order, items, payments, ledger, money, payment, moneyRows, history, customer, messages } = await getAdminOrder(deps, params.number ?? "");
    // Cancelling has its own form (a reason, a confirmation), so the status list offers only the forward moves
    // the money allows now; the others are listed with what they wait for.
    const forward = nextStatuses(order.status).filter((s) => s !== ORDER_STATUS.order_cancelled && s !== order.status);
    const next = forward.filter((s) => moneyBlocksMove(s, order) === null);
    const waiting = forward.flatMap((s) => {
      const reason = moneyBlocksMove(s, order);
      return reason ? [{ status: s, reason }] : [];
    });
    const moves = canMoveDelivery(order) ? await moveChoices(deps, order, items, deps.now()) : null;
    const requestable = canRequestBalance(order, payments, deps.now());
    const fish = await weighingFormData(deps, order.id);
    return { order, items, ledger, money, payment, moneyRows, requestable, history, customer, messages, next, waiting, moves, fish };
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
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
  z.object({ intent: z.literal("move"), delivery: deliveryChoice(checkoutMessages), ...versioned }),
]);

/** Every admin change to an order: a plain form post, answered with a redirect and a toast, or the error. */
export async function action({ request, context: { deps, oversizedForm }, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, deps);
  const m = adminMessages;
  const number = params.number ?? "";
  // Only a weighing carries files; above the page's cap none arrived, and nothing is saved.
  if (oversizedForm) return data({ error: fishMessages.errors.tooLarge }, { status: 413 });
  const form = await request.formData();
  const parsed = actionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: form.get("intent") === "move" ? m.move.when : m.errors.unknownStatus }, { status: 400 });
  const input = { number, version: parsed.data.version };
  const here = `/admin-dashboard/orders/${number}`;
  try {
    switch (parsed.data.intent) {
      case "status": {
        const result = await changeOrderStatus(onPrimary(deps), admin, { ...input, to: parsed.data.status });
        const text = format(m.toasts.statusUpdated, { label: result.label }) + (result.emailed ? "" : ` ${m.toasts.notificationFailed}`);
        return redirectWithFlash(deps, here, { type: result.emailed ? "success" : "info", text });
      }
      case "weights": {
        const amounts = await weighWithPhotos(onPrimary(deps), admin, { ...input, form });
        return redirectWithFlash(deps, here, { type: "success", text: format(m.detail.weightsSaved, amounts) });
      }
      case "balance":
        return redirectWithFlash(deps, here, { type: "success", text: (await requestBalance(onPrimary(deps), admin, input)).message });
      case "cod":
        return redirectWithFlash(deps, here, { type: "success", text: (await collectOnDelivery(onPrimary(deps), admin, input)).message });
      case "move": {
        const moved = await moveDelivery(onPrimary(deps), admin, { ...input, to: parsed.data.delivery });
        const text = format(m.move.done, { when: moved.when }) + (moved.emailed ? "" : ` ${m.toasts.notificationFailed}`);
        return redirectWithFlash(deps, here, { type: moved.emailed ? "success" : "info", text });
      }
      case "cancel": {
        const result = await changeOrderStatus(onPrimary(deps), admin, { ...input, to: ORDER_STATUS.order_cancelled, reason: parsed.data.reason });
        const text = format(m.toasts.statusUpdated, { label: result.label }) + (result.emailed ? "" : ` ${m.toasts.notificationFailed}`);
        return redirectWithFlash(deps, here, { type: result.emailed ? "success" : "info", text });
      }
    }
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    const { text, status } = failureOf(error, deps, m.errors.updateFailed);
    return data({ error: text }, { status });
  }
}

export default function AdminOrder() {
  const { order, items, ledger, money, payment, moneyRows, requestable, history, customer, messages, next, waiting, moves, fish } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const m = adminMessages;
  const labels = useMessages().shop.status.labels;
  const label = (s: string | null) => (s ? (labels[s as keyof typeof labels] ?? m.paymentStates[s as keyof typeof m.paymentStates] ?? s) : "—");
  const busy = useNavigation().state === "submitting";
  const weighable =
    order.paymentState === PAYMENT_STATE.advance_paid &&
    order.status !== ORDER_STATUS.order_cancelled &&
    order.status !== ORDER_STATUS.prebooked &&
    items.some((i) => i.productId !== null);
  return (
    <OrderDialog labelledBy="order-heading" closeTo="/admin-dashboard" closeLabel={m.detail.back} closeAllLabel={m.detail.close}>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="order-heading" className="font-serif text-3xl font-bold">
          {order.number}
        </h1>
        <StatusBadge status={order.status} label={label(order.status)} />
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {formatAdminDateTime(order.createdAt)} · {payment}
      </p>
      {result && "error" in result ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {result.error}
        </p>
      ) : null}

      <AdminOrderCeiling order={order} />
      <StatusForm version={order.version} next={next} waiting={waiting} label={label} busy={busy} />
      <WeightsForm
        version={order.version}
        items={items}
        weighable={weighable}
        busy={busy}
        fishFields={(item) => <FishFields item={item} fish={fish} weighable={weighable} />}
      />

      <MoneySection order={order} ledger={ledger} money={money} moneyRows={moneyRows} requestable={requestable} busy={busy} />
      <MoveDeliveryForm
        version={order.version}
        delivery={order.deliveryDate && order.deliverySlot ? { date: order.deliveryDate, slot: order.deliverySlot } : null}
        choices={moves}
        busy={busy}
      />

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
        {order.phone ? (
          <p className="mt-2 flex flex-wrap gap-4">
            <a href={`tel:${order.phone}`} className="link">
              {m.detail.call} {order.phone}
            </a>
            <a href={whatsappLink(order.phone)} className="link" rel="noopener noreferrer" target="_blank">
              {m.detail.whatsapp}
            </a>
          </p>
        ) : null}
      </section>

      <OrderMessages messages={messages} />

      <section className="card mt-6 p-5" aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-bold">
          {m.detail.history}
        </h2>
        <OrderHistory history={history} label={label} />
      </section>
    </OrderDialog>
  );
}
