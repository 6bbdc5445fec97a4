import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import type { SeasonTexts } from "./schema";

type SlotChoices = { version: number; intro: string; slots: { slot: string; label: string; current: boolean; open: boolean }[] };

/** A filled pre-booking's slot, changeable on its date: one radio per slot (a full one disabled), a plain post. */
export function SlotChange({ data, words: s }: { data: SlotChoices; words: SeasonTexts }) {
  const answer = useActionData<{ slotError?: string }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "slot";
  return (
    <section aria-labelledby="slot-heading" className="card mt-6 p-5 text-sm">
      <h2 id="slot-heading" className="font-bold">
        {s.slotHeading}
      </h2>
      <p className="mt-2">{data.intro}</p>
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="slot" />
        <input type="hidden" name="version" value={data.version} />
        {answer?.slotError ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {answer.slotError}
          </p>
        ) : null}
        <fieldset>
          <legend className="sr-only">{s.slotHeading}</legend>
          {data.slots.map((o) => (
            <label key={o.slot} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="slot" value={o.slot} defaultChecked={o.current} disabled={!o.open} className="h-5 w-5 shrink-0" />
              <span>
                {o.label}
                {o.open ? null : <span className="text-slate-600 dark:text-slate-300"> ({s.slotTaken})</span>}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-outline" disabled={busy} aria-busy={busy || undefined}>
          {busy ? s.slotChanging : s.slotButton}
        </button>
      </Form>
    </section>
  );
}
