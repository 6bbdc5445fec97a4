import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { localePath } from "~/i18n/lang";
import { data, redirect } from "@remix-run/cloudflare";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { FetcherMarker } from "~/components/hydrated";
import { ErrorSummary } from "~/components/error-summary";
import { ShippingFields, shippingSummary, useShippingPress } from "~/components/shipping-fields";
import type { Deps } from "~/deps";
import { checkoutSchema, checkoutSchemaFor } from "~/orders/checkout-schema";
import { AddressChoice, relaxedConstraint } from "~/components/address-choice";
import { DeliveryPicker } from "~/components/delivery-picker";
import { DomainError } from "~/lib/errors";
import { RazorpayButton } from "~/components/razorpay-button";
import { format } from "~/i18n/format";
import { errorMessage, messagesFor, sectionsFor } from "~/i18n/texts";
import { quantityText } from "~/catalog/units";
import { formatRupees } from "~/lib/money";
import { bookForPayment, booksDelivery, getPayableOrder, NotPayableError, payPageData } from "~/payments/pay-page.server";
import { formatDateTimeIst } from "~/lib/dates";
import { startAdvancePayment } from "~/payments/advance.server";
import { startAdvanceLink } from "~/payments/advance-link.server";
import { redirectToGateway, redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireUser } from "~/web/guards.server";
import { useLang, useMessages, useSite } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.payAdvance, matches);

/** The signed-in user's order still waiting for its advance; back on the order's page once it is not (paid, expired). */
async function payableOrder(request: Request, deps: Deps, number: string | undefined) {
  const user = await requireUser(request, deps, messagesFor(deps).shop.orders.loginToView);
  try {
    return { user, order: await orNotFound(getPayableOrder(deps, user.id, number)) };
  } catch (error) {
    if (!(error instanceof NotPayableError)) throw error;
    const to = `/orders/${error.number}`;
    throw error.paid ? await redirectWithFlash(deps, to, { type: "info", text: sectionsFor(deps).pay.alreadyPaid }) : redirect(localePath(deps.lang, to));
  }
}

