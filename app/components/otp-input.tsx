import { useEffect, useRef, useState } from "react";
import { format } from "~/i18n/format";
import { useMessages } from "~/web/site";

/**
 * The code field. Server-rendered (and without JavaScript) it is one plain input; once hydrated it becomes six
 * slots that accept typing, deleting and pasting, and submit the form by themselves at six digits.
 */
export function OtpInput({ error, onChange }: { error?: string; onChange: (code: string) => void }) {
  const m = useMessages().auth;
  const [hydrated, setHydrated] = useState(false);
  const [digits, setDigits] = useState<string[]>(Array(6).fill(""));
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const hidden = useRef<HTMLInputElement>(null);
  useEffect(() => setHydrated(true), []);
  const code = digits.join("");

  useEffect(() => {
    onChange(code);
    if (code.length === 6) hidden.current?.form?.requestSubmit();
  }, [code, onChange]);

  const put = (index: number, text: string) => {
    const incoming = text
      .replace(/\D/g, "")
      .slice(0, 6 - index)
      .split("");
    if (incoming.length === 0) return;
    const next = [...digits];
    incoming.forEach((d, i) => (next[index + i] = d));
    setDigits(next);
    refs.current[Math.min(index + incoming.length, 5)]?.focus();
  };

  const describedBy = error ? "otp-error" : undefined;
  if (!hydrated) {
    return (
      <div>
        <label htmlFor="otp" className="block text-sm font-medium">
          {m.code}
        </label>
        <input
          id="otp"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 block min-h-12 w-full rounded-xl border border-river-400 bg-white px-4 text-center text-2xl tracking-[0.5em] dark:bg-river-950"
        />
      </div>
    );
  }
  return (
    <fieldset>
      <legend className="text-sm font-medium">{m.code}</legend>
      <input ref={hidden} type="hidden" name="otp" value={code} />
      <div className="mt-2 flex justify-between gap-2">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={digit}
            inputMode="numeric"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            aria-label={format(m.codeDigit, { n: i + 1 })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoFocus={i === 0}
            onChange={(e) => {
              const value = e.target.value;
              if (value === "") {
                const next = [...digits];
                next[i] = "";
                setDigits(next);
              }
              // Typing replaces the slot's digit; a whole code arriving at once (SMS or password-manager
              // autofill) is spread over the slots like a paste.
              else put(i, value.length > 2 ? value : value.slice(-1));
            }}
            onPaste={(e) => {
              e.preventDefault();
              put(i, e.clipboardData.getData("text"));
            }}
            onKeyDown={(e) => {
              if (e.key === "Backspace" && !digits[i] && i > 0) refs.current[i - 1]?.focus();
              if (e.key === "ArrowLeft" && i > 0) refs.current[i - 1]?.focus();
              if (e.key === "ArrowRight" && i < 5) refs.current[i + 1]?.focus();
            }}
            className="h-14 w-full min-w-0 max-w-12 flex-1 rounded-xl border border-river-400 bg-white text-center text-2xl font-semibold focus:border-river-500 focus:outline-none focus:ring-2 focus:ring-river-200 dark:bg-river-950"
          />
        ))}
      </div>
    </fieldset>
  );
}
