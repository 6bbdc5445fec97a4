import { Form } from "~/components/link";
import { useLang, useMessages, useSite } from "~/web/site";

/**
 * A plain form post, so the Google redirect flow works without JavaScript. Without Google configured the
 * button is disabled and says why, so pressing it never leaves the e-mail form.
 */
export function GoogleButton({ redirectTo }: { redirectTo?: string }) {
  const m = useMessages().auth;
  const { site } = useSite();
  const { lang } = useLang();
  if (!site.googleSignIn) {
    return (
      <div className="mt-4">
        <button type="button" disabled aria-describedby="google-unavailable" className={`${GOOGLE_CLASS} opacity-60`}>
          <GoogleLogo />
          {m.continueWithGoogle}
        </button>
        <p id="google-unavailable" className="mt-2 text-center text-sm text-slate-700 dark:text-slate-200">
          {m.googleUnavailable}
        </p>
      </div>
    );
  }
  return (
    <Form method="post" action="/auth/google" className="mt-4">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <input type="hidden" name="lang" value={lang} />
      <button type="submit" className={GOOGLE_CLASS}>
        <GoogleLogo />
        {m.continueWithGoogle}
      </button>
    </Form>
  );
}

const GOOGLE_CLASS =
  "btn w-full border border-river-200 bg-white text-slate-800 hover:bg-river-50 dark:border-river-700 dark:bg-river-950 dark:text-slate-100 dark:hover:bg-river-900";

function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.6-2.8z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
