import { fromBase64Url } from "./crypto.server";

export type GoogleIdentity = { sub: string; email: string; name: string };
export type Jwk = JsonWebKey & { kid?: string };

const ISSUERS = new Set(["accounts.google.com", "https://accounts.google.com"]);
export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";

const decodeJson = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

/**
 * Verifies a Google ID token ourselves: RS256 signature against Google's published keys, audience (our client
 * id), issuer, expiry and a verified e-mail. Returns the identity, or null for anything wrong.
 */
export async function verifyGoogleIdToken(idToken: string, clientId: string, keys: Jwk[], now = Date.now()): Promise<GoogleIdentity | null> {
  const parts = idToken.split(".");
  if (parts.length !== 3) return null;
  try {
    const header = decodeJson(parts[0]);
    const claims = decodeJson(parts[1]);
    if (header.alg !== "RS256") return null;
    const jwk = keys.find((k) => k.kid === header.kid);
    if (!jwk) return null;
    const key = await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    const signed = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
    if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, fromBase64Url(parts[2]), signed))) return null;
    const audienceOk = Array.isArray(claims.aud) ? claims.aud.includes(clientId) : claims.aud === clientId;
    if (!audienceOk || !ISSUERS.has(claims.iss)) return null;
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
    if (claims.email_verified !== true && claims.email_verified !== "true") return null;
    if (typeof claims.sub !== "string" || typeof claims.email !== "string") return null;
    return { sub: claims.sub, email: claims.email, name: typeof claims.name === "string" ? claims.name : "" };
  } catch {
    return null;
  }
}

let cached: { keys: Jwk[]; until: number } | null = null;

/** Google's signing keys, kept for as long as Google's Cache-Control allows (per isolate). */
export async function googleKeys(fetcher: typeof fetch = fetch, url = GOOGLE_CERTS_URL): Promise<Jwk[]> {
  if (cached && cached.until > Date.now()) return cached.keys;
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`Google keys answered ${response.status}`);
  const { keys } = (await response.json()) as { keys: Jwk[] };
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 3600);
  cached = { keys, until: Date.now() + maxAge * 1000 };
  return keys;
}
