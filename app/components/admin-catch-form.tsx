import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { catchField, SHOWN_FIELD, slotField, slotLoadNote } from "~/catalog/rules";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { FormError } from "~/components/form-field";
import { formatDeliveryDate, formatSlot, type DeliverySlot } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";

const m = shopAdminMessages.catch;

type Product = {
  id: number;
  name: string;
  unit: ProductUnit;
  hidden: boolean;
  queue: string | null;
  days: { date: string; caught: number | null; left: number | null }[];
};
type Slot = { date: string; slot: DeliverySlot; capacity: number; booked: number; planned: boolean };
type Answer = { errors: Record<string, string>; error: string; typed: Record<string, string> } | null;

/**
 * One form for the seller's day, built for a thumb: a card per date (today first) with each product's catch in
 * its unit and each slot's capacity as big number fields, and under each date a 'Save' that saves them all.
 * A refusal shows beside its field what was typed; with JavaScript the first one is focused.
 */
export function CatchForm(props: { dates: string[]; products: Product[]; slots: Slot[]; defaultCapacity: number; answer: Answer }) {
  const { dates, products, slots, defaultCapacity, answer } = props;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" && navigation.formAction?.split("?")[0] === "/admin-dashboard/catch";
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (answer) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  // Every figure as saved now: the server writes only those the seller changed.
  const shown = JSON.stringify(
    Object.fromEntries([
      ...products.flatMap((p) => p.days.map((d) => [catchField(p.id, d.date), String(d.caught ?? "")])),
      ...slots.map((s) => [slotField(s.date, s.slot), String(s.capacity)]),
    ]),
  );
  const dayName = (date: string, i: number) => (i === 0 ? `${m.today} · ` : i === 1 ? `${m.tomorrow} · ` : "") + formatDeliveryDate(date);
  // What was typed comes back after a refusal; otherwise what is saved.
  const value = (name: string, saved: number | null) => (answer ? (answer.typed[name] ?? String(saved ?? "")) : String(saved ?? ""));
  return (
    <Form ref={form} method="post" preventScrollReset className="mt-6" aria-busy={busy || undefined}>
      <input type="hidden" name={SHOWN_FIELD} value={shown} />
      <FormError errors={answer ? [answer.error] : undefined} />
      <p className="text-sm text-slate-700 dark:text-slate-200">{m.empty}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {dates.map((date, i) => (
          <div key={date} className="card p-4">
            <fieldset className="min-w-0">
              <legend className="font-serif text-xl font-bold">{dayName(date, i)}</legend>
              {products.map((p) => {
                const day = p.days.find((d) => d.date === date);
                const ordered = day && day.caught !== null ? day.caught - (day.left ?? 0) : 0;
                const name = catchField(p.id, date);
                return (
                  <FigureField
                    key={name}
                    name={name}
                    label={p.name}
                    aside={[p.hidden ? m.hidden : null, p.queue].filter(Boolean).join(" · ") || null}
                    unit={p.unit === "kg" ? m.inKg : m.inPacks}
                    value={value(name, day?.caught ?? null)}
                    note={ordered > 0 ? format(m.ordered, { qty: quantityText(ordered, p.unit) }) : m.noneOrdered}
                    problem={answer?.errors[name]}
                    typed={answer !== null}
                  />
                );
              })}
              <fieldset className="mt-5 min-w-0 border-t border-river-100 pt-3 dark:border-river-800">
                <legend className="sr-only">{m.slots}</legend>
                <p aria-hidden="true" className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
                  {m.slots}
                </p>
                {slots
                  .filter((s) => s.date === date)
                  .map((s) => {
                    const name = slotField(date, s.slot);
                    return (
                      <FigureField
                        key={name}
                        name={name}
                        label={formatSlot(s.slot)}
                        aside={null}
                        unit={m.inOrders}
                        value={value(name, s.capacity)}
                        note={slotLoadNote(s, defaultCapacity)}
                        problem={answer?.errors[name]}
                        typed={answer !== null}
                        required
                      />
                    );
                  })}
              </fieldset>
              {/* Each date has the button, so one is always a thumb's reach away on a phone (nothing floats over
                  the fields); any of them saves the whole screen. */}
              <button type="submit" className="btn-dark mt-5 min-h-12 w-full text-base" disabled={busy}>
                {busy ? m.saving : m.save}
              </button>
            </fieldset>
          </div>
        ))}
      </div>
    </Form>
  );
}

function FigureField(props: {
  name: string;
  label: string;
  aside: string | null;
  unit: string;
  value: string;
  note: string;
  problem: string | undefined;
  typed: boolean;
  required?: boolean;
}) {
  const { name, label, aside, unit, value, note, problem } = props;
  const id = `field-${name.replaceAll(".", "-")}`;
  return (
    <div className="mt-4 grid grid-cols-[1fr_auto] items-center gap-x-3">
      <div>
        <label id={`${id}-label`} htmlFor={id} className="font-medium leading-snug">
          {label}
          {aside ? <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{aside}</span> : null}
        </label>
        {problem ? null : (
          <p id={`${id}-note`} className="text-sm text-slate-600 dark:text-slate-300">
            {note}
          </p>
        )}
      </div>
      <span className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          // A new answer is a new field: what was typed comes back after a refusal, what was saved after a save.
          key={props.typed ? `typed-${value}` : value}
          defaultValue={value}
          inputMode="numeric"
          pattern="[0-9,]*"
          autoComplete="off"
          required={props.required}
          aria-labelledby={`${id}-label ${id}-unit`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-note`}
          className={`h-14 w-24 rounded-xl border-2 bg-white px-3 text-right text-2xl font-semibold tabular-nums dark:bg-river-950 ${
            problem ? "border-red-600 dark:border-red-400" : "border-river-400"
          }`}
        />
        <span id={`${id}-unit`} className="w-14 text-sm text-slate-700 dark:text-slate-200">
          {unit}
        </span>
      </span>
      {/* A refusal takes the whole row, beside its field, so it reads in one go on a phone. */}
      {problem ? (
        <p id={`${id}-note`} className="col-span-2 mt-1 text-sm font-semibold text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
