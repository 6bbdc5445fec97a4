import { z } from "zod";
import { plainLine } from "~/lib/text";
import type { Messages } from "~/i18n/messages";
import { normalisePhone, PHONE_RULE } from "~/lib/phone";

/** The account forms' refusals in one language: the root catalogue's `auth.errors` of the page (or, for the JSON API, the English one). */
export type AuthErrors = Messages["auth"]["errors"];

/**
 * One schema per form, shared by the page (instant checks) and the server (the checks that count), built from
 * the page's catalogue so a Telugu page refuses in Telugu and no catalogue is in the browser's JavaScript.
 */
function buildSchemas(e: AuthErrors) {
  const email = z.string({ required_error: e.emailRequired }).trim().toLowerCase().max(254, e.emailInvalid).email(e.emailInvalid);

  const optionalText = (max: number, message: string) =>
    z
      .string()
      .trim()
      .max(max, message)
      .optional()
      .transform((v) => (v ? v : undefined));

  /** Bots fill every field; people never see this one. */
  const honeypot = z.string().max(0, e.honeypot).optional();

  /** One plain line: a name is shown in admin pages, notices and mails. */
  const name = z.string({ required_error: e.nameRequired }).transform(plainLine).pipe(z.string().trim().min(1, e.nameRequired).max(100, e.nameTooLong));
  const newPassword = z.string({ required_error: e.passwordRequired }).min(8, e.passwordShort).max(200, e.passwordTooLong);
  /** 10 digits, however a person writes them (98480 12345, +91 98480-12345, 09848012345). */
  const phone = z.string().trim().transform(normalisePhone).pipe(z.string().regex(PHONE_RULE, e.phone));
  const otp = z
    .string({ required_error: e.otp })
    .trim()
    .regex(/^\d{6}$/, e.otp);

  return {
    signup: z.object({ name, email, password: newPassword, phone: phone.optional(), address: optionalText(500, e.addressTooLong), website: honeypot }),
    login: z.object({
      email,
      password: z.string({ required_error: e.passwordRequired }).min(1, e.passwordRequired).max(200, e.passwordTooLong),
      redirectTo: z.string().optional(),
      website: honeypot,
    }),
    verify: z.object({ email, otp }),
    resend: z.object({ email }),
    forgot: z.object({ email, website: honeypot }),
    reset: z.object({ email, otp, password: newPassword }),
    changePassword: z.object({ current: z.string().max(200, e.passwordTooLong).optional(), password: newPassword }),
    profile: z.object({ name, phone: phone.optional() }),
  };
}

export type AuthSchemas = ReturnType<typeof buildSchemas>;

// One catalogue object per language (catalogue.ts keeps them), so each language's schemas are built once.
const built = new WeakMap<AuthErrors, AuthSchemas>();

/** The account forms' schemas, refusing in the language of `errors`. */
export function authSchemas(errors: AuthErrors): AuthSchemas {
  let schemas = built.get(errors);
  if (!schemas) built.set(errors, (schemas = buildSchemas(errors)));
  return schemas;
}
