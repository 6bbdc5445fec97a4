import { useLocation } from "@remix-run/react";
import { Form } from "~/components/link";
import { useEffect, useState } from "react";
import { format } from "~/i18n/format";
import { useMessages } from "~/web/site";

/** Seconds left of `seconds`, counted down live; it starts again on every navigation (a resend lands on the same page). */
function useCountdown(seconds: number) {
  const { key } = useLocation();
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
  }, [seconds, key]);
  return left;
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/** 'You can request a new code in 4:59', then the resend button (intent=resend), for any code page. */
export function ResendCode({ email, wait }: { email: string; wait: number }) {
  const m = useMessages().auth;
  const left = useCountdown(wait);
  return (
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
  );
}
