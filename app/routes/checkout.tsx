import { getFormProps, useForm } from "@conform-to/react";
import { isActionOf, localePath } from "~/i18n/lang";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import { EmptyCart } from "~/components/empty-cart";
import { useEffect } from "react";
import { FetcherMarker } from "~/components/hydrated";
import { openRazorpayCheckout, type RazorpayCheckout } from "~/components/razorpay-button";
import { cartQuantityText, cartSummary } from "~/cart/summary";
import { ErrorSummary } from "~/components/error-summary";
import { ShippingFields, shippingSummary, useShippingPress } from "~/components/shipping-fields";
import { format } from "~/i18n/format";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatRupees } from "~/lib/money";
import { quantityAtPrice } from "~/catalog/units";
import { checkoutSchema, checkoutSchemaFor } from "~/orders/checkout-schema";
import { deliveryChoices } from "~/catalog/availability.server";
import { DeliveryPicker } from "~/components/delivery-picker";
import { shippingDefaults } from "~/orders/checkout.server";
import { OutOfStockError } from "~/orders/orders.server";
import { checkOut } from "~/orders/shop-checkout.server";
import { listAddresses, toAddressView } from "~/addresses/addresses.server";
import { AddressChoice, relaxedConstraint } from "~/components/address-choice";
import { startAdvancePayment } from "~/payments/advance.server";
import { startAdvanceLink } from "~/payments/advance-link.server";
import { closeCancelledLinks } from "~/payments/settle.server";
import { gatewaySecrets } from "~/payments/gateway.server";
import type { Deps } from "~/deps";
import { getCart } from "~/cart/cart.server";
import { redirectToGateway, redirectWithFlash } from "~/web/flash.server";
import { requireUser } from "~/web/guards.server";
import { replyWithError } from "~/web/page-errors.server";
import { useLang, useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { SummaryRow } from "~/components/summary-row";
import { CeilingChoiceField, CeilingRows } from "~/components/ceiling-choice";
import { DEFAULT_CEILING } from "~/orders/ceiling";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.checkout, matches);

/** The checkout's guards: signed out → /login with a toast; admin → / (an admin has no cart). */
async function requireCheckout(request: Request, deps: Pick<Deps, "user" | "config" | "db" | "lang">, message: "loginToCheckout" | "loginToComplete") {
  const m = messagesFor(deps).shop.checkout;
  const user = await requireUser(request, deps, m[message]);
  if (user.isAdmin) throw redirect(localePath(deps.lang, "/"));
  return { user, lines: await getCart(deps, user.id) };
}

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const { user, lines } = await requireCheckout(request, deps, "loginToCheckout");
  // An empty cart has nothing to check out: the page says so and leads back to the products.
  if (lines.length === 0) return { empty: true as const };
  const { choices, resume } = await deliveryChoices(deps, lines, deps.now(), user.id);
  return {
    lines: lines.map(({ productId, name, pricePaise, quantity, unit }) => ({ productId, name, pricePaise, quantity, unit })),
    choices,
    resume,
    defaults: shippingDefaults(user),
    addresses: (await listAddresses(deps, user.id)).map((a) => toAddressView(a, messagesFor(deps).shop.states)),
    addressTexts: { choiceLegend: sectionsFor(deps).address.choiceLegend, newAddress: sectionsFor(deps).address.newAddress },
    paymentAvailable: gatewaySecrets(deps.config) !== null,
  };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const { user, lines } = await requireCheckout(request, deps, "loginToComplete");
  const shop = messagesFor(deps).shop;
  const m = shop.checkout;
  // A checkout sent after its cart was emptied (another tab, a replay) places nothing.
  if (lines.length === 0) return redirectWithFlash(deps, "/cart", { type: "error", text: m.emptyCart }, { status: 303 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: checkoutSchemaFor(formData, shop) });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [m.fixErrors] }), { status: 400 });
  if (!gatewaySecrets(deps.config)) return data(submission.reply({ formErrors: [m.notAvailable] }), { status: 409 });
  let order;
  try {
    // Lines and prices come from the server's cart and catalogue; the form carries the address (or a saved one's id) and the delivery choice.
    order = await checkOut(onPrimary(deps), {
      user,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      value: submission.value,
      now: deps.now(),
    });
  } catch (error) {
    if (error instanceof OutOfStockError) return data(submission.reply({ formErrors: [format(m.outOfStock, { name: error.productName })] }), { status: 409 });
    // Anything else the order rules refuse (a full slot, too many kg of one fish) is the shopper's to fix; a failure
    // of ours is said as the checkout's own error, with what was typed kept.
    return replyWithError(deps, submission, error, m.checkoutError);
  }
  // One press to the gateway. With JavaScript, Razorpay Checkout opens on this page from the answer below (the
  // sandbox's checkout page stands in for it). Without it, the shopper is sent straight to a payment link for
  // the advance: Razorpay's hosted checkout would need a form POST, which only a page of ours could make.
  const replaced =
    order.replaced.length > 0 ? { type: "info" as const, text: format(sectionsFor(deps).pay.replaced, { numbers: order.replaced.join(", ") }) } : null;
  for (const id of order.replacedIds) await closeCancelledLinks(onPrimary(deps), id);
  try {
    if (formData.get("js") !== "1") return redirectToGateway(deps, (await startAdvanceLink(onPrimary(deps), order, user.email)).url, replaced);
    const started = await startAdvancePayment(onPrimary(deps), order);
    if (started.gateway === "razorpay") {
      const razorpay: RazorpayCheckout = {
        keyId: started.keyId,
        gatewayOrderId: started.gatewayOrderId,
        amountPaise: started.amountPaise,
        brand: deps.config.brand,
        description: sectionsFor(deps).pay.description,
        prefill: { name: `${order.firstName} ${order.lastName}`.trim(), email: user.email, contact: order.phone },
        callbackUrl: `${deps.origin}/orders/${order.number}/callback`,
        cancelUrl: `${deps.origin}/orders/${order.number}/callback?cancelled=1`,
      };
      return { razorpay, number: order.number, notice: replaced?.text ?? null };
    }
    return redirectToGateway(deps, `/sandbox/checkout/${started.gatewayOrderId}`, replaced);
  } catch (error) {
    // The order holds its stock; the pay page offers the payment again.
    console.error("creating the gateway order or link failed", error);
    return redirectWithFlash(deps, `/orders/${order.number}/pay`, { type: "error", text: m.createFailed }, { status: 303 });
  }
}

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const m = useMessages().shop.checkout;
  return "empty" in page ? <EmptyCart to="/products" action={m.continueShopping} /> : <CheckoutForm {...page} />;
}

