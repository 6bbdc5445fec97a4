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
  /** This browser's pending sign-up (app/auth/accounts.server.ts). */
  signup: "__signup",
  /** A product a signed-out visitor pressed 'Add to Cart' on: added once they sign in. */
  pendingAdd: "__pending_add",
  /** This browser's pending password reset (app/auth/password-reset.server.ts). */
  reset: "__reset",
  /** Accounts this browser has signed in to (spares them the per-account login limit). */
  knownAccounts: "__known",
  oauthReturn: "__oauth_return",
  /** A signed-in shopper's newest point of the database (app/web/replicas.server.ts): their next read starts there. */
  bookmark: "__d1b",
} as const;

export const SESSION_TTL_SECONDS = 24 * 60 * 60;

export type AppCookies = {
  session: Cookie;
  flash: Cookie;
  theme: Cookie;
  cartSummaryClosed: Cookie;
  oauthReturn: Cookie;
  signup: Cookie;
  reset: Cookie;
  pendingAdd: Cookie;
  knownAccounts: Cookie;
  bookmark: Cookie;
};

/**
 * Remix's signed cookies throw on a malformed signature (atob of garbage); a forged or mangled cookie must read
 * as no cookie, never as a 500.
 */
function tolerant(cookie: Cookie): Cookie {
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header, options) {
      try {
        return await cookie.parse(header, options);
      } catch {
        return null;
      }
    },
    serialize: (value, options) => cookie.serialize(value, options),
  };
}

/** Only the theme may be read without configuration (it picks colours and is part of the edge-cache key). */
export const themeCookie = tolerant(createCookie(COOKIE_NAMES.theme, { path: "/", sameSite: "lax", maxAge: 31_536_000 }));

/** Secure everywhere but local development (plain http://localhost). */
export function isSecureCookieEnvironment(config: Pick<AppConfig, "environment">) {
  return config.environment !== "development";
}

const cache = new WeakMap<AppConfig, AppCookies>();

export function appCookies(config: AppConfig): AppCookies {
  const hit = cache.get(config);
  if (hit) return hit;
  const base = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: isSecureCookieEnvironment(config) };
  const signed = { ...base, secrets: [config.sessionSecret] };
  const cookies: AppCookies = {
    session: tolerant(createCookie(COOKIE_NAMES.session, { ...signed, maxAge: SESSION_TTL_SECONDS })),
    flash: tolerant(createCookie(COOKIE_NAMES.flash, { ...signed, maxAge: 60 })),
    theme: themeCookie,
    // No maxAge: a browser-session cookie, so a closed cart summary stays closed until the browser closes.
    cartSummaryClosed: tolerant(createCookie(COOKIE_NAMES.cartSummaryClosed, base)),
    oauthReturn: tolerant(createCookie(COOKIE_NAMES.oauthReturn, { ...signed, path: "/auth", maxAge: 600 })),
    signup: tolerant(createCookie(COOKIE_NAMES.signup, { ...signed, maxAge: 3600 })),
    reset: tolerant(createCookie(COOKIE_NAMES.reset, { ...signed, maxAge: 3600 })),
    pendingAdd: tolerant(createCookie(COOKIE_NAMES.pendingAdd, { ...signed, maxAge: 3600 })),
    knownAccounts: tolerant(createCookie(COOKIE_NAMES.knownAccounts, { ...signed, maxAge: 31_536_000 })),
    // Signed: a bookmark picks which copy of the database answers, so only one the store handed out is followed.
    bookmark: tolerant(createCookie(COOKIE_NAMES.bookmark, { ...signed, maxAge: SESSION_TTL_SECONDS })),
  };
  cache.set(config, cookies);
  return cookies;
}

/** The names of the cookies present on a request, parsed by the same parser as everything else. */
export { parse as parseCookieHeader } from "cookie";
