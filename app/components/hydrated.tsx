import { useEffect, useState } from "react";

/**
 * `js=1` in a form once the page is hydrated: the server then answers a fetcher with data instead of the
 * redirect a plain form post needs (server-rendered HTML, and so JavaScript-off browsers, never send it).
 */
export function FetcherMarker() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name="js" value="1" /> : null;
}
