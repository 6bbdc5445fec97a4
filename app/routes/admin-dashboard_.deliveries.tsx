import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { StatusBadge } from "~/components/status-badge";
import { addDays, formatDeliveryDate, formatSlot, istDate } from "~/delivery/slots";
import { withZone } from "~/lib/dates";
import { deliveryWork } from "~/delivery/work.server";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { format } from "~/i18n/format";
import { FishLabels } from "~/components/fish-labels";
import { fishCodesByOrder } from "~/landings/fish-page.server";
import { requireAdmin } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Deliveries | Admin Dashboard", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const today = istDate(deps.now());
  const work = await deliveryWork(deps, /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : today).catch(() => deliveryWork(deps, today));
  const fish = await fishCodesByOrder(
    deps,
    work.slots.flatMap((s) => s.orders.map((o) => o.number)),
  );
  return { ...work, today, weekAgo: addDays(today, -6), fish, origin: deps.origin };
}

export default function Deliveries() {
  const { date, slots, totals, today, weekAgo, fish, origin } = useLoaderData<typeof loader>();
  const m = shopAdminMessages.work;
  const labels = useMessages().shop.status.labels;
  const count = slots.reduce((n, s) => n + s.orders.length, 0);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 print:max-w-none print:p-0">
      <div data-print="hide">
        <Link to="/admin-dashboard" className="link text-sm">
          {m.back}
        </Link>
        <h1 className="mt-2 font-serif text-3xl font-bold">{m.title}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{m.subtitle}</p>
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <DateField label={m.date} name="date" defaultValue={date} />
          <button type="submit" className="btn-dark">
            {m.show}
          </button>
        </Form>
        <PrintControl label={m.print} hint={m.printHint} />
      </div>

      <h2 className="mt-8 font-serif text-2xl font-bold">
        {formatDeliveryDate(date)} · {count === 1 ? m.oneOrder : format(m.ordersIn, { n: String(count) })}
      </h2>
      {count === 0 ? <p className="card mt-4 p-6">{m.noneAtAll}</p> : null}
      {totals.length ? (
        <section aria-labelledby="totals-heading" className="card mt-4 p-5">
          <h3 id="totals-heading" className="text-lg font-bold">
            {m.totals}
          </h3>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {totals.map((t) => (
              <li key={t.name}>
                {t.name}: <strong>{t.text}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {slots.map((s) => (
        <section key={s.slot} aria-labelledby={`slot-${s.slot}`} className="mt-6 break-inside-avoid">
          <h3 id={`slot-${s.slot}`} className="text-xl font-bold">
            {withZone(formatSlot(s.slot))} · {s.orders.length}
          </h3>
          {s.orders.length === 0 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.none}</p> : null}
          <ol className="mt-2 grid gap-3">
            {s.orders.map((o) => (
              <li key={o.number} className="card p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-semibold">
                    <Link to={`/admin-dashboard/orders/${o.number}`} className="link">
                      {o.number}
                    </Link>{" "}
                    · {o.firstName} {o.lastName} · {o.phone}
                  </p>
                  <span data-print="hide">
                    <StatusBadge status={o.status} label={labels[o.status as keyof typeof labels] ?? o.status} srPrefix="" />
                  </span>
                  <span className="hidden print:inline">☐ {m.packed}</span>
                </div>
                <p className="text-sm">
                  {o.address}, {o.city}, {o.state} {o.zip}
                </p>
                <ul aria-label={m.items} className="mt-1 list-disc pl-5 text-sm font-medium">
                  {o.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <p className="mt-1 text-sm font-semibold">{o.collectText}</p>
                <FishLabels codes={fish[o.number] ?? []} origin={origin} />
              </li>
            ))}
          </ol>
        </section>
      ))}

      <section aria-labelledby="csv-heading" className="card mt-10 p-5" data-print="hide">
        <h2 id="csv-heading" className="text-lg font-bold">
          {m.csvHeading}
        </h2>
        <Form method="get" action="/admin-dashboard/deliveries.csv" reloadDocument className="mt-3 flex flex-wrap items-end gap-3">
          <DateField label={m.from} name="from" defaultValue={weekAgo} />
          <DateField label={m.to} name="to" defaultValue={today} />
          <button type="submit" className="btn-outline">
            {m.download}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** A button that prints the page once JavaScript runs; before that (or without it), how to print it from the browser. */
function PrintControl({ label, hint }: { label: string; hint: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <button type="button" className="btn-outline mt-3" onClick={() => window.print()}>
      {label}
    </button>
  ) : (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{hint}</p>
  );
}

/** A required date input with its label above it, for the day's and the export's forms. */
function DateField({ label, name, defaultValue }: { label: string; name: string; defaultValue: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="date"
        name={name}
        defaultValue={defaultValue}
        required
        className="min-h-11 rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
      />
    </label>
  );
}
