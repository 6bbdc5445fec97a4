import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Form } from "~/components/link";
import type { ClaimTexts } from "~/claims/claims.server";
import { claimFormSchema } from "~/claims/forms";
import { CLAIM_KINDS, DESCRIPTION_MAX } from "~/claims/rules";
import { FieldError, LabelledField } from "~/components/field-parts";
import { FormError } from "~/components/form-field";
import { PhotoPicker } from "~/components/photo-picker";

/** What the file picker offers; the server judges each file by its bytes whatever it was called. */
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm,video/quicktime";
const FIELD = "mt-1 block w-full rounded-xl border border-river-400 bg-white p-3 text-base dark:bg-river-950";

/**
 * The problem report: what went wrong, a description and up to 5 photos or videos, as one multipart form that
 * works without JavaScript (the server checks everything again); with it, photos are made smaller before they are
 * sent and the form is checked first, so 30 MB of video is not uploaded only to be refused. The files come last: a
 * post too large to take is read up to them, so what was typed comes back with the refusal.
 */
export function ClaimForm({ lastResult, texts }: { lastResult?: SubmissionResult<string[]>; texts: Pick<ClaimTexts, "page" | "kinds" | "errors"> }) {
  const m = texts.page;
  const schema = claimFormSchema(texts.errors);
  const busy = useNavigation().state === "submitting";
  const [preparing, setPreparing] = useState(false);
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const chosen = typeof fields.kind.initialValue === "string" ? fields.kind.initialValue : undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card mt-6 space-y-4 p-5 sm:p-6">
      <FormError errors={form.errors} />
      <fieldset aria-describedby={fields.kind.errorId}>
        <legend className="text-sm font-medium">{m.kind}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {CLAIM_KINDS.map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2 rounded-xl border border-river-200 px-3 text-sm dark:border-river-700">
              <input type="radio" name={fields.kind.name} value={kind} defaultChecked={chosen === kind} required className="h-5 w-5" />
              {texts.kinds[kind]}
            </label>
          ))}
        </div>
        <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <LabelledField
        id={fields.description.id}
        label={m.description}
        hint={m.descriptionHint}
        errorId={fields.description.errorId}
        errors={fields.description.errors}
      >
        <textarea
          {...getTextareaProps(fields.description, { ariaDescribedBy: `${fields.description.id}-hint` })}
          key={fields.description.key}
          rows={4}
          maxLength={DESCRIPTION_MAX}
          className={FIELD}
        />
      </LabelledField>
      <LabelledField id={fields.files.id} label={m.files} errorId={fields.files.errorId} errors={fields.files.errors}>
        <PhotoPicker
          id={fields.files.id}
          name={fields.files.name}
          multiple
          accept={ACCEPT}
          invalid={Boolean(fields.files.errors)}
          describedBy={`${fields.files.id}-hint ${fields.files.errorId}`}
          hint={{ id: `${fields.files.id}-hint`, text: m.filesHint }}
          texts={m}
          onPreparing={setPreparing}
        />
      </LabelledField>
      <button type="submit" className="btn-primary" disabled={busy || preparing}>
        {preparing ? m.preparing : busy ? m.sending : m.submit}
      </button>
    </Form>
  );
}
