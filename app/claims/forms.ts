import { z } from "zod";
import { claimMessages } from "~/i18n/claims.messages";
import { parseRupees } from "~/lib/money";
import { CLAIM_KINDS, DESCRIPTION_MAX, DESCRIPTION_MIN, evidenceProblem } from "./rules";

/**
 * The claim forms' schemas, for the browser (conform's onValidate) and the server (parseWithZod). The bytes of
 * each file are judged on the server only.
 */
const e = claimMessages.errors;
const d = claimMessages.decisionErrors;

export const claimFormSchema = z
  .object({
    kind: z.enum(CLAIM_KINDS, { errorMap: () => ({ message: e.kind }) }),
    description: z.string({ required_error: e.description }).trim().min(DESCRIPTION_MIN, e.description).max(DESCRIPTION_MAX, e.description),
    files: z.array(z.instanceof(File, { message: e.notAccepted })).default([]),
  })
  .superRefine((value, ctx) => {
    const problem = evidenceProblem(value.kind, value.files);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["files"], message: e[problem] });
  });

export type ClaimInput = z.infer<typeof claimFormSchema>;

export const approveFormSchema = z.object({
  intent: z.literal("approve"),
  amount: z.string({ required_error: d.amount }).transform((value, ctx) => {
    const paise = parseRupees(value);
    if (!Number.isSafeInteger(paise) || paise < 100) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: d.amount });
      return z.NEVER;
    }
    return paise;
  }),
});

export const rejectFormSchema = z.object({
  intent: z.literal("reject"),
  reason: z.string({ required_error: d.reason }).trim().min(3, d.reason).max(500, d.reason),
});
