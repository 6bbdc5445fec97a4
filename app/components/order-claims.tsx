import { Link } from "~/components/link";
import { useLang } from "~/web/site";
import type { ClaimTexts, ClaimView } from "~/claims/claims.server";
import { format } from "~/i18n/format";
import { formatDateTimeIst } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { ClaimEvidence } from "./claim-evidence";

/** A claim's state as its owner reads it: under review, or the outcome (the refund, or why not). */
function claimOutcome(claim: Pick<ClaimView, "status" | "refundPaise" | "reason">, m: ClaimTexts["section"]): string {
  if (claim.status === "approved") return format(m.approved, { amount: formatRupees(claim.refundPaise ?? 0) });
  if (claim.status === "rejected") return format(m.rejected, { reason: claim.reason ?? "" });
  return m.open;
}

/**
 * The order page's part about problems after delivery: 'Report a problem' while the 2 hours after delivery
 * last and no report is open (the server refuses anything else), and every report with its outcome.
 */
export function OrderClaims({
  number,
  reportUntil,
  claims,
  texts: m,
}: {
  number: string;
  reportUntil: number | null;
  claims: ClaimView[];
  texts: Pick<ClaimTexts, "section" | "kinds" | "states" | "report" | "reportUntil"> | null;
}) {
  const { lang } = useLang();
  if (m === null || (reportUntil === null && claims.length === 0)) return null;
  return (
    <section aria-labelledby="claims-heading" className="card mt-6 p-5 text-sm">
      <h2 id="claims-heading" className="font-bold">
        {m.section.title}
      </h2>
      {reportUntil !== null ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p>{format(m.reportUntil, { time: formatDateTimeIst(reportUntil, lang) })}</p>
          <Link to={`/orders/${number}/claim`} className="btn-outline">
            {m.report}
          </Link>
        </div>
      ) : null}
      <ol className="mt-2 divide-y divide-river-100 dark:divide-river-800">
        {claims.map((claim) => (
          <li key={claim.id} className="py-3">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{format(m.section.reported, { time: formatDateTimeIst(claim.createdAt, lang), kind: m.kinds[claim.kind] })}</span>
              <span className="rounded-full bg-river-100 px-2 py-0.5 text-xs font-semibold dark:bg-river-800">{m.states[claim.status]}</span>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-700 dark:text-slate-200">{claim.description}</p>
            <p className="mt-2 font-medium">{claimOutcome(claim, m.section)}</p>
            {claim.evidence.length ? <ClaimEvidence files={claim.evidence} label={m.section.evidence} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
