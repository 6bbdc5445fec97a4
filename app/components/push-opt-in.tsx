import { useEffect, useState } from "react";
import { pushState, pushSupported, turnOnPush, type PushState } from "~/web/push-device";
import { useMessages, useSite } from "~/web/site";

type Shown = PushState | "checking" | "busy" | "failed" | "turnedOn";

/**
 * 'News of your orders on this phone': turns on push notifications for this browser, for a signed-in shopper.
 * It needs the browser's push API, so it appears only once the page's code runs and only where the browser can
 * subscribe and this phone is not subscribed yet; asking for permission waits for the shopper's press.
 */
export function PushOptIn({ className = "" }: { className?: string }) {
  const { app } = useMessages();
  const { lang, user } = useSite();
  const [shown, setShown] = useState<Shown>("checking");
  useEffect(() => {
    if (!pushSupported()) return setShown("unsupported");
    let live = true;
    pushState().then(
      (state) => live && setShown(state),
      () => live && setShown("unsupported"),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!user || user.isAdmin || shown === "checking" || shown === "unsupported" || shown === "on") return null;
  const turnOn = async () => {
    setShown("busy");
    try {
      const state = await turnOnPush(lang);
      setShown(state === "on" ? "turnedOn" : state);
    } catch (error) {
      console.warn("Turning on notifications failed", error);
      setShown("failed");
    }
  };
  const status = shown === "turnedOn" ? app.pushOn : shown === "blocked" ? app.pushBlocked : shown === "failed" ? app.pushFailed : null;
  return (
    <section aria-labelledby="push-opt-in" className={`card p-5 sm:p-6 ${className}`} data-push-opt-in>
      <h2 id="push-opt-in" className="font-semibold text-river-900 dark:text-river-100">
        {app.pushHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{app.pushText}</p>
      {status ? (
        <p
          role="status"
          className={`mt-3 text-sm font-medium ${shown === "turnedOn" ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
        >
          {status}
        </p>
      ) : null}
      {shown === "off" || shown === "busy" || shown === "failed" ? (
        <button type="button" onClick={turnOn} disabled={shown === "busy"} aria-busy={shown === "busy"} className="btn-dark mt-3">
          {shown === "busy" ? app.turningOn : app.turnOn}
        </button>
      ) : null}
    </section>
  );
}
