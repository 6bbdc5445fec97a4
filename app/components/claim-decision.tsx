import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "~/components/link";
import type { ReactNode } from "react";
import type { z } from "zod";
import { approveFormSchema, rejectFormSchema } from "~/claims/decision-forms";
import { LabelledField } from "~/components/field-parts";
import { FormError } from "~/components/form-field";
import { ADMIN_INPUT } from "~/components/product-photos";
import { claimMessages } from "~/i18n/claims.messages";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";

export type DecisionReply = { intent: "approve" | "reject"; reply: SubmissionResult<string[]> };

/** One decision's form, checked in the browser by the same schema as on the server; the answer goes to the form that was sent. */
function useDecisionForm<S extends typeof approveFormSchema | typeof rejectFormSchema>(intent: DecisionReply["intent"], schema: S, answer?: DecisionReply) {
  return useForm<z.input<S>, z.output<S>>({
    id: intent,
    lastResult: answer?.intent === intent ? answer.reply : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** A decision behind a second press: the first opens the panel (native <details>, no JavaScript needed). */
function Panel({ label, open, destructive = false, children }: { label: string; open: boolean; destructive?: boolean; children: ReactNode }) {
  return (
    <details
      open={open}
      className="w-full max-w-md rounded-lg border border-transparent p-2 open:border-river-200 open:bg-river-50/60 sm:w-auto dark:open:border-river-700 dark:open:bg-river-950/40"
    >
      <summary className={`btn-outline cursor-pointer list-none ${destructive ? "text-red-700 dark:text-red-300" : ""}`}>{label}</summary>
      {children}
    </details>
  );
}

/** Approve with a refund (at most what the order's payments have left) or reject with a reason; the server decides. */
export function ClaimDecision({ leftPaise, answer, busy }: { leftPaise: number; answer?: DecisionReply; busy: boolean }) {
  const m = claimMessages.admin;
  const [approve, approveFields] = useDecisionForm("approve", approveFormSchema, answer);
  const [reject, rejectFields] = useDecisionForm("reject", rejectFormSchema, answer);
  const amount = approveFields.amount;
  const reason = rejectFields.reason;
  return (
    <div className="-mx-2 mt-3 flex flex-wrap items-start gap-2">
      <Panel label={m.approve} open={answer?.intent === "approve"}>
        <Form method="post" {...getFormProps(approve)} className="mt-3">
          <input type="hidden" name="intent" value="approve" />
          <FormError errors={approve.errors} />
          <LabelledField
            id={amount.id}
            label={m.amount}
            hint={format(m.amountHint, { max: formatRupees(leftPaise) })}
            errorId={amount.errorId}
            errors={amount.errors}
          >
            <input
              {...getInputProps(amount, { type: "text", ariaDescribedBy: `${amount.id}-hint` })}
              key={amount.key}
              inputMode="numeric"
              autoComplete="off"
              className={`${ADMIN_INPUT} mt-1`}
            />
          </LabelledField>
          <button type="submit" className="btn-dark" disabled={busy}>
            {m.approveYes}
          </button>
        </Form>
      </Panel>
      <Panel label={m.reject} open={answer?.intent === "reject"} destructive>
        <Form method="post" {...getFormProps(reject)} className="mt-3">
          <input type="hidden" name="intent" value="reject" />
          <FormError errors={reject.errors} />
          <LabelledField id={reason.id} label={m.rejectReason} errorId={reason.errorId} errors={reason.errors}>
            <textarea {...getTextareaProps(reason)} key={reason.key} rows={3} className={`${ADMIN_INPUT} mt-1 py-2`} />
          </LabelledField>
          <button type="submit" className="btn-dark" disabled={busy}>
            {m.rejectYes}
          </button>
        </Form>
      </Panel>
    </div>
  );
}
