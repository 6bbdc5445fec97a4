import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { deleteAddress, ownAddress, updateAddress } from "~/addresses/addresses.server";
import { addressFields } from "~/addresses/rules";
import { ErrorSummary } from "~/components/error-summary";
import { ShippingFields, shippingSummary } from "~/components/shipping-fields";
import { errorMessage, messagesFor, sectionsFor } from "~/i18n/catalogue";
import { DomainError, NotFoundError } from "~/lib/errors";
import { shippingSchema } from "~/orders/checkout-schema";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireUser } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => privateMeta(data?.texts.editTitle ?? "", matches);

/** The address's id from the path; anything but a plain number is no address at all. */
function addressId(params: LoaderFunctionArgs["params"]): number {
  const id = params.id ?? "";
  if (!/^\d{1,15}$/.test(id)) throw new Response("Not found", { status: 404 });
  return Number(id);
}

export async function loader({ request, context: { deps }, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, deps);
  const m = sectionsFor(deps).address;
  const texts = { editTitle: m.editTitle, backToProfile: m.backToProfile, save: m.save, saving: m.saving };
  return { address: addressFields(await orNotFound(ownAddress(deps, user.id, addressId(params)))), texts };
}

/** Saves the edited address (the checkout's fields and rules), or deletes it (intent=delete, the profile's confirming form). */
export async function action({ request, context: { deps }, params }: ActionFunctionArgs) {
  const user = await requireUser(request, deps);
  const m = sectionsFor(deps).address;
  const id = addressId(params);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    try {
      await deleteAddress(deps, user.id, id);
    } catch (error) {
      // A second press, or someone else's address: nothing is deleted, and the profile says so.
      if (!(error instanceof NotFoundError)) throw error;
      return redirectWithFlash(deps, "/profile", { type: "error", text: errorMessage(error, deps) }, { status: 303 });
    }
    return redirectWithFlash(deps, "/profile", { type: "success", text: m.deleted }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: shippingSchema(messagesFor(deps).shop) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await updateAddress(deps, user.id, id, submission.value, deps.now());
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(submission.reply({ formErrors: [errorMessage(error, deps)] }), { status: error.status });
  }
  return redirectWithFlash(deps, "/profile", { type: "success", text: m.saved }, { status: 303 });
}

export default function EditAddress() {
  const { address, texts: m } = useLoaderData<typeof loader>();
  const shop = useMessages().shop;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: useActionData<typeof action>(),
    defaultValue: address,
    constraint: getZodConstraint(shippingSchema(shop)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shippingSchema(shop) }),
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Link to="/profile" className="link text-sm">
        {m.backToProfile}
      </Link>
      <div className="card mt-4 p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-bold">{m.editTitle}</h1>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-1">
          <ErrorSummary
            id={`${form.id}-errors`}
            formErrors={form.errors}
            submitted={form.status === "error"}
            fixErrors={shop.checkout.fixErrors}
            fields={shippingSummary(fields, shop.checkout)}
          />
          <ShippingFields fields={fields} checked={form.status === "error"} />
          <button type="submit" className="btn-dark mt-4" disabled={busy}>
            {busy ? m.saving : m.save}
          </button>
        </Form>
      </div>
    </div>
  );
}
