import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { rememberAddress } from "~/addresses/addresses.server";
import { quantityText } from "~/catalog/units";
import { AddressChoice, relaxedConstraint } from "~/components/address-choice";
import { CeilingChoiceField } from "~/components/ceiling-choice";
import { ErrorSummary } from "~/components/error-summary";
import { FieldError } from "~/components/field-parts";
import { FetcherMarker } from "~/components/hydrated";
import { Form, Link } from "~/components/link";
import { ShippingFields, shippingSummary, useShippingPress } from "~/components/shipping-fields";
import type { Deps } from "~/deps";
import { addDays } from "~/delivery/slots";
import { isActionOf, localePath } from "~/i18n/lang";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatRupees } from "~/lib/money";
import { DEFAULT_CEILING } from "~/orders/ceiling";
import { startAdvanceLink } from "~/payments/advance-link.server";
import { gatewaySecrets } from "~/payments/gateway.server";
import { bookableProduct, bookingPage, formFacts } from "~/season/booking.server";
import { createPrebooking } from "~/season/prebook.server";
import { prebookSchema } from "~/season/schema";
import { redirectToGateway, redirectWithFlash } from "~/web/flash.server";
import { requireUser } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { replyWithError } from "~/web/page-errors.server";
import { useLang, useMessages } from "~/web/site";
import { onPrimary } from "~/deps.server";

/**
 * Booking a product for the season: how much, the last delivery date accepted, the address and the most the
 * shopper agrees to pay; then the ₹500 advance on the gateway's page (a plain form post, with or without
 * JavaScript). Paid, the pre-booking takes its place in the queue and shows on My Orders.
 */

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(() => data?.title ?? "", matches);

/** Signed in (a visitor logs in and comes back), not the admin, and a product whose season is open (else 404). */
async function requireBooking(request: Request, deps: Pick<Deps, "user" | "config" | "db" | "lang" | "now">, slug: string | undefined) {
  const s = sectionsFor(deps).season;
  const user = await requireUser(request, deps, s.loginToBook);
  if (user.isAdmin) throw redirect(localePath(deps.lang, "/"));
  const product = await bookableProduct(deps, slug);
  if (!product) throw new Response(s.closed, { status: 404 });
  return { user, product };
}

export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  const { user, product } = await requireBooking(request, deps, params.slug);
  return bookingPage(deps, user, product);
}

export async function action({ request, params, context: { deps } }: ActionFunctionArgs) {
  const { user, product } = await requireBooking(request, deps, params.slug);
  const s = sectionsFor(deps).season;
  const shop = messagesFor(deps).shop;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: prebookSchema(formData, s, shop, formFacts(deps, product), deps.lang) });
  if (submission.status !== "success") return data(submission.reply({ formErrors: [s.fixErrors] }), { status: 400 });
  if (!gatewaySecrets(deps.config)) return data(submission.reply({ formErrors: [shop.checkout.notAvailable] }), { status: 409 });
  let order;
  try {
    order = await createPrebooking(onPrimary(deps), user, product.id, submission.value, deps.now());
  } catch (error) {
    return replyWithError(deps, submission, error, shop.checkout.checkoutError);
  }
  if (!("addressId" in submission.value)) {
    await rememberAddress(deps, user.id, submission.value, deps.now()).catch((error) => console.error("saving the booking's address failed", error));
  }
  try {
    // The advance's payment page, with or without JavaScript; the gateway comes back to the order's callback.
    return redirectToGateway(deps, (await startAdvanceLink(onPrimary(deps), order, user.email)).url, null);
  } catch (error) {
    console.error("creating the pre-booking's payment link failed", error);
    return redirectWithFlash(deps, `/orders/${order.number}/pay`, { type: "error", text: shop.checkout.createFailed }, { status: 303 });
  }
}

export default function SeasonBooking() {
  const page = useLoaderData<typeof loader>();
  return <BookingForm {...page} />;
}

