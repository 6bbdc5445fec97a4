import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { LogoutButton } from "~/components/logout-button";
import { StatusBadge } from "~/components/status-badge";
import { adminStats, listAdminOrders } from "~/admin/order-list.server";
import { adminMessages } from "~/i18n/admin.messages";
import { fishMessages } from "~/i18n/fish.messages";
import { format } from "~/i18n/format";
import { formatDelivery } from "~/delivery/slots";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { ADMIN_STATUSES } from "~/orders/status";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAdmin } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";
import { AdminPageHeader } from "~/components/admin-page-header";
import { HeaderRow } from "~/components/header-row";
import { countOpenClaims } from "~/claims/admin.server";
import { claimMessages } from "~/i18n/claims.messages";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { loadPage } from "~/web/page-errors.server";

export const meta: MetaFunction = ({ matches }) => privateMeta("Admin Dashboard", matches);

async function dashboard({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") || null;
  const q = url.searchParams.get("q")?.trim().slice(0, 60) || null;
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1));
  const [stats, list, openClaims] = await Promise.all([adminStats(deps), listAdminOrders(deps, { status, q, page }), countOpenClaims(deps)]);
  return {
    stats,
    openClaims,
    filter: { status, q, page },
    pages: list.pages,
    orders: list.orders.map((o) => ({
      number: o.number,
      customer: `${o.firstName} ${o.lastName}`.trim(),
      delivery: o.deliveryDate && o.deliverySlot ? formatDelivery(o.deliveryDate, o.deliverySlot) : null,
      phone: o.phone,
      createdAt: o.createdAt,
      amountPaise: o.finalTotalPaise ?? o.estimatedTotalPaise,
      final: o.finalTotalPaise !== null,
      payment: o.payment,
      status: o.status,
    })),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  return loadPage(adminMessages.loadFailed, () => dashboard(args));
}

export { PageFailureBoundary as ErrorBoundary } from "~/components/page-failure";

/** 'Refresh Orders' without JavaScript: back to the same list, with an 'Orders refreshed' toast. */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  await requireAdmin(request, deps);
  const back = new URL(request.url);
  return redirectWithFlash(deps, `/admin-dashboard${back.search}`, { type: "success", text: adminMessages.refreshed });
}

