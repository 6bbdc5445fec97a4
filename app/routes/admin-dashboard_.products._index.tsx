import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { listAdminProducts, setProductHidden } from "~/catalog/admin.server";
import { perUnit, quantityText } from "~/catalog/units";
import { formatDeliveryDate } from "~/delivery/slots";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireAdmin } from "~/web/guards.server";
import { AdminPageHeader } from "~/components/admin-page-header";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta("Products | Admin Dashboard", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  return listAdminProducts(deps);
}

const visibilitySchema = z.object({ intent: z.enum(["hide", "show"]), id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Hide or show a product, without JavaScript: back to the list with a toast. */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const parsed = visibilitySchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response("Bad request", { status: 400 });
  const hidden = parsed.data.intent === "hide";
  await orNotFound(setProductHidden(deps, parsed.data.id, hidden));
  const [row] = (await listAdminProducts(deps)).products.filter((p) => p.id === parsed.data.id);
  const m = shopAdminMessages.products;
  return redirectWithFlash(deps, "/admin-dashboard/products", {
    type: "success",
    text: format(hidden ? m.hiddenDone : m.shownDone, { name: row?.name ?? "" }),
  });
}

export default function AdminProducts() {
  const { dates, products } = useLoaderData<typeof loader>();
  const m = shopAdminMessages.products;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title={m.title} subtitle={m.subtitle}>
        <Link to="/admin-dashboard/catch" className="btn-outline">
          {shopAdminMessages.catch.link}
        </Link>
        <Link to="/admin-dashboard/products/new" className="btn-dark">
          {m.new}
        </Link>
      </AdminPageHeader>
      {products.length === 0 ? <p className="card mt-8 p-6">{m.none}</p> : null}
      <ul className="mt-8 grid gap-4">
        {products.map((p) => (
          // min-w-0: a grid item would widen to the catch table's width; the table scrolls inside its card instead.
          <li key={p.id} className="card min-w-0 p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="text-lg font-bold">
                  <Link to={`/admin-dashboard/products/${p.id}`} className="link">
                    {p.name}
                  </Link>{" "}
                  <span
                    className={`badge ${p.hidden ? "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100" : "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"}`}
                  >
                    {p.hidden ? m.hidden : m.visible}
                  </span>
                </h2>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {formatRupees(p.pricePaise)} {perUnit(p.unit)} · {m.limits}: {quantityText(p.minQty, p.unit)} – {quantityText(p.maxQty, p.unit)} · /products/
                  {p.slug}
                </p>
              </div>
              <div className="flex gap-2">
                <Link to={`/admin-dashboard/products/${p.id}`} className="btn-outline" aria-label={`${m.edit} ${p.name}`}>
                  {m.edit}
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={p.hidden ? "show" : "hide"}
                    className="btn-outline"
                    aria-label={`${p.hidden ? m.show : m.hide} ${p.name}`}
                  >
                    {p.hidden ? m.show : m.hide}
                  </button>
                </Form>
              </div>
            </div>
            {/* Scrolls sideways on a phone: focusable, so it scrolls from the keyboard too. */}
            {/* Named by the web address too: two products may share a name, and each region needs its own. */}
            <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${m.catch}: ${p.name} (/${p.slug})`}>
              <table className="w-full min-w-[36rem] text-sm">
                <caption className="sr-only">
                  {m.catch}: {p.name}
                </caption>
                <thead>
                  <tr>
                    {dates.map((d) => (
                      <th key={d} scope="col" className="px-2 py-1 text-left font-medium text-slate-600 dark:text-slate-300">
                        {formatDeliveryDate(d)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    {p.days.map((d) => (
                      <td key={d.date} className={`px-2 py-1 ${d.caught !== null && d.left === 0 ? "font-semibold text-red-700 dark:text-red-300" : ""}`}>
                        {d.caught === null ? "–" : `${d.left} / ${d.caught}`}
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
