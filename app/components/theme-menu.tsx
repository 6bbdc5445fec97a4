import { useFetcher, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useLang, useMessages, useSite } from "~/web/site";

const ICONS = { light: "☀", dark: "☾", system: "◐" } as const;

/**
 * Light / Dark / System. A plain form posting to /theme (works without JavaScript: the server sets the
 * cookie and redirects back); with JavaScript a fetcher applies it without a page load.
 */
export function ThemeMenu({ idSuffix }: { idSuffix: string }) {
  const m = useMessages().nav;
  const { l } = useLang();
  const { theme } = useSite();
  const fetcher = useFetcher();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const current = (fetcher.formData?.get("theme") as keyof typeof ICONS | null) ?? theme;
  const options = [
    ["light", m.themeLight],
    ["dark", m.themeDark],
    ["system", m.themeSystem],
  ] as const;
  return (
    <details ref={details} className="group relative">
      <summary
        className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full text-lg hover:bg-river-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-river-500 dark:hover:bg-river-800"
        aria-label={`${m.theme}: ${options.find(([v]) => v === current)?.[1] ?? m.themeLight}`}
      >
        <span aria-hidden="true">{ICONS[current]}</span>
      </summary>
      <fetcher.Form
        method="post"
        action={l("/theme")}
        className="absolute right-0 z-50 mt-2 w-40 rounded-xl border border-river-100 bg-white p-1 shadow-lg dark:border-river-700 dark:bg-river-900"
        onSubmit={() => details.current?.removeAttribute("open")}
        aria-label={m.theme}
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {options.map(([value, label]) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            id={`theme-${value}-${idSuffix}`}
            aria-pressed={current === value}
            className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm hover:bg-river-50 aria-pressed:font-semibold aria-pressed:text-river-700 dark:hover:bg-river-800 dark:aria-pressed:text-gold-300"
          >
            <span aria-hidden="true" className="w-4 text-center">
              {ICONS[value]}
            </span>
            {label}
          </button>
        ))}
      </fetcher.Form>
    </details>
  );
}
