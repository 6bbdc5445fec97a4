import { z } from "zod";
import type { sectionsFor } from "~/i18n/texts";
import { CLAIM_KINDS, DESCRIPTION_MAX, DESCRIPTION_MIN, evidenceProblem } from "./rules";

/** The claim page's refusals in the page's language (`sectionsFor(deps).claims.errors`, sent with the page's data). */
export type ClaimErrors = ReturnType<typeof sectionsFor>["claims"]["errors"];

function buildClaimFormSchema(e: ClaimErrors) {
  return z
    .object({
      kind: z.enum(CLAIM_KINDS, { errorMap: () => ({ message: e.kind }) }),
      description: z.string({ required_error: e.description }).trim().min(DESCRIPTION_MIN, e.description).max(DESCRIPTION_MAX, e.description),
      files: z.array(z.instanceof(File, { message: e.notAccepted })).default([]),
    })
    .superRefine((value, ctx) => {
      const problem = evidenceProblem(value.kind, value.files);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["files"], message: e[problem] });
    });
}

// One catalogue object per language, so each language's schema is built once.
const built = new WeakMap<ClaimErrors, ReturnType<typeof buildClaimFormSchema>>();

/**
 * The problem report's schema, for the browser (conform's onValidate) and the server (parseWithZod), refusing
 * in the language of `errors`. The bytes of each file are judged on the server only.
 */
export function claimFormSchema(errors: ClaimErrors) {
  let schema = built.get(errors);
  if (!schema) built.set(errors, (schema = buildClaimFormSchema(errors)));
  return schema;
}

export type ClaimInput = z.infer<ReturnType<typeof claimFormSchema>>;