export default function AdminDashboard() {
  const { stats, orders, filter, pages, openClaims } = useLoaderData<typeof loader>();
  const m = adminMessages;
  const labels = useMessages().shop.status.labels;
  const navigation = useNavigation();
  // Busy while the refresh itself is on its way, not while an order opens over the list.
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.split("?")[0] === "/admin-dashboard";
  const cards = [
    [m.stats.total, String(stats.total)],
    [m.stats.pending, String(stats.pending)],
    [m.stats.completed, String(stats.completed)],
    [m.stats.cancelled, String(stats.cancelled)],
    [m.stats.advances, formatRupees(stats.advancesPaise)],
    [m.stats.outstanding, formatRupees(stats.outstandingPaise)],
  ];
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (filter.status) params.set("status", filter.status);
    if (filter.q) params.set("q", filter.q);
    params.set("page", String(page));
    return `/admin-dashboard?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title={m.title} subtitle={m.subtitle}>
        <Link to="/admin-dashboard/catch" className="btn-dark">
          {shopAdminMessages.catch.link}
        </Link>
        <Link to="/admin-dashboard/deliveries" className="btn-outline">
          {m.deliveries}
        </Link>
        <Link to="/admin-dashboard/products" className="btn-outline">
          {m.products}
        </Link>
        <Link to="/admin-dashboard/auctions" className="btn-outline">
          {m.auctions}
        </Link>
        <Link to="/admin-dashboard/landings" className="btn-outline">
          {fishMessages.admin.nav}
        </Link>
        <Link to="/admin-dashboard/claims" className="btn-outline">
          {format(claimMessages.admin.link, { count: openClaims })}
        </Link>
        <Form method="post">
          <button type="submit" className="btn-dark" disabled={busy}>
            {m.refresh}
          </button>
        </Form>
        <LogoutButton className="btn-outline" />
      </AdminPageHeader>

      <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {cards.map(([label, value]) => (
          <div key={label} className="card p-4">
            <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>

      <Form method="get" className="mt-8 flex flex-wrap items-end gap-3" aria-label={m.filters.apply}>
        <label className="flex flex-col text-sm">
          {m.filters.status}
          <select name="status" defaultValue={filter.status ?? ""} className="mt-1 min-h-11 rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900">
            <option value="">{m.filters.all}</option>
            {ADMIN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {labels[s]}
              </option>
            ))}
            <option value="awaiting_payment">{m.filters.awaitingPayment}</option>
          </select>
        </label>
        <label className="flex min-w-56 flex-1 flex-col text-sm">
          {m.filters.search}
          <input
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            maxLength={60}
            className="mt-1 min-h-11 rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900"
          />
        </label>
        <button type="submit" className="btn-outline">
          {m.filters.apply}
        </button>
      </Form>

      {orders.length === 0 ? (
        <p className="mt-8 text-slate-600 dark:text-slate-300">{m.table.empty}</p>
      ) : (
        <>
          {/* Phones: one card per order. */}
          <ul className="mt-6 space-y-3 md:hidden">
            {orders.map((o) => (
              <li key={o.number} className="card p-4">
                <div className="flex items-start justify-between gap-2">
                  <Link to={`/admin-dashboard/orders/${o.number}`} className="link font-semibold">
                    {o.number}
                  </Link>
                  <StatusBadge status={o.status} label={labels[o.status as keyof typeof labels] ?? o.status} />
                </div>
                <p className="mt-2">{o.customer}</p>
                {/* A lot offered on and stopped before anyone gave an address has no phone to call. */}
                {o.phone ? (
                  <p className="text-sm">
                    <a href={`tel:${o.phone}`} className="link">
                      {o.phone}
                    </a>
                  </p>
                ) : null}
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{formatAdminDateTime(o.createdAt)}</p>
                <p className="mt-1 text-sm">
                  {formatRupees(o.amountPaise)} ({o.final ? m.table.final : m.table.estimated}) · {o.payment}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-6 hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{m.table.caption}</caption>
              <thead className="border-b border-river-200 dark:border-river-700">
                <HeaderRow headings={[m.table.number, m.table.customer, m.table.phone, m.table.date, m.table.amount, m.table.payment, m.table.status]} />
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.number} className="border-b border-river-100 dark:border-river-800">
                    <td className="px-3 py-2">
                      <Link to={`/admin-dashboard/orders/${o.number}`} className="link font-semibold">
                        {o.number}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      {o.customer}
                      {o.delivery ? <span className="block text-xs text-slate-600 dark:text-slate-300">{o.delivery}</span> : null}
                    </td>
                    <td className="px-3 py-2">
                      {o.phone ? (
                        <a href={`tel:${o.phone}`} className="link">
                          {o.phone}
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{formatAdminDateTime(o.createdAt)}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {formatRupees(o.amountPaise)}{" "}
                      <span className="text-xs text-slate-600 dark:text-slate-300">({o.final ? m.table.final : m.table.estimated})</span>
                    </td>
                    <td className="px-3 py-2">{o.payment}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={o.status} label={labels[o.status as keyof typeof labels] ?? o.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 ? (
        <nav aria-label={format(m.table.page, { page: filter.page })} className="mt-6 flex items-center justify-between">
          {filter.page > 1 ? (
            <Link to={pageLink(filter.page - 1)} className="btn-outline">
              {m.table.previous}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm">{format(m.table.page, { page: filter.page })}</span>
          {filter.page < pages ? (
            <Link to={pageLink(filter.page + 1)} className="btn-outline">
              {m.table.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      {/* An order's detail (/admin-dashboard/orders/{number}) opens over the list, with or without JavaScript. */}
      <Outlet />
    </div>
  );
}
