import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CatchBelowHeldError, listAdminProducts, listSlots, savePlan } from "~/catalog/admin.server";
import { catchField, parsePlanForm } from "~/catalog/rules";
import { AdminPageHeader } from "~/components/admin-page-header";
import { CatchForm } from "~/components/admin-catch-form";
import { DELIVERY_SLOTS, PLANNING_DAYS, upcomingDates } from "~/delivery/slots";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { serveWaitlist } from "~/waitlist/waitlist.server";
import { fillQueue, queueSummary } from "~/season/queue.server";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { format } from "~/i18n/format";
import { onPrimary } from "~/deps.server";

/** The seller's daily screen: every product's catch and every slot's capacity, today and the coming days, saved in one press. */

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Catch and delivery slots | Admin Dashboard", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const [{ dates, products }, slots] = await Promise.all([listAdminProducts(deps), listSlots(deps)]);
  // How much of a day's catch the season's queue will take first, beside each product.
  const queues = await queueSummary(
    deps,
    products.map((p) => p.id),
  );
  const queued = (id: number, unit: ProductUnit) => {
    const q = queues.get(id);
    return q ? format(shopAdminMessages.season.queueOnCatch, { count: q.count, qty: quantityText(q.units, unit) }) : null;
  };
  return { dates, products: products.map((p) => ({ ...p, queue: queued(p.id, p.unit) })), slots, defaultCapacity: deps.config.defaultSlotCapacity };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const m = shopAdminMessages.catch;
  const parsed = parsePlanForm(await request.formData(), upcomingDates(deps.now(), PLANNING_DAYS), DELIVERY_SLOTS);
  // A refusal saves nothing and comes back with what was typed, each problem beside its field.
  const refuse = (errors: Record<string, string>, error: string, status: number) => data({ errors, error, typed: parsed.typed }, { status });
  if (Object.keys(parsed.errors).length) return refuse(parsed.errors, m.notSaved, 400);
  try {
    await savePlan(onPrimary(deps), parsed);
  } catch (error) {
    if (error instanceof CatchBelowHeldError) {
      return refuse(Object.fromEntries(error.below.map((b) => [catchField(b.productId, b.date), b.message])), m.notSaved, error.status);
    }
    if (error instanceof DomainError) return refuse({}, error.message, error.status);
    throw error;
  }
  // New catch fills the season's queue at once, in the order advances were paid, then serves the waitlists.
  await fillQueue(onPrimary(deps), deps.now());
  await serveWaitlist(onPrimary(deps), deps.now());
  return redirectWithFlash(deps, "/admin-dashboard/catch", { type: "success", text: m.saved });
}

export default function AdminCatch() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const m = shopAdminMessages;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10 pt-10">
      <Link to="/admin-dashboard" className="link text-sm">
        {m.work.back}
      </Link>
      <div className="mt-2">
        <AdminPageHeader title={m.catch.title} subtitle={m.catch.subtitle}>
          <Link to="/admin-dashboard/products" className="btn-outline">
            {m.products.title}
          </Link>
        </AdminPageHeader>
      </div>
      <CatchForm {...loaded} answer={answer ?? null} />
    </div>
  );
}
