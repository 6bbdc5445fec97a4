import { Form } from "~/components/link";
import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { formatExactTimeIst } from "~/lib/dates";
import type { sectionsFor } from "~/i18n/texts";

type LiveTexts = ReturnType<typeof sectionsFor>["live"];

/** A soft close window as the page says it: whole minutes in minutes, anything else in seconds. */
const windowText = (ms: number, live: Pick<LiveTexts, "windowMinutes" | "windowSeconds">) =>
  ms % 60_000 === 0 ? format(live.windowMinutes, { n: String(ms / 60_000) }) : format(live.windowSeconds, { n: String(Math.round(ms / 1_000)) });

/** When a late bid moved the end: the end the admin set, the end now, and the auction's own extension length. */
export function EndMovedNote({
  auction,
  live,
  lang,
}: {
  auction: { status: string; end_time: string; scheduled_end_time: string; extension_ms: number };
  live: LiveTexts;
  lang: Lang;
}) {
  if (auction.status === "cancelled" || new Date(auction.end_time) <= new Date(auction.scheduled_end_time)) return null;
  return (
    <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50" data-testid="extended">
      {format(live.extended, {
        scheduled: formatExactTimeIst(auction.scheduled_end_time, lang),
        end: formatExactTimeIst(auction.end_time, lang),
        window: windowText(auction.extension_ms, live),
      })}
    </p>
  );
}

/**
 * Watch / Stop watching, a plain form to the auction's page: the reminder comes `minutes` before the end. Starting
 * to watch may also ask for a text when outbid (`texts`: asked already).
 */
export function WatchForm({ watching, texts, minutes, busy, live }: { watching: boolean; texts: boolean; minutes: string; busy: boolean; live: LiveTexts }) {
  return (
    <Form method="post" className="card mt-4 p-5" data-testid="watch">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {format(!watching ? live.watchHint : texts ? live.watchingNowTexts : live.watchingNow, { minutes })}
      </p>
      {watching ? null : (
        <label className="mt-2 flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="texts" value="on" className="size-5" />
          {live.watchTexts}
        </label>
      )}
      <button type="submit" name="intent" value={watching ? "unwatch" : "watch"} className="btn-outline mt-2" disabled={busy} aria-busy={busy}>
        {busy ? live.watchSaving : watching ? live.stopWatching : live.watch}
      </button>
    </Form>
  );
}
