import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { INSTALL_OFFERED, type InstallPrompt } from "~/components/install-card";
import { holdPageTexts } from "~/web/site";

/**
 * The presses and keys React answers on a page it has not hydrated yet by hydrating it at once, synchronously.
 * Remix's first render waits for the page's data to be decoded, and a synchronous render cannot wait: React then
 * fails the page (its error 345). Until hydration is committed these events stop at the window, before React's
 * listeners; the browser still does what they do without JavaScript (a link opens, a form posts).
 */
const HELD_EVENTS = [
  "click",
  "auxclick",
  "dblclick",
  "contextmenu",
  "mousedown",
  "mouseup",
  "pointerdown",
  "pointerup",
  "pointercancel",
  "touchstart",
  "touchend",
  "touchcancel",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "change",
  "submit",
  "reset",
  "compositionstart",
  "compositionend",
  "copy",
  "cut",
  "paste",
  "dragstart",
  "dragend",
  "drop",
];

function holdEventsFromReact(): () => void {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of HELD_EVENTS) window.addEventListener(type, stop, true);
  return () => {
    for (const type of HELD_EVENTS) window.removeEventListener(type, stop, true);
  };
}

/** Runs `committed` once the hydrated page is committed; marks the document `data-hydrated` (browser tests wait for it). */
function Committed({ committed, children }: { committed: () => void; children: ReactNode }) {
  useLayoutEffect(() => {
    committed();
    document.documentElement.dataset.hydrated = "";
  }, [committed]);
  return children;
}

/** Hydrates in a transition, which yields to the browser between pieces of work, so a slow phone stays responsive. */
function hydrate() {
  const release = holdEventsFromReact();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Committed committed={release}>
          <RemixBrowser />
        </Committed>
      </StrictMode>,
    );
  });
}

// Hydrate once the page's catalogue is here, and just after a frame is painted (a timer set in an animation frame
// runs after that frame): the server's page is on screen before the code that takes it over runs, which matters on
// a slow phone. Without its catalogue (offline) the page stays as the server sent it, links and forms working.
holdPageTexts().then(
  () => requestAnimationFrame(() => setTimeout(hydrate, 0)),
  // Not an error of the page: a shopper who leaves (or submits a form) before it arrives cancels its fetch.
  (error: unknown) => console.warn("The page's catalogue did not load; the page stays as the server sent it", error),
);

// The browser's offer to install comes once, maybe before the footer's card is hydrated: keep it for the card.
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  window.__installPrompt = event as InstallPrompt;
  window.dispatchEvent(new Event(INSTALL_OFFERED));
});

// The service worker keeps the shopper's own orders readable offline and shows pushes. This code runs after the
// page has been painted (see above), so registering it adds nothing to the first load.
if ("serviceWorker" in navigator && !import.meta.env.DEV) {
  navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("The service worker did not register", error));
}

// With no network a link loads its page whole: the service worker answers that from the pages it kept, while a
// page's data alone (what a link asks for once the page is hydrated) it cannot give.
window.addEventListener(
  "click",
  (event) => {
    if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    event.stopPropagation();
    location.assign(url.href);
  },
  true,
);
