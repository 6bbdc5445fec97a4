import { getFormProps, useForm } from "@conform-to/react";
import { sectionsFor } from "~/i18n/texts";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { resendResetCode, resetPassword } from "~/auth/password-reset.server";
import { pendingResendWait } from "~/auth/pending-codes.server";
import { authSchemas } from "~/auth/schemas";
import { AuthCard, FormError, FormField } from "~/components/form-field";
import { ResendCode } from "~/components/resend-code";
import { format } from "~/i18n/format";
import { authMessages, knownAccountIds, readCodeCookie, signedInRedirect } from "~/web/auth-pages.server";
import { replyWithError } from "~/web/page-errors.server";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAnonymous } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.resetPassword, matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase();
  if (!email) return redirectWithFlash(deps, "/forgot-password", { type: "error", text: authMessages(deps).emailRequired });
  // null: this browser did not ask for this address's reset (the code works only where it was asked for).
  const resendWait = await pendingResendWait(deps, "reset", await readCodeCookie(request, deps, "reset"), email);
  return { email, resendWait: resendWait ?? 0, noResetHere: resendWait === null ? sectionsFor(deps).account.noResetHere : null };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  requireAnonymous(deps);
  const m = authMessages(deps);
  const form = await request.formData();
  const token = await readCodeCookie(request, deps, "reset");
  const known = { knownAccountIds: await knownAccountIds(request, deps) };
  if (form.get("intent") === "resend") {
    const submission = parseWithZod(form, { schema: authSchemas(m.errors).resend });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await resendResetCode(deps, token, submission.value.email, known);
    } catch (error) {
      return replyWithError(deps, submission, error, m.loginFailed);
    }
    return redirectWithFlash(deps, `/reset-password?email=${encodeURIComponent(submission.value.email)}`, { type: "success", text: m.resent });
  }
  const submission = parseWithZod(form, { schema: authSchemas(m.errors).reset });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  try {
    const { email, otp, password } = submission.value;
    const session = await resetPassword(deps, token, { email, code: otp, password }, known);
    return signedInRedirect(request, deps, session, { home: "/profile" }, (t) => t.passwordReset);
  } catch (error) {
    return replyWithError(deps, submission, error, m.loginFailed, ["password"]);
  }
}

export default function ResetPassword() {
  const { email, resendWait, noResetHere } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const m = useMessages().auth;
  const resetSchema = authSchemas(m.errors).reset;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "resend";
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(resetSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
  });
  const back = (
    <p className="mt-6 text-center text-sm">
      <Link to={`/forgot-password?email=${encodeURIComponent(email)}`} className="link">
        {m.startAgain}
      </Link>
    </p>
  );
  if (noResetHere && !form.errors?.length) {
    return (
      <AuthCard title={m.resetTitle}>
        <FormError errors={[noResetHere]} />
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.resetTitle} subtitle={format(m.resetSubtitle, { email })}>
      <Form method="post" {...getFormProps(form)} className="space-y-2">
        <input type="hidden" name="email" value={email} />
        <FormError errors={form.errors} />
        <FormField field={fields.otp} label={m.code} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        <FormField field={fields.password} label={m.newPassword} type="password" autoComplete="new-password" hint={m.passwordHint} />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? m.resetting : m.resetButton}
        </button>
      </Form>
      <ResendCode email={email} wait={resendWait} />
      {back}
    </AuthCard>
  );
}
