import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { resendCode, signupResendWait, verifyEmail } from "~/auth/accounts.server";
import { resendSchema, verifySchema } from "~/auth/schemas";
import { AuthCard, FormError } from "~/components/form-field";
import { OtpInput } from "~/components/otp-input";
import { format } from "~/i18n/messages";
import { redirectWithFlash } from "~/web/flash.server";
import { authMessages, readSignupCookie, replyWithError, signedInRedirect } from "~/web/auth-pages.server";
import { requireAnonymous } from "~/web/guards.server";
import { useMessages } from "~/web/site";
import { accountMessages } from "~/i18n/account.messages";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta("Verify your email", matches);

export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  requireAnonymous(deps);
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase();
  if (!email) return redirectWithFlash(deps, "/signup", { type: "error", text: authMessages(deps).emailRequired });
  // null: this browser has no sign-up waiting for this address (the code can only be entered where it started).
  const resendWait = await signupResendWait(deps, await readSignupCookie(request, deps), email);
  // loadedAt tells a fresh wait from the same number again: after a resend the wait is 300 s once more.
  return { email, resendWait, loadedAt: deps.now(), noSignupHere: resendWait === null ? accountMessages.noSignupHere : null };
}

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const m = authMessages(deps);
  const form = await request.formData();
  const signupToken = await readSignupCookie(request, deps);
  if (form.get("intent") === "resend") {
    const submission = parseWithZod(form, { schema: resendSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await resendCode(deps, signupToken, submission.value.email);
    } catch (error) {
      return replyWithError(submission, error, m.registrationFailed);
    }
    return redirectWithFlash(deps, `/verify-otp?email=${encodeURIComponent(submission.value.email)}`, { type: "success", text: m.resent });
  }
  const submission = parseWithZod(form, { schema: verifySchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["otp"] }), { status: 400 });
  try {
    const session = await verifyEmail(deps, signupToken, submission.value.email, submission.value.otp);
    return signedInRedirect(request, deps, session, "/", m.verified);
  } catch (error) {
    return replyWithError(submission, error, m.registrationFailed, ["otp"]);
  }
}

function useCountdown(seconds: number, loadedAt: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds, loadedAt]);
  return left;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

export default function VerifyOtp() {
  const { email, resendWait: wait, loadedAt, noSignupHere } = useLoaderData<typeof loader>();
  const resendWait = wait ?? 0;
  const result = useActionData<typeof action>();
  const m = useMessages().auth;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "resend";
  const left = useCountdown(resendWait, loadedAt);
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
      <Form method="post" className="space-y-4" key={`verify-${loadedAt}-${JSON.stringify(result ?? null)}`}>
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
      <div className="mt-6 text-center text-sm" aria-live="polite">
        {left > 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{format(m.resendIn, { time: clock(left) })}</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            <p className="text-slate-600 dark:text-slate-300">{m.resendWhenReady}</p>
            <button type="submit" name="intent" value="resend" className="link mt-2 min-h-11">
              {m.resendCode}
            </button>
          </Form>
        )}
      </div>
      {backToSignup}
    </AuthCard>
  );
}
