import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { claimMessages } from "~/i18n/claims.messages";
import { format } from "~/i18n/format";
import type { getAdminOrder } from "~/admin/order-list.server";
import { adminMessages as m } from "~/i18n/admin.messages";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

type AdminOrder = SerializeFrom<Awaited<ReturnType<typeof getAdminOrder>>>;
type Entry = AdminOrder["ledger"][number];

const entryWhat = (l: Entry) => `${m.ledger.kinds[l.kind]} · ${m.ledger.reasons[l.reason]}`;
const entryAmount = (l: Entry) => `${l.kind === "refund" ? "−" : ""}${formatRupees(l.amountPaise)}`;
const entryState = (l: Entry) => (l.kind !== "refund" ? m.ledger.states.taken : l.state === "done" ? m.ledger.states.refunded : m.ledger.refundPending);
const entryId = (l: Entry) => (l.kind === "refund" ? (l.gatewayRefundId ?? l.paymentRef) : l.ref);

/** Every capture, cash record and refund of an order, under its heading: blocks on a phone, a table from `sm` up. */
export function LedgerEntries({ ledger }: { ledger: Entry[] }) {
  return (
    <>
      <h3 id="ledger-heading" className="mt-4 font-semibold">
        {m.ledger.title}
      </h3>
      {ledger.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{m.ledger.empty}</p>
      ) : (
        <>
          {/* Five columns do not fit a phone without scrolling sideways past the amounts: there each entry is a block. */}
          <ol aria-labelledby="ledger-heading" className="mt-2 divide-y divide-river-100 text-sm sm:hidden dark:divide-river-800">
            {ledger.map((l) => (
              <li key={l.id} className="py-2">
                <p className="flex justify-between gap-3 font-semibold">
                  <span>{entryWhat(l)}</span>
                  <span className="whitespace-nowrap">{entryAmount(l)}</span>
                </p>
                <p className="flex flex-wrap justify-between gap-x-3 text-slate-600 dark:text-slate-300">
                  <span>{formatAdminDateTime(l.createdAt)}</span>
                  <span>{entryState(l)}</span>
                </p>
                <p className="break-all font-mono text-xs">{entryId(l)}</p>
              </li>
            ))}
          </ol>
          <table aria-labelledby="ledger-heading" className="mt-2 hidden w-full text-left text-sm sm:table">
            <thead>
              <tr className="border-b border-river-100 dark:border-river-800">
                <th className="py-1 pr-3">{m.ledger.when}</th>
                <th className="py-1 pr-3">{m.ledger.what}</th>
                <th className="py-1 pr-3">{m.ledger.amount}</th>
                <th className="py-1 pr-3">{m.ledger.state}</th>
                <th className="py-1">{m.ledger.id}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.map((l) => (
                <tr key={l.id} className="border-b border-river-50 align-baseline dark:border-river-900">
                  <td className="py-1 pr-3">{formatAdminDateTime(l.createdAt)}</td>
                  <td className="py-1 pr-3">{entryWhat(l)}</td>
                  <td className="whitespace-nowrap py-1 pr-3">{entryAmount(l)}</td>
                  <td className="py-1 pr-3">{entryState(l)}</td>
                  <td className="break-all py-1 font-mono text-xs">{entryId(l)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/** A claim's entry (its id in `fromValue`, its new state in `toValue`), with the way to the claim. */
function ClaimEvent({ event }: { event: AdminOrder["history"][number]["event"] }) {
  const c = claimMessages;
  const state = c.states[event.toValue as keyof typeof c.states] ?? event.toValue ?? "";
  return (
    <>
      {format(c.admin.history, { id: event.fromValue ?? "", state })}
      {event.note ? ` · ${event.note}` : ""} ·{" "}
      <Link to={`/admin-dashboard/claims/${event.fromValue}`} className="link">
        {c.admin.historyLink}
      </Link>
    </>
  );
}

/** Who changed what and when, newest first; `label` names a status or money state. */
export function OrderHistory({ history, label }: { history: AdminOrder["history"]; label: (value: string | null) => string }) {
  return (
    <>
      {history.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">{m.detail.noHistory}</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm">
          {history.map(({ event, actor }) => (
            <li key={event.id}>
              <span className="font-semibold">{formatAdminDateTime(event.createdAt)}</span> · {actor ?? m.detail.system} ·{" "}
              {event.kind === "claim" ? (
                <ClaimEvent event={event} />
              ) : (
                `${label(event.fromValue)} → ${label(event.toValue)}${event.note ? ` · ${event.note}` : ""}`
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
