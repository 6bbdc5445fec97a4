import { Form } from "@remix-run/react";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import type { adminSeason } from "~/season/admin.server";

type SeasonView = Awaited<ReturnType<typeof adminSeason>>;

/**
 * A product's season on its admin page: open or close pre-booking (plain posts), the queue and the waitlist at a
 * glance, and what a catch would fill first (a plain GET, so it works without JavaScript and can be bookmarked).
 */
export function AdminSeason({ season, error, busy }: { season: SeasonView; error: string | null; busy: boolean }) {
  const m = shopAdminMessages.season;
  return (
    <section aria-labelledby="season-heading" className="card mt-8 p-6" id="season">
      <h2 id="season-heading" className="text-xl font-bold">
        {m.heading}
      </h2>
      <p className="mt-2" data-testid="season-status">
        {season.status}
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="season-open" />
        <div>
          <label htmlFor="season-until" className="block text-sm font-medium">
            {m.until}
          </label>
          <input
            id="season-until"
            name="until"
            type="date"
            required
            defaultValue={season.until ?? undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "season-error" : undefined}
            className="mt-1 block min-h-11 rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
          />
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {season.until ? m.saveButton : m.openButton}
        </button>
      </Form>
      {error ? (
        <p id="season-error" role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {season.until ? (
        <Form method="post" className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <input type="hidden" name="intent" value="season-close" />
          <p>{m.closeNote}</p>
          <button type="submit" className="btn-outline mt-3" disabled={busy}>
            {m.closeButton}
          </button>
        </Form>
      ) : null}
      <h3 className="mt-6 text-lg font-bold">{m.queueHeading}</h3>
      <p className="mt-1" data-testid="season-queue">
        {season.queue}
      </p>
      <p className="mt-1">{season.waitlist}</p>
      <h3 className="mt-6 text-lg font-bold">{m.previewHeading}</h3>
      <Form method="get" className="mt-2 flex flex-wrap items-end gap-3" preventScrollReset>
        <div>
          <label htmlFor="fill-date" className="block text-sm font-medium">
            {m.previewDate}
          </label>
          <select
            id="fill-date"
            name="fillDate"
            defaultValue={season.ask.fillDate}
            className="mt-1 block min-h-11 rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
          >
            {season.dates.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="fill-qty" className="block text-sm font-medium">
            {m.previewQty}
          </label>
          <input
            id="fill-qty"
            name="fillQty"
            type="number"
            min={0}
            max={10000}
            required
            defaultValue={season.ask.fillQty}
            inputMode="numeric"
            className="mt-1 block min-h-11 w-28 rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
          />
        </div>
        <button type="submit" className="btn-outline">
          {m.previewButton}
        </button>
      </Form>
      {season.preview ? (
        <p role="status" className={`mt-3 text-sm ${season.preview.ok ? "" : "font-medium text-red-700 dark:text-red-300"}`} data-testid="season-preview">
          {season.preview.text}
        </p>
      ) : null}
    </section>
  );
}
