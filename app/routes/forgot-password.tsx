import { getFormProps, useForm } from "@conform-to/react";
import { isActionOf } from "~/i18n/lang";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { startPasswordReset } from "~/auth/password-reset.server";
import { authSchemas } from "~/auth/schemas";
import { AuthCard, FormError, FormField, Honeypot } from "~/components/form-field";
import { authMessages, commitCodeCookie, knownAccountIds, replyWithError } from "~/web/auth-pages.server";
import { redirectWithFlash } from "~/web/flash.server";
import { requireAnonymous } from "~/web/guards.server";
import { privateMeta } from "~/web/meta";
import { useMessages } from "~/web/site";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.forgotPassword, matches);

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  return null;
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  requireAnonymous(deps);
  const m = authMessages(deps);
  const submission = parseWithZod(await request.formData(), { schema: authSchemas(m.errors).forgot });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const { token } = await startPasswordReset(deps, submission.value.email, { knownAccountIds: await knownAccountIds(request, deps) });
    const headers = { "Set-Cookie": await commitCodeCookie(deps, "reset", token) };
    // The same answer whether or not the address has an account.
    return redirectWithFlash(deps, `/reset-password?email=${encodeURIComponent(submission.value.email)}`, { type: "success", text: m.resetSent }, { headers });
  } catch (error) {
    return replyWithError(deps, submission, error, m.loginFailed);
  }
}

export default function ForgotPassword() {
  const m = useMessages().auth;
  const forgotSchema = authSchemas(m.errors).forgot;
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, "/forgot-password");
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { email: params.get("email") ?? "" },
    constraint: getZodConstraint(forgotSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
  });
  return (
    <AuthCard title={m.forgotTitle} subtitle={m.forgotSubtitle}>
      <Form method="post" {...getFormProps(form)} className="relative space-y-2">
        <Honeypot />
        <FormError errors={form.errors} />
        <FormField field={fields.email} label={m.email} type="email" autoComplete="email" inputMode="email" />
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? m.sendingCode : m.sendCode}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="link">
          {m.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}