function CheckoutForm({ lines, choices, resume, defaults, addresses, addressTexts, paymentAvailable }: Exclude<SerializeFrom<typeof loader>, { empty: true }>) {
  const answer = useActionData<typeof action>();
  const lastResult = answer && "razorpay" in answer ? undefined : answer;
  const navigation = useNavigation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!answer || !("razorpay" in answer)) return;
    // If Checkout cannot load (offline, blocked), the pay page offers Razorpay's hosted page instead.
    openRazorpayCheckout(answer.razorpay).catch(() => navigate(`/orders/${answer.number}/pay`));
  }, [answer, navigate]);
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, "/checkout");
  const all = useMessages().shop;
  const m = all.checkout;
  const { lang } = useLang();
  const press = useShippingPress(m.fixErrors);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...defaults, delivery: resume ?? "", ceiling: DEFAULT_CEILING, addressId: addresses.length ? String(addresses[0].id) : undefined },
    constraint: relaxedConstraint(getZodConstraint(checkoutSchema(all)), addresses.length > 0, ["delivery", "ceiling"]),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: checkoutSchemaFor(formData, all) });
      press.pressed(formData, submission);
      return submission;
    },
  });
  const summary = cartSummary(lines);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2 lg:order-2">
          <section aria-labelledby="order-summary" className="card p-6">
            <h2 id="order-summary" className="text-xl font-bold">
              {all.cart.summary}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {lines.map((l) => (
                <li key={l.productId} className="flex justify-between gap-4">
                  <span>
                    {l.name} <span className="text-slate-600 dark:text-slate-300">{quantityAtPrice(l.quantity, l.unit, formatRupees(l.pricePaise), lang)}</span>
                  </span>
                  <span className="font-semibold">{formatRupees(l.pricePaise * l.quantity)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-2 border-t border-river-100 pt-4 text-sm dark:border-river-800">
              <SummaryRow label={format(all.cart.subtotal, { qty: cartQuantityText(lines, lang) })} value={formatRupees(summary.subtotalPaise)} />
              <SummaryRow label={all.cart.shipping} value={all.cart.free} />
              <SummaryRow label={all.cart.estimatedRemaining} value={formatRupees(summary.remainingPaise)} />
              <CeilingRows estimatePaise={summary.subtotalPaise} withLimit={false} />
              <div className="flex justify-between gap-4 text-base font-bold">
                <dt>{all.cart.payNow}</dt>
                <dd className="shrink-0 text-right">{formatRupees(summary.advancePaise)}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="steps" className="card p-6">
            <h2 id="steps" className="text-xl font-bold">
              {m.stepsHeading}
            </h2>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm">
              <li>{m.steps.advance}</li>
              <li>{m.steps.catch}</li>
              <li>{m.steps.balance}</li>
              <li>{m.steps.delivery}</li>
            </ol>
          </section>
        </div>
        {/* Refused by the server, the form comes before the order's summary on a phone too, so its errors are on the first screen. */}
        <section aria-labelledby="shipping" className={`card p-6 lg:col-span-3 lg:order-1 ${form.errors?.length ? "order-first" : ""}`}>
          <h2 id="shipping" className="text-xl font-bold">
            {m.shippingHeading}
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-1">
            <FetcherMarker />
            <ErrorSummary
              id={`${form.id}-errors`}
              formErrors={form.errors}
              submitted={press.checked}
              fixErrors={m.fixErrors}
              fields={[
                ...(addresses.length ? [{ id: fields.addressId.id, label: addressTexts.choiceLegend, errors: fields.addressId.errors }] : []),
                ...shippingSummary(fields, m),
                { id: fields.delivery.id, label: all.delivery.heading, errors: fields.delivery.errors },
                { id: fields.ceiling.id, label: all.ceiling.legend, errors: fields.ceiling.errors },
              ]}
            />
            {answer && "razorpay" in answer && answer.notice ? (
              <p role="status" className="rounded-xl bg-river-50 p-3 text-sm dark:bg-river-900">
                {answer.notice}
              </p>
            ) : null}
            <AddressChoice field={fields.addressId} addresses={addresses} texts={addressTexts}>
              <ShippingFields fields={fields} checked={form.status === "error" || press.checked} />
            </AddressChoice>
            <DeliveryPicker field={fields.delivery} choices={choices} />
            <CeilingChoiceField field={fields.ceiling} estimatePaise={summary.subtotalPaise} />
            {paymentAvailable ? null : (
              <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                {m.notAvailable}
              </p>
            )}
            <button type="submit" className="btn-primary mt-4 w-full text-base" disabled={busy || !paymentAvailable || choices.length === 0}>
              {busy ? m.paying : m.pay}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}