function BookingForm({
  words: s,
  title,
  product,
  facts,
  quantityHint,
  latestHint,
  defaults,
  addresses,
  addressTexts,
  paymentAvailable,
}: SerializeFrom<typeof loader>) {
  const lastResult = useActionData<typeof action>();
  const all = useMessages().shop;
  const { lang } = useLang();
  const navigation = useNavigation();
  const path = `/season/${product.slug}`;
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, path);
  const press = useShippingPress(s.fixErrors);
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      ...defaults,
      quantity: String(product.minQty),
      ceiling: DEFAULT_CEILING,
      addressId: addresses.length ? String(addresses[0].id) : undefined,
    },
    constraint: relaxedConstraint(getZodConstraint(prebookSchema(null, s, all, facts, lang)), addresses.length > 0, ["quantity", "latestDate", "ceiling"]),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema: prebookSchema(formData, s, all, facts, lang) });
      press.pressed(formData, submission);
      return submission;
    },
  });
  const choices = Array.from({ length: Math.max(0, product.maxQty - product.minQty + 1) }, (_, i) => product.minQty + i);
  // The estimate is shown for one of the offered quantities only: a refused post may carry anything ("Infinity").
  const typed = Number(fields.quantity.value);
  const quantity = choices.includes(typed) ? typed : product.minQty;
  const tomorrow = addDays(facts.today, 1);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={`/products/${product.slug}`} className="link text-sm">
        {s.back}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold">{title}</h1>
      <p className="mt-3 leading-relaxed text-slate-700 dark:text-slate-200">{s.intro}</p>
      <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-1 p-5 sm:p-6">
        <FetcherMarker />
        <ErrorSummary
          id={`${form.id}-errors`}
          formErrors={form.errors}
          submitted={press.checked}
          fixErrors={s.fixErrors}
          fields={[
            { id: fields.quantity.id, label: s.quantity, errors: fields.quantity.errors },
            { id: fields.latestDate.id, label: s.latestDate, errors: fields.latestDate.errors },
            ...(addresses.length ? [{ id: fields.addressId.id, label: addressTexts.choiceLegend, errors: fields.addressId.errors }] : []),
            ...shippingSummary(fields, all.checkout),
            { id: fields.ceiling.id, label: all.ceiling.legend, errors: fields.ceiling.errors },
          ]}
        />
        <label htmlFor={fields.quantity.id} className="block text-sm font-medium">
          {s.quantity}
        </label>
        <select
          {...getSelectProps(fields.quantity)}
          key={fields.quantity.key}
          aria-describedby={`${fields.quantity.id}-hint ${fields.quantity.errorId}`}
          className="mt-1 block min-h-11 w-full rounded-xl border border-river-400 bg-white px-3 text-base dark:bg-river-950"
        >
          {choices.map((q) => (
            <option key={q} value={q}>
              {`${quantityText(q, product.unit, lang)} · ${formatRupees(product.pricePaise * q)}`}
            </option>
          ))}
        </select>
        <p id={`${fields.quantity.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {quantityHint}
        </p>
        <FieldError id={fields.quantity.errorId} errors={fields.quantity.errors} />
        <label htmlFor={fields.latestDate.id} className="block pt-2 text-sm font-medium">
          {s.latestDate}
        </label>
        <input
          {...getInputProps(fields.latestDate, { type: "date" })}
          key={fields.latestDate.key}
          min={tomorrow}
          max={facts.seasonUntil}
          aria-describedby={`${fields.latestDate.id}-hint ${fields.latestDate.errorId}`}
          className="mt-1 block min-h-11 w-full rounded-xl border border-river-400 bg-white px-3 text-base dark:bg-river-950"
        />
        <p id={`${fields.latestDate.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {latestHint}
        </p>
        <FieldError id={fields.latestDate.errorId} errors={fields.latestDate.errors} />
        <h2 className="pt-4 text-xl font-bold">{all.checkout.shippingHeading}</h2>
        <AddressChoice field={fields.addressId} addresses={addresses} texts={addressTexts}>
          <ShippingFields fields={fields} checked={form.status === "error" || press.checked} />
        </AddressChoice>
        <CeilingChoiceField field={fields.ceiling} estimatePaise={product.pricePaise * quantity} />
        {paymentAvailable ? null : (
          <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {all.checkout.notAvailable}
          </p>
        )}
        <button type="submit" className="btn-primary mt-4 w-full text-base" disabled={busy || !paymentAvailable} aria-busy={busy || undefined}>
          {busy ? s.paying : s.pay}
        </button>
      </Form>
    </div>
  );
}
