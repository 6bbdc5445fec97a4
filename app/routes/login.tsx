import { getFormProps, useForm } from "@conform-to/react";
import { isActionOf } from "~/i18n/lang";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { login } from "~/auth/accounts.server";
import { authSchemas } from "~/auth/schemas";
import { AuthCard, FormError, FormField, Honeypot, useClearAfterReply } from "~/components/form-field";
import { GoogleButton } from "~/components/google-button";
import { authMessages, knownAccountIds, signedInRedirect } from "~/web/auth-pages.server";
import { replyWithError } from "~/web/page-errors.server";
import { requireAnonymous } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.login, matches);

export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  return null;
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const m = authMessages(deps);
  const submission = parseWithZod(await request.formData(), { schema: authSchemas(m.errors).login });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password, redirectTo } = submission.value;
  try {
    const session = await login(deps, email, password, { knownAccountIds: await knownAccountIds(request, deps) });
    return signedInRedirect(request, deps, session, { redirectTo }, (t) => t.loginSuccess);
  } catch (error) {
    return replyWithError(deps, submission, error, m.loginFailed, ["password"]);
  }
}

export default function Login() {
  const m = useMessages().auth;
  const loginSchema = authSchemas(m.errors).login;
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && isActionOf(navigation.formAction, "/login");
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  useClearAfterReply(lastResult, fields.password.id);
  return (
    <AuthCard title={m.loginTitle} subtitle={m.loginSubtitle}>
      <Form method="post" {...getFormProps(form)} className="relative space-y-2">
        <Honeypot />
        {/* Without a page to return to, signing in lands on the account's home page, in the account's language. */}
        {params.has("redirectTo") ? <input type="hidden" name="redirectTo" value={params.get("redirectTo")!} /> : null}
        <FormError errors={form.errors} />
        <FormField field={fields.email} label={m.email} type="email" autoComplete="email" inputMode="email" />
        <FormField field={fields.password} label={m.password} type="password" autoComplete="current-password" />
        <p className="-mt-1 text-right text-sm">
          <Link to="/forgot-password" className="link inline-flex min-h-11 items-center">
            {m.forgotLink}
          </Link>
        </p>
        <button type="submit" className="btn-dark w-full" disabled={busy}>
          {busy ? m.signingIn : m.signIn}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">{m.or}</p>
      <GoogleButton redirectTo={params.get("redirectTo") ?? undefined} />
      <p className="mt-6 text-center text-sm">
        {m.noAccount}{" "}
        <Link to="/signup" className="link">
          {m.createAccount}
        </Link>
      </p>
    </AuthCard>
  );
}
