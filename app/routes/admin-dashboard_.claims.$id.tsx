import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getAdminClaim } from "~/claims/admin.server";
import { approveClaim, rejectClaim } from "~/claims/decide.server";
import { approveFormSchema, rejectFormSchema } from "~/claims/decision-forms";
import { ClaimDecision, type DecisionReply } from "~/components/claim-decision";
import { ClaimEvidence } from "~/components/claim-evidence";
import { adminMessages } from "~/i18n/admin.messages";
import { claimMessages } from "~/i18n/claims.messages";
import { format } from "~/i18n/format";
import { formatAdminDateTime } from "~/lib/dates";
import { DomainError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound, requireAdmin } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  privateMeta(data ? format(claimMessages.admin.heading, { id: data.claim.id, number: data.claim.number }) : claimMessages.admin.title, matches);

function claimId(param: string | undefined): number {
  if (!param || !/^\d{1,9}$/.test(param)) throw new Response("Not found", { status: 404 });
  return Number(param);
}

export async function loader({ request, params, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  return { claim: await orNotFound(getAdminClaim(deps, claimId(params.id))) };
}

/** Approve (with the refund) or reject (with the reason): plain form posts, answered with a toast or the error. */
export async function action({ request, params, context: { deps } }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, deps);
  const id = claimId(params.id);
  const form = await request.formData();
  const intent = form.get("intent") === "reject" ? "reject" : "approve";
  const decide = async (submission: Pick<Submission<unknown>, "reply">, work: () => Promise<{ message: string; emailed: boolean }>) => {
    try {
      const result = await orNotFound(work());
      const text = result.emailed ? result.message : `${result.message} ${adminMessages.toasts.notificationFailed}`;
      return redirectWithFlash(deps, `/admin-dashboard/claims/${id}`, { type: result.emailed ? "success" : "info", text });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data<DecisionReply>({ intent, reply: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
  };
  if (intent === "approve") {
    const approval = parseWithZod(form, { schema: approveFormSchema });
    if (approval.status !== "success") return data<DecisionReply>({ intent, reply: approval.reply() }, { status: 400 });
    return decide(approval, () => approveClaim(onPrimary(deps), admin, { id, amountPaise: approval.value.amount }));
  }
  const rejection = parseWithZod(form, { schema: rejectFormSchema });
  if (rejection.status !== "success") return data<DecisionReply>({ intent, reply: rejection.reply() }, { status: 400 });
  return decide(rejection, () => rejectClaim(onPrimary(deps), admin, { id, reason: rejection.value.reason }));
}

export default function AdminClaim() {
  const { claim } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const m = claimMessages.admin;
  const rows: [string, React.ReactNode][] = [
    [m.customer, `${claim.customer.name} · ${claim.customer.email}`],
    [
      m.order,
      <Link key="order" to={`/admin-dashboard/orders/${claim.number}`} className="link">
        {claim.number}
      </Link>,
    ],
    [m.delivered, claim.deliveredAt ? formatAdminDateTime(claim.deliveredAt) : "—"],
    [m.reported, formatAdminDateTime(claim.createdAt)],
    [m.kind, claimMessages.kinds[claim.kind]],
    [m.captured, formatRupees(claim.money.capturedPaise)],
    [m.alreadyRefunded, formatRupees(claim.money.refundingPaise)],
    [m.refundable, formatRupees(claim.money.leftPaise)],
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/admin-dashboard/claims" className="link text-sm">
        {m.backToClaims}
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">{format(m.heading, { id: claim.id, number: claim.number })}</h1>
        <span className="badge bg-river-100 text-river-900 dark:bg-river-800 dark:text-river-50">{claimMessages.states[claim.status]}</span>
      </div>
      <section aria-label={m.title} className="card mt-6 break-words p-5">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-4 font-semibold">{m.description}</h2>
        <p className="mt-1 whitespace-pre-line">{claim.description}</p>
      </section>
      <section aria-labelledby="evidence-heading" className="card mt-6 p-5">
        <h2 id="evidence-heading" className="text-lg font-bold">
          {m.evidence}
        </h2>
        {claim.evidence.length ? <ClaimEvidence files={claim.evidence} label={m.evidence} /> : <p className="mt-2 text-sm">{m.noEvidence}</p>}
      </section>
      <section aria-labelledby="decision-heading" className="card mt-6 p-5">
        <h2 id="decision-heading" className="text-lg font-bold">
          {m.decision}
        </h2>
        {claim.status === "open" ? (
          <ClaimDecision leftPaise={claim.money.leftPaise} answer={answer} busy={busy} />
        ) : (
          <div className="mt-2 space-y-1 text-sm">
            <p>
              {format(m.decidedBy, {
                state: claimMessages.states[claim.status],
                time: claim.decidedAt ? formatAdminDateTime(claim.decidedAt) : "—",
                name: claim.decidedBy ?? "—",
              })}
            </p>
            <p className="font-semibold">
              {claim.status === "approved"
                ? format(m.refund, { amount: formatRupees(claim.refundPaise ?? 0) })
                : format(m.reason, { reason: claim.reason ?? "" })}
            </p>
          </div>
        )}
      </section>
    </div>
  );
}
