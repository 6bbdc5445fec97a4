import type { ReactNode } from "react";

/**
 * A field's error under it, announced when it changes; the line keeps its height so the form does not jump, and a
 * gap below it keeps an error with its own field rather than reading as the next field's.
 */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="mb-3 mt-1 min-h-5 text-sm text-red-700 dark:text-red-300" aria-live="polite">
      {errors?.[0]}
    </p>
  );
}

/** A label, the control (`children`, described by `${id}-hint` when there is a hint), its hint and its error. */
export function LabelledField(props: { id: string; label: string; hint?: string; errorId: string; errors?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      {props.children}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {props.hint}
        </p>
      ) : null}
      <FieldError id={props.errorId} errors={props.errors} />
    </div>
  );
}
