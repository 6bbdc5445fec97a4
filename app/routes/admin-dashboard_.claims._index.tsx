import type { HeadersFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listClaims } from "~/claims/admin.server";
import { AdminPageHeader } from "~/components/admin-page-header";
import { HeaderRow } from "~/components/header-row";
import { claimMessages } from "~/i18n/claims.messages";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = ({ matches }) => privateMeta(`${claimMessages.admin.title} | Admin Dashboard`, matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  return listClaims(deps);
}

type Row = SerializeFrom<typeof loader>["open"][number];

/** Claims as a table from `sm` up; on a phone each row's cells stack under their labels. */
function ClaimTable({ rows, caption }: { rows: Row[]; caption: string }) {
  const m = claimMessages.admin;
  const headings = [m.order, m.customer, m.kind, m.reported, m.files, m.state];
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden border-b border-river-200 sm:table-header-group dark:border-river-700">
        <HeaderRow headings={headings} />
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} className="block border-b border-river-100 py-2 sm:table-row sm:py-0 dark:border-river-800">
            <td className="block px-3 py-1 sm:table-cell sm:py-2">
              <Link to={`/admin-dashboard/claims/${c.id}`} className="link font-semibold">
                {c.number}
              </Link>
            </td>
            <td className="block px-3 py-1 sm:table-cell sm:py-2">{c.customer}</td>
            <td className="block px-3 py-1 sm:table-cell sm:py-2">{claimMessages.kinds[c.kind]}</td>
            <td className="block whitespace-nowrap px-3 py-1 sm:table-cell sm:py-2">{formatAdminDateTime(c.createdAt)}</td>
            <td className="block px-3 py-1 sm:table-cell sm:py-2">
              <span className="sm:sr-only">{m.files}: </span>
              {c.files}
            </td>
            <td className="block px-3 py-1 sm:table-cell sm:py-2">
              {claimMessages.states[c.status]}
              {c.status === "approved" && c.refundPaise !== null ? ` · ${formatRupees(c.refundPaise)}` : ""}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AdminClaims() {
  const { open, decided } = useLoaderData<typeof loader>();
  const m = claimMessages.admin;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title={m.title} subtitle={m.subtitle}>
        <Link to="/admin-dashboard" className="btn-outline">
          {m.back}
        </Link>
      </AdminPageHeader>
      <section aria-labelledby="open-claims" className="card mt-8 p-5">
        <h2 id="open-claims" className="text-lg font-bold">
          {m.open} ({open.length})
        </h2>
        {open.length ? <ClaimTable rows={open} caption={m.open} /> : <p className="mt-2 text-slate-600 dark:text-slate-300">{m.none}</p>}
      </section>
      <section aria-labelledby="decided-claims" className="card mt-6 p-5">
        <h2 id="decided-claims" className="text-lg font-bold">
          {m.decided}
        </h2>
        {decided.length ? <ClaimTable rows={decided} caption={m.decided} /> : <p className="mt-2 text-slate-600 dark:text-slate-300">{m.noneDecided}</p>}
      </section>
    </div>
  );
}
