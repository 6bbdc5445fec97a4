import type { MouseEvent } from "react";

/** A field as the summary lists it: the id of its control (or of its fieldset), its label and its errors. */
export type SummaryField = { id: string; label: string; errors?: string[] };

/**
 * A refused submit's summary at the top of a long form: the form's message (the server's, or `fixErrors` once the
 * form has been submitted and a field is wrong) and a link to each field in error, "label: message", in the form's
 * order. Server-rendered it carries `autofocus`, so a page answered without JavaScript opens on it however far down
 * the form starts (on a phone the checkout's order summary comes first); once the page is hydrated it is rendered
 * without, and conform moves focus to the first invalid field instead.
 */
export function ErrorSummary({
  id,
  formErrors,
  fields,
  submitted,
  fixErrors,
}: {
  id: string;
  formErrors?: string[] | null;
  fields: SummaryField[];
  submitted?: boolean;
  fixErrors: string;
}) {
  const wrong = fields.filter((f) => f.errors?.length);
  const title = formErrors?.[0] ?? (submitted && wrong.length > 0 ? fixErrors : null);
  if (!title) return null;
  const hydrated = typeof document !== "undefined" && "hydrated" in document.documentElement.dataset;
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      // The one way a page answered without JavaScript can land on it (the browser scrolls it into view).
      autoFocus={!hydrated}
      className="mb-3 scroll-mt-24 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 outline-none focus:ring-2 focus:ring-red-400 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-semibold">{title}</p>
      {wrong.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {wrong.map((f) => (
            <li key={f.id}>
              <a href={`#${f.id}`} onClick={(e) => focusField(e, f.id)} className="underline underline-offset-2">
                {f.label}: {f.errors![0]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** With JavaScript a link also puts the cursor in its field (a group's first choice that can be chosen). */
function focusField(event: MouseEvent, id: string) {
  const target = document.getElementById(id);
  const control = target?.matches("fieldset") ? target.querySelector<HTMLElement>("input:not([disabled])") : target;
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.scrollIntoView({ block: "center" });
}
