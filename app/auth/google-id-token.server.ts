import { createLocalJWKSet, errors, jwtVerify, type JWK } from "jose";

export type GoogleIdentity = { sub: string; email: string; name: string };
/** Google's public keys as a key set: each key is imported once and reused while the set is cached. */
export type GoogleKeySet = ReturnType<typeof createLocalJWKSet>;

const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];
export const GOOGLE_CERTS_URL = "https://www.googleapis.com/oauth2/v3/certs";

/**
 * Verifies a Google ID token: RS256 signature by the key its `kid` names, audience (our client id), issuer,
 * expiry and a verified e-mail. Returns the identity, or null for anything wrong.
 */
export async function verifyGoogleIdToken(idToken: string, clientId: string, keys: JWK[] | GoogleKeySet, now = Date.now()): Promise<GoogleIdentity | null> {
  const keySet = Array.isArray(keys) ? createLocalJWKSet({ keys }) : keys;
  try {
    const { payload: claims } = await jwtVerify(idToken, keySet, {
      algorithms: ["RS256"],
      audience: clientId,
      issuer: ISSUERS,
      requiredClaims: ["exp"],
      currentDate: new Date(now),
    });
    if (claims.email_verified !== true && claims.email_verified !== "true") return null;
    if (typeof claims.sub !== "string" || typeof claims.email !== "string") return null;
    return { sub: claims.sub, email: claims.email, name: typeof claims.name === "string" ? claims.name : "" };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

let cached: { keys: GoogleKeySet; until: number } | null = null;

/**
 * Google's signing keys, fetched again only when Google's Cache-Control max-age (an hour when absent) has
 * passed; the cache lives as long as the isolate.
 */
export async function googleKeys(fetcher: typeof fetch = fetch, url = GOOGLE_CERTS_URL): Promise<GoogleKeySet> {
  if (cached && cached.until > Date.now()) return cached.keys;
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`Google keys answered ${response.status}`);
  const keys = createLocalJWKSet((await response.json()) as { keys: JWK[] });
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 3600);
  cached = { keys, until: Date.now() + maxAge * 1000 };
  return keys;
}
