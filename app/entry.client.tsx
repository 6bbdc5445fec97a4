import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdPageCatalogue } from "~/web/site";

/**
 * Hydrates in one task, not in a transition: the modules arrive after the page has loaded, so a shopper may well
 * press something while hydration runs. A transition's hydration yields to that press and React then finishes it
 * synchronously, which fails (React error 345) when something suspends; a single task takes the press afterwards.
 */
function hydrate() {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
}

// Hydrate once the page's catalogue is here, and just after a frame is painted (a timer set in an animation frame
// runs after that frame): the server's page is on screen before the code that takes it over runs, which matters on
// a slow phone. Without its catalogue (offline) the page stays as the server sent it, links and forms working.
holdPageCatalogue().then(
  () => requestAnimationFrame(() => setTimeout(hydrate, 0)),
  // Not an error of the page: a shopper who leaves (or submits a form) before it arrives cancels its fetch.
  (error: unknown) => console.warn("The page's catalogue did not load; the page stays as the server sent it", error),
);
