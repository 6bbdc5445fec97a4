import type { SerializeFrom } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { getAdminOrder } from "~/admin/order-list.server";
import { adminMessages as m } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { quantityText } from "~/catalog/units";
import { formatRupees } from "~/lib/money";

type Item = SerializeFrom<Awaited<ReturnType<typeof getAdminOrder>>>["items"][number];
type Waiting = { status: string; reason: keyof typeof m.detail.waits };

const VersionField = ({ version }: { version: number }) => <input type="hidden" name="version" value={version} />;

/** The moves the rules allow now, and why the others wait (or that the order is closed). */
export function StatusForm(props: { version: number; next: string[]; waiting: Waiting[]; label: (s: string | null) => string; busy: boolean }) {
  const { next, waiting, label, busy } = props;
  const version = <VersionField version={props.version} />;
  return (
    <section className="card mt-6 p-5" aria-labelledby="status-heading">
      <h2 id="status-heading" className="text-lg font-bold">
        {m.detail.status}
      </h2>
      {next.length === 1 ? (
        // One move possible: one button named for it.
        <Form method="post" className="mt-3">
          {version}
          <input type="hidden" name="status" value={next[0]} />
          <button type="submit" name="intent" value="status" className="btn-dark" disabled={busy}>
            {format(m.detail.markAs, { label: label(next[0]) })}
          </button>
        </Form>
      ) : next.length > 1 ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          {version}
          <label className="flex flex-col text-sm">
            {m.detail.status}
            <select name="status" defaultValue={next[0]} className="mt-1 min-h-11 rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900">
              {next.map((s) => (
                <option key={s} value={s}>
                  {label(s)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="status" className="btn-dark" disabled={busy}>
            {m.detail.updateStatus}
          </button>
        </Form>
      ) : null}
      {waiting.length > 0 ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-200">
          {waiting.map((w) => (
            <li key={w.status}>{format(m.detail.waits[w.reason], { label: label(w.status) })}</li>
          ))}
        </ul>
      ) : null}
      {next.length === 0 && waiting.length === 0 ? <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">{m.detail.finalStatus}</p> : null}
    </section>
  );
}

/**
 * What each line came to: a fish line's weight in grams, a pack line's packs delivered (the ordered count until
 * the admin changes it); the final price follows. Only while the advance is paid and it is not cancelled.
 */
export function WeightsForm(props: { version: number; items: Item[]; weighable: boolean; busy: boolean; fishFields?: (item: Item) => ReactNode }) {
  const { items, weighable, busy } = props;
  const version = <VersionField version={props.version} />;
  const weighsFish = items.some((i) => i.productId !== null && i.unit === "kg");
  return (
    <section className="card mt-6 p-5" aria-labelledby="lines-heading">
      <h2 id="lines-heading" className="text-lg font-bold">
        {m.detail.lines}
      </h2>
      {/* Multipart: a fish is weighed with its photos on the scale. */}
      <Form method="post" encType="multipart/form-data" className="mt-3">
        {version}
        <ul className="divide-y divide-river-100 dark:divide-river-800">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">{item.productId === null ? item.name : `${item.name} × ${quantityText(item.quantity, item.unit)}`}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {formatRupees(item.pricePaise)} {item.productId === null ? "" : item.unit === "pack" ? m.detail.perPack : m.detail.perKg}
                  {item.finalPaise !== null ? ` · ${m.detail.finalPrice} ${formatRupees(item.finalPaise)}` : ""}
                </p>
              </div>
              {item.productId === null ? null : item.unit === "pack" ? (
                <LineInput name={`packs-${item.id}`} label={m.detail.packs} value={item.packsDelivered ?? item.quantity} disabled={!weighable} />
              ) : (
                <LineInput name={`weight-${item.id}`} label={m.detail.weight} value={item.weightGrams ?? ""} disabled={!weighable} />
              )}
              {props.fishFields?.(item)}
            </li>
          ))}
        </ul>
        {weighable ? (
          <button type="submit" name="intent" value="weights" className="btn-outline mt-3" disabled={busy}>
            {weighsFish ? m.detail.saveWeights : m.detail.savePacks}
          </button>
        ) : null}
      </Form>
    </section>
  );
}

function LineInput(props: { name: string; label: string; value: number | string; disabled: boolean }) {
  return (
    <label className="flex flex-col text-sm">
      {props.label}
      {/* A text field, as every typed count is: a number field would send "1e3" and refuse "2,150". */}
      <input
        type="text"
        name={props.name}
        inputMode="numeric"
        pattern="[0-9, ]*"
        autoComplete="off"
        required
        defaultValue={props.value}
        disabled={props.disabled}
        className="mt-1 min-h-11 w-36 rounded-lg border border-river-400 bg-white px-3 dark:bg-river-900"
      />
    </label>
  );
}
