import { z } from "zod";
import { claimMessages } from "~/i18n/claims.messages";
import { parseRupees } from "~/lib/money";

/** The admin's decision forms (the admin pages are in English), for the browser and the server. */
const d = claimMessages.decisionErrors;

export const approveFormSchema = z.object({
  intent: z.literal("approve"),
  amount: z.string({ required_error: d.amount }).transform((value, ctx) => {
    const paise = parseRupees(value);
    if (!Number.isSafeInteger(paise) || paise % 100 !== 0 || paise < 100) {
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
