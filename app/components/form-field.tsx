import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState, type ReactNode } from "react";
import { PHONE_INPUT_PATTERN } from "~/lib/phone";
import { FieldError } from "~/components/field-parts";
import { useMessages } from "~/web/site";

type Props = {
  field: FieldMetadata<string | number | undefined>;
  label: string;
  type: "text" | "email" | "password" | "tel";
  autoComplete: string;
  hint?: ReactNode;
  inputMode?: "numeric" | "email" | "text" | "tel";
  maxLength?: number;
  /** What the browser lets through before the server's rule (which normalises and decides). */
  pattern?: string;
  /** The form has been checked as a whole (a submit): a valid field shows it even if never left. */
  checked?: boolean;
  /** The language of what is typed, where it is not the page's. */
  lang?: string;
};

/** A labelled input with its error under it (red) or a green edge once valid; works without JavaScript. */
export function FormField({ field, label, type, autoComplete, hint, inputMode, maxLength, pattern, checked, lang }: Props) {
  const [left, setLeft] = useState(false);
  const invalid = Boolean(field.errors?.length);
  const valid = !invalid && (left || Boolean(checked)) && Boolean(field.value);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: hint ? `${field.id}-hint` : undefined })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        pattern={pattern}
        lang={lang}
        onBlur={() => setLeft(true)}
        data-valid={valid ? "" : undefined}
        className={`mt-1 block min-h-11 w-full rounded-xl border bg-white px-4 text-base shadow-sm outline-none focus:ring-2 dark:bg-river-950 ${fieldBorder(invalid, valid)}`}
      />
      {hint ? (
        <p id={`${field.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A phone number as Indians write it (spaces, dashes, +91 or 0 allowed; the server keeps the 10 digits). */
export function PhoneField({ field, label, hint, checked }: Pick<Props, "field" | "label" | "hint" | "checked">) {
  return (
    <FormField
      field={field}
      label={label}
      type="tel"
      autoComplete="tel-national"
      inputMode="numeric"
      maxLength={20}
      pattern={PHONE_INPUT_PATTERN}
      hint={hint}
      checked={checked}
    />
  );
}

/** Red for an error, green once a checked field passes, neutral before it is checked. */
export function fieldBorder(invalid: boolean, valid: boolean) {
  if (invalid) return "border-red-500 focus:ring-red-300";
  if (valid) return "border-green-600 focus:ring-green-200 dark:border-green-500";
  return "border-river-400 focus:border-river-500 focus:ring-river-200";
}

/**
 * Empties a secret field (password) after every answer from the server, as the server-rendered page does
 * (the server never sends a password back), so a failed attempt never leaves one sitting in the form.
 */
export function useClearAfterReply(reply: unknown, fieldId: string) {
  useEffect(() => {
    if (!reply) return;
    const input = document.getElementById(fieldId);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [reply, fieldId]);
}

/** Hidden from people (and assistive technology); bots that fill every field give themselves away. */
export function Honeypot() {
  const label = useMessages().auth.errors.honeypot;
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {label}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function FormError({ errors }: { errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p role="alert" className="mb-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {errors[0]}
    </p>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