/** The pay page opens a payment attempt even on a GET: all of it, the order it reads included, runs on the primary. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const deps = onPrimary(context.deps);
  const { user, order } = await payableOrder(request, deps, params.number);
  const address = sectionsFor(deps).address;
  return {
    ...(await payPageData(deps, user, order)),
    pay: sectionsFor(deps).pay,
    addressTexts: { choiceLegend: address.choiceLegend, newAddress: address.newAddress },
  };
}

/**
 * 'Pay ₹500', one press to the gateway: without JavaScript a payment link for the advance (both gateways);
 * with it the sandbox's page, or this page again with Razorpay Checkout ready. A won lot's order takes its
 * address and delivery date and slot first, by the checkout's rules.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const deps = onPrimary(context.deps);
  const { user, order: payable } = await payableOrder(request, deps, params.number);
  const shop = messagesFor(deps).shop;
  const m = shop.checkout;
  const formData = await request.formData();
  let order = payable;
  if (booksDelivery(order)) {
    const submission = parseWithZod(formData, { schema: checkoutSchemaFor(formData, shop) });
    if (submission.status !== "success") return data(submission.reply({ formErrors: [m.fixErrors] }), { status: 400 });
    try {
      order = await bookForPayment(deps, user.id, order, submission.value);
    } catch (error) {
      if (error instanceof DomainError) return data(submission.reply({ formErrors: [errorMessage(error, deps)] }), { status: error.status });
      throw error;
    }
  }
  try {
    if (formData.get("js") !== "1") return redirectToGateway(deps, (await startAdvanceLink(deps, order, user.email)).url, null);
    const started = await startAdvancePayment(deps, order);
    if (started.gateway === "sandbox") return redirect(`/sandbox/checkout/${started.gatewayOrderId}`, 303);
    return redirect(localePath(deps.lang, `/orders/${order.number}/pay`), 303);
  } catch (error) {
    console.error("creating the gateway order or link failed", error);
    return redirectWithFlash(deps, `/orders/${order.number}/pay`, { type: "error", text: m.createFailed }, { status: 303 });
  }
}

export default function PayAdvance() {
  const data = useLoaderData<typeof loader>();
  const { site } = useSite();
  const all = useMessages().shop;
  const { lang } = useLang();
  const m = data.pay;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { order } = data;
  const lastResult = useActionData<typeof action>();
  const press = useShippingPress(all.checkout.fixErrors);
  const [form, fields] = useForm({
    lastResult: lastResult && "status" in lastResult ? lastResult : undefined,
    defaultValue: {
      ...data.shipping,
      delivery: data.chosenDelivery ?? "",
      addressId: data.addresses.length ? String(data.addresses[0].id) : undefined,
    },
    constraint: relaxedConstraint(getZodConstraint(checkoutSchema(all)), data.addresses.length > 0, ["delivery"]),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: checkoutSchemaFor(formData, all) });
      press.pressed(formData, submission);
      return submission;
    },
  });
  const until = order.reservedUntil ? formatDateTimeIst(order.reservedUntil, lang) : "";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
        <p className="mt-3 text-slate-700 dark:text-slate-200">
          {format(order.source !== "auction" ? m.intro : data.offered ? m.offerIntro : m.auctionIntro, { number: order.number, time: until })}
        </p>
        <ul className="mt-6 space-y-1 text-sm">
          {order.items.map((i) => (
            <li key={i.name} className="flex justify-between gap-4">
              <span>{i.unit ? `${i.name} × ${quantityText(i.quantity, i.unit, lang)}` : i.name}</span>
              <span>{formatRupees(i.pricePaise * i.quantity)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1 border-t border-river-100 pt-4 text-sm dark:border-river-800">
          <div className="flex justify-between">
            {/* A lot's price is its winning bid, never an estimate. */}
            <dt>{order.source === "auction" ? all.orders.finalTotal : all.orders.estimatedTotal}</dt>
            <dd>{formatRupees(order.estimatedTotalPaise)}</dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>{all.cart.payNow}</dt>
            <dd>{formatRupees(order.advancePaise)}</dd>
          </div>
        </dl>
        {data.gateway === null ? (
          <p role="alert" className="mt-6 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {all.checkout.notAvailable}
          </p>
        ) : data.gateway === "razorpay" && data.gatewayOrderId && data.keyId ? (
          <RazorpayButton
            keyId={data.keyId}
            gatewayOrderId={data.gatewayOrderId}
            amountPaise={order.advancePaise}
            brand={site.brand}
            description={m.description}
            prefill={data.prefill}
            callbackUrl={data.callbackUrl}
            cancelUrl={data.cancelUrl}
            label={m.payButton}
          />
        ) : (
          <Form method="post" className="mt-6 space-y-1" {...(data.booksDelivery ? getFormProps(form) : {})}>
            <FetcherMarker />
            {data.booksDelivery ? (
              <>
                <h2 className="text-xl font-bold">{all.checkout.shippingHeading}</h2>
                <ErrorSummary
                  id={`${form.id}-errors`}
                  formErrors={form.errors}
                  submitted={press.checked}
                  fixErrors={all.checkout.fixErrors}
                  fields={[
                    ...(data.addresses.length ? [{ id: fields.addressId.id, label: data.addressTexts.choiceLegend, errors: fields.addressId.errors }] : []),
                    ...shippingSummary(fields, all.checkout),
                    { id: fields.delivery.id, label: all.delivery.heading, errors: fields.delivery.errors },
                  ]}
                />
                <AddressChoice field={fields.addressId} addresses={data.addresses} texts={data.addressTexts}>
                  <ShippingFields fields={fields} checked={form.status === "error" || press.checked} />
                </AddressChoice>
                <DeliveryPicker field={fields.delivery} choices={data.choices} />
              </>
            ) : null}
            {data.gateway === "sandbox" ? <p className="mb-3 mt-4 text-sm text-slate-600 dark:text-slate-300">{m.sandboxNote}</p> : null}
            <button type="submit" className="btn-primary w-full text-base" disabled={busy || (data.booksDelivery && data.choices.length === 0)}>
              {busy ? all.checkout.paying : m.payButton}
            </button>
          </Form>
        )}
        <Link to={`/orders/${order.number}`} className="link mt-6 inline-block text-sm">
          {all.orders.viewOrder}
        </Link>
      </div>
    </div>
  );
}
