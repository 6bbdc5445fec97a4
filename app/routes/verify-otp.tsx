import { parseWithZod } from "@conform-to/zod";
import { sectionsFor } from "~/i18n/texts";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useState } from "react";
import { resendCode, verifyEmail } from "~/auth/accounts.server";
import { pendingResendWait } from "~/auth/pending-codes.server";
import { authSchemas } from "~/auth/schemas";
import { AuthCard, FormError } from "~/components/form-field";
import { OtpInput } from "~/components/otp-input";
import { ResendCode } from "~/components/resend-code";
import { format } from "~/i18n/format";
import { redirectWithFlash } from "~/web/flash.server";
import { authMessages, readSignupCookie, signedInRedirect } from "~/web/auth-pages.server";
import { replyWithError } from "~/web/page-errors.server";
import { requireAnonymous } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta((t) => t.verifyEmail, matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase();
  if (!email) return redirectWithFlash(deps, "/signup", { type: "error", text: authMessages(deps).emailRequired });
  // null: this browser has no sign-up waiting for this address (the code can only be entered where it started).
  const resendWait = await pendingResendWait(deps, "signup", await readSignupCookie(request, deps), email);
  return { email, resendWait, noSignupHere: resendWait === null ? sectionsFor(deps).account.noSignupHere : null };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const m = authMessages(deps);
  const form = await request.formData();
  const signupToken = await readSignupCookie(request, deps);
  if (form.get("intent") === "resend") {
    const submission = parseWithZod(form, { schema: authSchemas(m.errors).resend });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await resendCode(deps, signupToken, submission.value.email);
    } catch (error) {
      return replyWithError(deps, submission, error, m.resendFailed);
    }
    return redirectWithFlash(deps, `/verify-otp?email=${encodeURIComponent(submission.value.email)}`, { type: "success", text: m.resent });
  }
  const submission = parseWithZod(form, { schema: authSchemas(m.errors).verify });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["otp"] }), { status: 400 });
  try {
    const session = await verifyEmail(deps, signupToken, submission.value.email, submission.value.otp);
    return signedInRedirect(request, deps, session, {}, (t) => t.verified);
  } catch (error) {
    return replyWithError(deps, submission, error, m.verifyFailed, ["otp"]);
  }
}

export default function VerifyOtp() {
  const { email, resendWait: wait, noSignupHere } = useLoaderData<typeof loader>();
  const resendWait = wait ?? 0;
  const result = useActionData<typeof action>();
  const m = useMessages().auth;
  const navigation = useNavigation();
  // A resend lands on this same page: a new location key empties the code slots.
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "resend";
  // null until the six slots are live (server render, or no JavaScript): the button is then always enabled.
  const [code, setCode] = useState<string | null>(null);
  const formErrors = Object.values(result?.error ?? {})
    .flat()
    .filter((e): e is string => Boolean(e));
  const backToSignup = (
    <p className="mt-6 text-center text-sm">
      <Link to="/signup" className="link">
        {m.backToSignup}
      </Link>
    </p>
  );
  if (noSignupHere && !formErrors.length) {
    return (
      <AuthCard title={m.verifyTitle}>
        <FormError errors={[noSignupHere]} />
        {backToSignup}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={m.verifyTitle} subtitle={format(m.verifySubtitle, { email })}>
      <Form method="post" className="space-y-4" key={`verify-${location.key}-${JSON.stringify(result ?? null)}`}>
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="intent" value="verify" />
        {formErrors.length ? (
          <div id="otp-error">
            <FormError errors={[formErrors[0]]} />
          </div>
        ) : null}
        <OtpInput error={formErrors[0]} onChange={setCode} />
        <button type="submit" className="btn-dark w-full" disabled={busy || (code !== null && code.length !== 6)}>
          {busy ? m.verifying : m.verifyEmail}
        </button>
      </Form>
      <ResendCode email={email} wait={resendWait} />
      {backToSignup}
    </AuthCard>
  );
}
