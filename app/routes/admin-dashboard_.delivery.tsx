import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { listSlots, saveSlots } from "~/catalog/admin.server";
import { parseSlotsForm, slotLoadNote } from "~/catalog/rules";
import { FormError } from "~/components/form-field";
import { DELIVERY_SLOTS, formatDeliveryDate, formatSlot, PLANNING_DAYS, upcomingDates } from "~/delivery/slots";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Delivery slots | Admin Dashboard", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  return { slots: await listSlots(deps), defaultCapacity: deps.config.defaultSlotCapacity };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const parsed = parseSlotsForm(await request.formData(), upcomingDates(deps.now(), PLANNING_DAYS), DELIVERY_SLOTS);
  const errors: Record<string, string> = parsed.errors;
  if (Object.keys(errors).length) return data({ errors, error: shopAdminMessages.form.fix }, { status: 400 });
  try {
    await saveSlots(deps, parsed.entries);
  } catch (error) {
    if (error instanceof DomainError) return data({ errors, error: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithFlash(deps, "/admin-dashboard/delivery", { type: "success", text: shopAdminMessages.slots.saved });
}

export default function AdminDelivery() {
  const { slots, defaultCapacity } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const m = shopAdminMessages;
  const dates = [...new Set(slots.map((s) => s.date))];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/admin-dashboard/products" className="link text-sm">
        {m.products.back}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold">{m.slots.title}</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{m.slots.subtitle}</p>
      <Form method="post" className="card mt-6 p-6">
        <FormError errors={answer ? [answer.error] : undefined} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {dates.map((date) => (
            <fieldset key={date} className="rounded-xl border border-river-200 p-3 dark:border-river-700">
              <legend className="px-1 text-sm font-semibold">{formatDeliveryDate(date)}</legend>
              {slots
                .filter((s) => s.date === date)
                .map((s) => {
                  const name = `cap.${date}.${s.slot}`;
                  const problem = answer?.errors[name];
                  return (
                    <div key={s.slot} className="mt-2">
                      <label htmlFor={name} className="block text-sm">
                        {formatSlot(s.slot)}
                      </label>
                      <input
                        id={name}
                        name={name}
                        inputMode="numeric"
                        pattern="[0-9,]*"
                        required
                        defaultValue={s.capacity}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={`${name}-note`}
                        className={`mt-1 min-h-11 w-full rounded-xl border bg-white px-3 dark:bg-river-950 ${problem ? "border-red-500" : "border-river-400"}`}
                      />
                      <p id={`${name}-note`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                        {problem ?? slotLoadNote(s, defaultCapacity)}
                      </p>
                    </div>
                  );
                })}
            </fieldset>
          ))}
        </div>
        <button type="submit" className="btn-dark mt-6" disabled={busy}>
          {m.slots.save}
        </button>
      </Form>
    </div>
  );
}
