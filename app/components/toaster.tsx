import { useEffect, useRef, useState } from "react";
import { useMessages, useSite } from "~/web/site";

const TOAST_MS = 5_000;
const TOAST_EVENT = "store:toast";
const DISMISS_EVENT = "store:toast-dismiss";

type Toast = { type: keyof typeof tone; text: string };

/** A toast from the page itself (a check in the browser), shown like the server's flash message. */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/** Takes the toast saying `text` away before its time, if it is the one showing (what it said no longer holds). */
export function dismissToast(text: string) {
  window.dispatchEvent(new CustomEvent<string>(DISMISS_EVENT, { detail: text }));
}

const tone = {
  success: "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  info: "border-river-500 bg-white text-river-900 dark:bg-river-900 dark:text-river-50",
};

/**
 * The flash message of the previous action, bottom-right, in a region labelled 'Notifications' (Alt+T moves
 * focus to it). With JavaScript it leaves after 5 s; without it, the ✕ (a checkbox label) hides it.
 */
export function Toaster() {
  const m = useMessages().toasts;
  const { flash } = useSite();
  const [visible, setVisible] = useState<Toast | null>(flash);
  const region = useRef<HTMLElement>(null);

  useEffect(() => setVisible(flash), [flash]);

  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  useEffect(() => {
    const onToast = (e: Event) => setVisible({ ...(e as CustomEvent<Toast>).detail });
    const onDismiss = (e: Event) => setVisible((shown) => (shown?.text === (e as CustomEvent<string>).detail ? null : shown));
    window.addEventListener(TOAST_EVENT, onToast);
    window.addEventListener(DISMISS_EVENT, onDismiss);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      window.removeEventListener(DISMISS_EVENT, onDismiss);
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === "KeyT") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={m.region}
      className="pointer-events-none fixed bottom-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
    >
      <ol aria-live="polite" className="contents">
        {visible ? (
          <li className="pointer-events-auto">
            <input type="checkbox" id="toast-dismiss" className="peer sr-only" />
            <div role="status" className={`flex items-start gap-3 rounded-xl border-l-4 p-4 shadow-lg peer-checked:hidden ${tone[visible.type]}`}>
              <p className="flex-1 text-sm font-medium">{visible.text}</p>
              <label htmlFor="toast-dismiss" className="-m-1 cursor-pointer rounded p-1 text-lg leading-none" title={m.dismiss}>
                <span aria-hidden="true">✕</span>
                <span className="sr-only">{m.dismiss}</span>
              </label>
            </div>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
