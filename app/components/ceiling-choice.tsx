import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "~/components/field-parts";
import { SummaryRow } from "~/components/summary-row";
import { format } from "~/i18n/format";
import type { Messages } from "~/i18n/messages";
import { formatRupees } from "~/lib/money";
import { ceilingPaise, ceilingPercent, CEILING_CHOICES, DEFAULT_CEILING, type CeilingChoice } from "~/orders/ceiling";
import { useMessages } from "~/web/site";

type CeilingMessages = Messages["shop"]["ceiling"];

/** The ceiling of a choice as the summary says it: the amount and its margin, or any weight. */
export function ceilingText(m: CeilingMessages, choice: CeilingChoice, estimatePaise: number): string {
  const percent = ceilingPercent(choice);
  const limit = ceilingPaise(estimatePaise, percent);
  return limit === null || percent === null ? m.anyWeight : format(m.limitValue, { amount: formatRupees(limit), percent });
}

/**
 * The summary's rows: what the chosen quantity is expected to cost and, in the cart, the most paid with the usual
 * margin. The checkout's summary has only the first: its choices beside the button each say their own amount (a
 * row here could not follow the choice without JavaScript).
 */
export function CeilingRows({ estimatePaise, withLimit = true }: { estimatePaise: number; withLimit?: boolean }) {
  const m = useMessages().shop.ceiling;
  return (
    <>
      <SummaryRow label={m.expected} value={formatRupees(estimatePaise)} />
      {withLimit ? <SummaryRow label={m.limit} value={ceilingText(m, DEFAULT_CEILING, estimatePaise)} /> : null}
    </>
  );
}

/**
 * The most the shopper agrees to pay: one radio per margin with the amount it comes to, and any weight. Plain
 * radios, so the choice is sent without JavaScript; the server computes the amount again from its own prices.
 */
export function CeilingChoiceField({ field, estimatePaise }: { field: FieldMetadata<unknown>; estimatePaise: number }) {
  const m = useMessages().shop.ceiling;
  const chosen = typeof field.initialValue === "string" ? field.initialValue : DEFAULT_CEILING;
  return (
    <fieldset id={field.id} aria-describedby={`${field.id}-hint ${field.errorId}`} className="mt-4">
      <legend className="text-base font-semibold">{m.legend}</legend>
      <p id={`${field.id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {m.hint}
      </p>
      <div className="mt-2 grid gap-1 sm:grid-cols-2">
        {CEILING_CHOICES.map((choice) => {
          const percent = ceilingPercent(choice);
          const limit = ceilingPaise(estimatePaise, percent);
          return (
            <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
              <input type="radio" name={field.name} value={choice} defaultChecked={chosen === choice} className="h-5 w-5 shrink-0" />
              <span>
                {limit === null || percent === null ? m.any : format(m.percent, { percent, amount: formatRupees(limit) })}
                {choice === DEFAULT_CEILING ? <span className="text-slate-600 dark:text-slate-300"> {m.usual}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
