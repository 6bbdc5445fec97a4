import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OfflineNote } from "~/components/offline-note";
import { Form, Link } from "~/components/link";
import { z } from "zod";
import { cancelOwnOrder } from "~/orders/cancel.server";
import { customerMayCancel } from "~/orders/status";
import { format } from "~/i18n/format";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { OrderCard } from "~/components/order-card";
import { errorMessage, messagesFor, sectionsFor } from "~/i18n/texts";
import { StaleOrderError } from "~/orders/changes.server";
import { OrderClaims } from "~/components/order-claims";
import { OrderFish } from "~/components/order-fish";
import { OrderTimeline } from "~/components/order-timeline";
import { orderTimeline } from "~/orders/timeline.server";
import { OrderCeiling } from "~/components/order-ceiling";
import { orderCeilingData } from "~/orders/ceiling-view";
import { priceAnswerAction } from "~/web/price-answer.server";
import { orderFishData } from "~/landings/fish-page.server";
import { claimTexts, orderClaims } from "~/claims/claims.server";
import { cancelledByCustomer } from "~/orders/lookup.server";
import { toOrderCard } from "~/orders/views.server";
import { queueSentences } from "~/season/place.server";
import { ownSlotChoices } from "~/season/slot.server";
import { slotAction } from "~/web/season-slot.server";
import { SlotChange } from "~/season/slot-change";
import { placeLine } from "~/addresses/rules";
import { getOwnOrder } from "~/payments/pay-page.server";
import { orNotFound, requireUser } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  privateMeta((t) => format(t.order, { number: data?.order.number ?? "" }).trim(), matches);

export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps, messagesFor(deps).shop.orders.loginToView);
  const order = await orNotFound(getOwnOrder(deps, user.id, params.number));
  const { firstName, lastName, phone, address, city, state, zip } = order;
  const [claimed, selfCancelled, timeline, queue, slots] = await Promise.all([
    orderClaims(deps, order, deps.now()),
    cancelledByCustomer(deps, [order]),
    orderTimeline(deps, order),
    queueSentences(deps, order),
    ownSlotChoices(deps, order),
  ]);
  const { section, kinds, states, report, reportUntil } = claimTexts(deps);
  const card = { ...toOrderCard(order, deps.lang, deps.now(), selfCancelled.has(order.id)), queue };
  return {
    renderedAt: deps.now(),
    order: card,
    fish: await orderFishData(deps, order, card, deps.lang),
    timeline,
    ceiling: orderCeilingData(order, deps.lang, deps.now()),
    shipTo: { name: `${firstName} ${lastName}`, phone, lines: [address, placeLine({ city, state, zip }, messagesFor(deps).shop.states)] },
    cancelVersion: customerMayCancel(order.status) ? order.version : null,
    slots: slots ? { ...slots, words: sectionsFor(deps).season } : null,
    ...claimed,
    // Only an order with claims, or one that may still be reported, shows the claims' texts.
    claimTexts: claimed.reportUntil !== null || claimed.claims.length > 0 ? { section, kinds, states, report, reportUntil } : null,
  };
}

const cancelSchema = (m: { cancelWhyRule: string }) =>
  z.object({
    version: z.coerce.number().int().nonnegative(),
    reason: z.string().trim().min(3, m.cancelWhyRule).max(300, m.cancelWhyRule),
  });

/** 'Cancel order' (with a reason, after the confirmation step): the server checks it is theirs and not shipped. */
export async function action({ request, context: { deps }, params }: ActionFunctionArgs) {
  const m = messagesFor(deps).shop.orders;
  const user = await requireUser(request, deps, m.loginToView);
  const form = await request.formData();
  // Accept / Decline of a final price above the ceiling: its own section's post.
  if (form.has("answer")) return priceAnswerAction(deps, user, params.number ?? "", form);
  if (form.get("intent") === "slot") return slotAction(deps, user, params.number ?? "", form);
  const parsed = cancelSchema(m).safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: parsed.error.issues[0].message }, { status: 400 });
  try {
    await cancelOwnOrder(onPrimary(deps), user, { number: params.number ?? "", ...parsed.data });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Another change to the order (the admin's, another tab's) came first.
    const text = error instanceof StaleOrderError ? m.cancelStale : errorMessage(error, deps);
    return data({ error: text }, { status: error.status });
  }
  return redirectWithFlash(deps, `/orders/${params.number}`, { type: "success", text: format(m.cancelled, { number: params.number ?? "" }) });
}

export default function OrderPage() {
  const {
    order,
    shipTo,
    cancelVersion,
    slots,
    reportUntil,
    claims,
    claimTexts: claimWords,
    fish,
    timeline,
    ceiling,
    renderedAt,
  } = useLoaderData<typeof loader>();
  const m = useMessages().shop.orders;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <OfflineNote at={renderedAt} />
      <Link to="/orders" className="link text-sm">
        {m.backToOrders}
      </Link>
      <div className="mt-4">
        <OrderCard order={order} headingLevel={1} linkNumber={false} />
      </div>
      <OrderCeiling data={ceiling} />
      <OrderTimeline steps={timeline} />
      <OrderFish data={fish} />
      <section aria-labelledby="ship-to" className="card mt-6 p-5 text-sm">
        <h2 id="ship-to" className="font-bold">
          {m.shipTo}
        </h2>
        <p className="mt-2">{shipTo.name}</p>
        <p>{shipTo.phone}</p>
        {shipTo.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      {slots ? <SlotChange data={slots} words={slots.words} /> : null}
      <OrderClaims number={order.number} reportUntil={reportUntil} claims={claims} texts={claimWords} />
      {cancelVersion !== null ? <CancelOrder version={cancelVersion} /> : null}
    </div>
  );
}

/** A confirmation step before anything happens: the reason and the button are inside a closed disclosure. */
function CancelOrder({ version }: { version: number }) {
  const m = useMessages().shop.orders;
  const answer = useActionData<typeof action>();
  const result = answer && "error" in answer ? answer : null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <details className="card mt-6 p-5 text-sm" open={Boolean(result?.error)}>
      {/* Shaped as a button, like the other confirmations of the shop: a bare heading did not look like it opens. */}
      <summary className="btn-outline w-fit cursor-pointer list-none text-red-700 dark:text-red-300">{m.cancelTitle}</summary>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{m.cancelText}</p>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="version" value={version} />
        {result?.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {result.error}
          </p>
        ) : null}
        <label htmlFor="cancel-reason" className="block font-medium">
          {m.cancelWhy}
        </label>
        <textarea
          id="cancel-reason"
          name="reason"
          required
          minLength={3}
          maxLength={300}
          rows={3}
          className="block w-full rounded-xl border border-river-400 bg-white p-3 text-base dark:bg-river-950"
        />
        <button type="submit" className="btn-outline text-red-700 dark:text-red-300" disabled={busy}>
          {busy ? m.cancelling : m.cancelConfirm}
        </button>
      </Form>
    </details>
  );
}
