/** One line of an order summary (`<dl>`): the label (with an optional note under it) and its amount, never touching. */
export function SummaryRow({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>
        {label}
        {note ? <span className="block text-xs text-slate-600 dark:text-slate-300">{note}</span> : null}
      </dt>
      <dd className="shrink-0 text-right font-semibold">{value}</dd>
    </div>
  );
}
