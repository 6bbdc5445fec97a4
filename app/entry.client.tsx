import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Hydrate just after the first frame is painted (a timer set in an animation frame runs after that frame):
// the server's page is on screen before the code that takes it over runs, which matters on a slow phone.
requestAnimationFrame(() => setTimeout(hydrate, 0));
