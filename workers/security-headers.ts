import { randomNonce } from "../app/web/csp";

const BASE: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * The headers every answer of the app Worker carries (pages, the JSON APIs, the auction Worker's answers, the
 * 403), with HSTS outside local development. Static files get the same from `public/_headers`.
 */
export function withSecurityHeaders(response: Response, environment: string | undefined): Response {
  // Responses from fetch/the service binding have immutable headers.
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(BASE)) out.headers.set(name, value);
  if (environment !== "development") out.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response.webSocket ? response : out;
}

/**
 * A page from the edge cache still carries the nonce it was rendered with: it gets a fresh one. A page rendered
 * for this response already has its own (entry.server.tsx draws one per render), so it streams out untouched.
 */
export function withFreshNonce(response: Response): Response {
  return response.headers.get("x-cache") === "HIT" ? rotateNonce(response) : response;
}

/**
 * Swaps the nonce a page was rendered with (possibly cached) for a fresh one in both the policy and the
 * page's own scripts. Scripts that do not carry the rendered nonce (anything injected) get none.
 */
function rotateNonce(response: Response): Response {
  const policy = response.headers.get("Content-Security-Policy");
  const rendered = policy ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] : undefined;
  if (!policy || !rendered) return response;
  const fresh = randomNonce();
  const out = new Response(response.body, response);
  out.headers.set("Content-Security-Policy", policy.replace(`'nonce-${rendered}'`, `'nonce-${fresh}'`));
  return new HTMLRewriter()
    .on("script[nonce], link[nonce]", {
      element(element) {
        if (element.getAttribute("nonce") === rendered) element.setAttribute("nonce", fresh);
        else element.removeAttribute("nonce");
      },
    })
    .transform(out);
}
