import { createCookie, type Cookie } from "@remix-run/cloudflare";
import type { AppConfig } from "../config.server";

/**
 * Every cookie the store sets, declared once with the same flags: HttpOnly, SameSite=Lax, Secure outside
 * local development and tests, signed with SESSION_SECRET when it carries anything a visitor could forge.
 * Parsing always goes through Remix's `createCookie` (the `cookie` package), including in the Worker's
 * edge cache, so `__session =x` and other odd spacing are read the same everywhere.
 */
export const COOKIE_NAMES = {
  session: "__session",
  flash: "__flash",
  theme: "theme",
  /** The floating cart summary was closed (remembered for the browser session). */
  cartSummaryClosed: "cart_summary_closed",
  oauthState: "__oauth",
  oauthReturn: "__oauth_return",
} as const;

export const SESSION_TTL_SECONDS = 24 * 60 * 60;

export type AppCookies = {
  session: Cookie;
  flash: Cookie;
  theme: Cookie;
  cartSummaryClosed: Cookie;
  oauthReturn: Cookie;
};

/** Only the theme may be read without configuration (it picks colours and is part of the edge-cache key). */
export const themeCookie = createCookie(COOKIE_NAMES.theme, { path: "/", sameSite: "lax", maxAge: 31_536_000 });

export function isSecureCookieEnvironment(config: Pick<AppConfig, "environment">) {
  return config.environment === "production";
}

const cache = new WeakMap<AppConfig, AppCookies>();

export function appCookies(config: AppConfig): AppCookies {
  const hit = cache.get(config);
  if (hit) return hit;
  const base = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: isSecureCookieEnvironment(config) };
  const signed = { ...base, secrets: [config.sessionSecret] };
  const cookies: AppCookies = {
    session: createCookie(COOKIE_NAMES.session, { ...signed, maxAge: SESSION_TTL_SECONDS }),
    flash: createCookie(COOKIE_NAMES.flash, { ...signed, maxAge: 60 }),
    theme: themeCookie,
    // No maxAge: a browser-session cookie, as the spec asks ("remembered for the session").
    cartSummaryClosed: createCookie(COOKIE_NAMES.cartSummaryClosed, base),
    oauthReturn: createCookie(COOKIE_NAMES.oauthReturn, { ...signed, path: "/auth", maxAge: 600 }),
  };
  cache.set(config, cookies);
  return cookies;
}

/** The names of the cookies present on a request, parsed by the same parser as everything else. */
export { parse as parseCookieHeader } from "cookie";
