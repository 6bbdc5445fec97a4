import { findSessionUser, readApiToken } from "../auth/session.server";
import type { AppConfig } from "../config.server";
import type { User } from "../db/schema";
import type { Deps } from "../deps";
import { appCookies } from "./cookies.server";

/**
 * What a request carries to say who sends it: the session cookie (pages), a Bearer JWT (the JSON APIs) and
 * the client's address. (Relative imports: the load context and the auction Worker bundle this file.)
 */

/** The browser cookie holds only the session token, signed (declared with every other cookie). */
export async function readSessionToken(request: Request, config: AppConfig): Promise<string | null> {
  const value: unknown = await appCookies(config).session.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

export function commitSessionCookie(config: AppConfig, token: string) {
  return appCookies(config).session.serialize(token);
}

export function clearSessionCookie(config: AppConfig) {
  return appCookies(config).session.serialize("", { maxAge: 0 });
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

/** The client's address as Cloudflare reports it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

export type Caller = { user: User; sessionToken: string };

/**
 * Who sends a JSON API request: a Bearer JWT naming a live session, else the session cookie (`deps.user`
 * when the load context has read it already). Null for neither; `"invalid"` for a Bearer token that names
 * no live session (it never falls back to the cookie).
 */
export async function findCaller(request: Request, deps: Deps): Promise<Caller | "invalid" | null> {
  const jwt = bearerToken(request);
  if (jwt) {
    const claims = await readApiToken(deps.config, jwt);
    const user = claims ? await findSessionUser(deps, claims.sessionToken) : null;
    return claims && user ? { user, sessionToken: claims.sessionToken } : "invalid";
  }
  if (deps.user && deps.sessionToken) return { user: deps.user, sessionToken: deps.sessionToken };
  const token = await readSessionToken(request, deps.config);
  const user = token ? await findSessionUser(deps, token) : null;
  return user && token ? { user, sessionToken: token } : null;
}
