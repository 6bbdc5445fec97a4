import { useEffect, useState } from "react";

/** Where this browser remembers that the note was closed (or followed). */
const DISMISSED = "te-note";

/** A browser that lists Telugu (te, te-IN) among the languages its reader prefers. */
export function prefersTelugu(languages: readonly string[]): boolean {
  return languages.some((l) => /^te(-|$)/i.test(l));
}

/**
 * The English home page's offer of the Telugu shop to a reader whose browser prefers Telugu: a suggestion with a
 * plain link, never a redirect, written in Telugu because that reader prefers it. The server renders nothing,
 * so the cached page is the same for every visitor; the browser decides once hydrated. It lies over the hero's
 * top padding (absolute), so nothing moves and no button is covered; closing or following it is remembered.
 */
export function TeluguNote() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    try {
      setShown(prefersTelugu(navigator.languages) && !localStorage.getItem(DISMISSED));
    } catch {
      // Storage refused: better no note than one that can never be closed for good.
    }
  }, []);
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    try {
      localStorage.setItem(DISMISSED, "1");
    } catch {
      // Closed for this page at least.
    }
  };
  return (
    <p
      lang="te"
      className="absolute inset-x-4 top-3 z-10 mx-auto flex max-w-sm items-center rounded-xl bg-white pl-4 text-sm text-river-900 shadow-lg dark:bg-river-900 dark:text-river-50"
    >
      <a href="/te" onClick={dismiss} className="flex-1 py-3 font-semibold underline">
        ఈ దుకాణాన్ని తెలుగులో చూడండి
      </a>
      <button type="button" onClick={dismiss} aria-label="మూసివేయండి" className="h-11 w-11 shrink-0 text-xl">
        ×
      </button>
    </p>
  );
}
