import type { FieldMetadata } from "@conform-to/react";
import { useLang, useMessages } from "~/web/site";
import type { DeliveryChoice } from "~/catalog/availability.server";
import { formatDeliveryDate, formatSlot } from "~/delivery/slots";
import { FieldError } from "~/components/field-parts";

/** Why a slot cannot be chosen, shown beside it: full, or past the time it can be booked until. */
export function slotNote(s: { full: boolean }, m: { full: string; closed: string }): string {
  return s.full ? m.full : m.closed;
}

/** One radio per date and slot, so a date and a slot are always chosen together, with or without JavaScript. */
export function DeliveryPicker({ field, choices }: { field: FieldMetadata<unknown>; choices: DeliveryChoice[] }) {
  const m = useMessages().shop.delivery;
  const { lang } = useLang();
  const chosen = typeof field.initialValue === "string" ? field.initialValue : undefined;
  return (
    <fieldset id={field.id} aria-describedby={field.errorId} className="mt-4">
      <legend className="text-base font-semibold">{m.heading}</legend>
      {choices.length === 0 ? <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{m.none}</p> : null}
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {choices.map((c) => (
          <div key={c.date} role="group" aria-label={formatDeliveryDate(c.date, lang)} className="rounded-xl border border-river-200 p-3 dark:border-river-700">
            <p className="text-sm font-semibold">{formatDeliveryDate(c.date, lang)}</p>
            {c.slots.map((s) => {
              const value = `${c.date}.${s.slot}`;
              return (
                <label key={s.slot} className={`mt-2 flex min-h-11 items-center gap-2 text-sm ${s.open ? "" : "text-slate-500 dark:text-slate-400"}`}>
                  <input type="radio" name={field.name} value={value} defaultChecked={chosen === value} disabled={!s.open} className="h-5 w-5" />
                  <span>
                    <span className={s.open ? "" : "line-through"}>{formatSlot(s.slot, lang)}</span>
                    {s.open ? null : <span className="font-semibold"> ({slotNote(s, m)})</span>}
                  </span>
                </label>
              );
            })}
          </div>
        ))}
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
