import { getFormProps, useForm } from "@conform-to/react";
import { isActionOf } from "~/i18n/lang";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { register } from "~/auth/accounts.server";
import { authSchemas } from "~/auth/schemas";
import { AuthCard, FormError, FormField, Honeypot, PhoneField, useClearAfterReply } from "~/components/form-field";
import { GoogleButton } from "~/components/google-button";
import { redirectWithFlash } from "~/web/flash.server";
import { authMessages, commitSignupCookie } from "~/web/auth-pages.server";
import { replyWithError } from "~/web/page-errors.server";
import { requireAnonymous } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.signUp, matches);

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  return null;
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const m = authMessages(deps);
  const submission = parseWithZod(await request.formData(), { schema: authSchemas(m.errors).signup });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const signup = await register(deps, submission.value);
    // The code works only with this browser's sign-up token (no one else can finish this sign-up).
    const headers = { "Set-Cookie": await commitSignupCookie(deps, signup.token) };
    return redirectWithFlash(deps, `/verify-otp?email=${encodeURIComponent(signup.email)}`, { type: "success", text: m.registrationSuccess }, { headers });
  } catch (error) {
    return replyWithError(deps, submission, error, m.registrationFailed, ["password"]);
  }
}

export default function Signup() {
  const m = useMessages().auth;
  const signupSchema = authSchemas(m.errors).signup;
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, "/signup");
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(signupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  useClearAfterReply(lastResult, fields.password.id);
  return (
    <AuthCard title={m.signupTitle} subtitle={m.signupSubtitle}>
      <Form method="post" {...getFormProps(form)} className="relative space-y-2">
        <Honeypot />
        <FormError errors={form.errors} />
        <FormField field={fields.name} label={m.fullName} type="text" autoComplete="name" />
        <FormField field={fields.email} label={m.email} type="email" autoComplete="email" inputMode="email" />
        <FormField field={fields.password} label={m.password} type="password" autoComplete="new-password" hint={m.passwordHint} />
        <PhoneField field={fields.phone} label={m.phoneOptional} hint={m.phoneHint} />
        <FormField field={fields.address} label={m.addressOptional} type="text" autoComplete="street-address" />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? m.creatingAccount : m.createAccountButton}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">{m.or}</p>
      <GoogleButton />
      <p className="mt-6 text-center text-sm">
        {m.haveAccount}{" "}
        <Link to="/login" className="link">
          {m.logIn}
        </Link>
      </p>
    </AuthCard>
  );
}
