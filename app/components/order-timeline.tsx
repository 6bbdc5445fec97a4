import type { TimelineStep } from "~/orders/timeline.server";
import { formatDateTimeIst } from "~/lib/dates";
import { useLang, useMessages } from "~/web/site";

const MARK = { done: "✓", next: "●", later: "○" } as const;

/** The order's steps from the advance to the door, each with its time; the next one marked, the rest to come. */
export function OrderTimeline({ steps }: { steps: TimelineStep[] }) {
  const m = useMessages().shop.orders.timeline;
  const { lang } = useLang();
  if (!steps.length) return null;
  return (
    <section aria-labelledby="timeline-heading" className="card mt-6 p-5 text-sm">
      <h2 id="timeline-heading" className="font-bold">
        {m.heading}
      </h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step) => (
          <li key={step.key} className="flex gap-3" aria-current={step.state === "next" ? "step" : undefined}>
            <span
              aria-hidden="true"
              className={
                step.state === "done"
                  ? "font-bold text-emerald-700 dark:text-emerald-300"
                  : step.state === "next"
                    ? "text-river-700 dark:text-river-300"
                    : "text-slate-400 dark:text-slate-500"
              }
            >
              {MARK[step.state]}
            </span>
            <span className={step.state === "later" ? "text-slate-600 dark:text-slate-300" : undefined}>
              <span className={step.state === "next" ? "font-semibold" : undefined}>{m.steps[step.key]}</span>
              {step.at !== null ? (
                <time className="block text-slate-600 dark:text-slate-300" dateTime={new Date(step.at).toISOString()}>
                  {formatDateTimeIst(step.at, lang)}
                </time>
              ) : step.state === "done" ? null : (
                <span className="block text-slate-600 dark:text-slate-300">{step.state === "next" ? m.next : m.toCome}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
