import { Form } from "@remix-run/react";
import type { MoveChoice } from "~/admin/delivery-move.server";
import { formatDelivery, type DeliverySlot } from "~/delivery/slots";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";

const m = adminMessages.move;
const why: Record<MoveChoice["state"], string | null> = { current: m.current, open: null, full: m.full, short: m.short };

/** What 'Move to' shows chosen: the date and slot booked now, or nothing when it is no longer among the choices. */
export function movePreselect(choices: MoveChoice[]): string {
  const current = choices.find((c) => c.state === "current");
  return current ? `${current.date}.${current.slot}` : "";
}

/**
 * Where the order's delivery stands and, until it ships, a plain form to move it: every date and slot the admin
 * may still book, those where the order does not fit shown but not choosable (the server checks again).
 */
export function MoveDeliveryForm(props: {
  version: number;
  delivery: { date: string; slot: DeliverySlot } | null;
  choices: MoveChoice[] | null;
  busy: boolean;
}) {
  const { delivery, choices, busy } = props;
  if (!delivery && !choices) return null;
  const open = choices?.filter((c) => c.state === "open") ?? [];
  return (
    <section className="card mt-6 p-5" aria-labelledby="move-heading">
      <h2 id="move-heading" className="text-lg font-bold">
        {m.heading}
      </h2>
      <p className="mt-2">{delivery ? format(m.booked, { when: formatDelivery(delivery.date, delivery.slot) }) : m.unbooked}</p>
      {choices ? (
        open.length > 0 ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="version" value={props.version} />
            {/* On a phone the choices (long dates and slots) take the row and shrink to it rather than widen the page. */}
            <label className="flex w-full min-w-0 flex-col text-sm sm:w-auto">
              {m.to}
              <select
                // A new version is a new form: after a move it shows the date and slot booked now.
                key={props.version}
                name="delivery"
                defaultValue={movePreselect(choices)}
                required
                className="mt-1 min-h-11 w-full rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900"
              >
                {movePreselect(choices) === "" ? <option value="">{m.choose}</option> : null}
                {choices.map((c) => (
                  // The booked one stays choosable so it can be shown chosen; moving to it is refused with why.
                  <option key={`${c.date}.${c.slot}`} value={`${c.date}.${c.slot}`} disabled={c.state !== "open" && c.state !== "current"}>
                    {formatDelivery(c.date, c.slot)}
                    {why[c.state] ? ` (${why[c.state]})` : ""}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="move" className="btn-outline" disabled={busy}>
              {m.submit}
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{m.noneOpen}</p>
        )
      ) : null}
    </section>
  );
}
