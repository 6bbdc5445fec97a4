import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { Deps } from "~/deps";
import { addToCart } from "~/cart/cart.server";
import { format } from "~/i18n/format";
import { errorMessage, messagesFor } from "~/i18n/catalogue";
import { langOfPath, localePath, type Lang } from "~/i18n/lang";
import { DomainError } from "~/lib/errors";
import { appCookies } from "./cookies.server";
import { commitSessionCookie } from "./credentials.server";
import { redirectWithFlash } from "./flash.server";
import { safeRedirect } from "./safe-redirect";

export function authMessages(deps: Pick<Deps, "config" | "lang">) {
  return messagesFor(deps).auth;
}

type AuthMessages = ReturnType<typeof authMessages>;

/** Where an admin's work is: the orders to move on, with the catch one press away. */
export const ADMIN_HOME = "/admin-dashboard";

/**
 * Where signing in lands, and in which language: the page the sign-in was asked to return to (`redirectTo`, kept
 * in the language it was asked in), else `home` in the account's language (a Telugu account lands on `/te`); an
 * admin's home is the admin dashboard (English only).
 */
export function signInLanding(
  deps: Pick<Deps, "lang">,
  account: { lang: Lang; isAdmin?: boolean },
  redirectTo: unknown,
  home = account.isAdmin ? ADMIN_HOME : "/",
): { path: string; lang: Lang } {
  const asked = safeRedirect(redirectTo, "");
  if (!asked) {
    const path = localePath(account.lang, home);
    return { path, lang: langOfPath(path) };
  }
  const path = localePath(deps.lang, asked);
  return { path, lang: langOfPath(path) };
}

/**
 * Sets the session cookie, remembers in this browser that it signed in to `userId` (so the per-account login
 * limit never locks it out), adds the product it pressed 'Add to Cart' on while signed out, ends any pending
 * sign-up or reset, and goes on (see `signInLanding`) with a toast in the language of the page it lands on.
 */
export async function signedInRedirect(
  request: Request,
  deps: Pick<Deps, "config" | "db" | "now" | "lang">,
  session: { token: string; user: { id: number; isAdmin: boolean; lang: Lang } },
  landing: { redirectTo?: unknown; home?: string },
  text: (m: AuthMessages) => string,
) {
  const { path, lang } = signInLanding(deps, session.user, landing.redirectTo, landing.home);
  const there = { ...deps, lang };
  const cookies = appCookies(deps.config);
  const pending: unknown = await cookies.pendingAdd.parse(request.headers.get("Cookie"));
  const add = pendingAdd(pending);
  const added = add && !session.user.isAdmin ? await addToCart(there, session.user.id, add.productId, add.quantity) : null;
  let toast = text(authMessages(there));
  if (added) toast = `${toast} ${added.notice ?? format(messagesFor(there).cart.added, { name: added.name })}`;
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(deps.config, session.token));
  headers.append("Set-Cookie", await rememberSignIn(request, deps, session.user.id));
  headers.append("Set-Cookie", await cookies.signup.serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await cookies.reset.serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await cookies.pendingAdd.serialize("", { maxAge: 0 }));
  return redirectWithFlash(there, path, { type: "success", text: toast }, { headers });
}

/** The product (and the quantity chosen on its page) a visitor pressed 'Add to Cart' for before signing in: an id, or [id, quantity]. */
function pendingAdd(value: unknown): { productId: number; quantity?: number } | null {
  if (Number.isSafeInteger(value)) return { productId: value as number };
  if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n) && n > 0)) return { productId: value[0], quantity: value[1] };
  return null;
}

/** The accounts this browser has signed in to before (a signed cookie, so it cannot be forged). */
export async function knownAccountIds(request: Request, deps: Pick<Deps, "config">): Promise<number[]> {
  const value: unknown = await appCookies(deps.config).knownAccounts.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** The cookie that remembers this browser (or API client) signed in to `userId`, with up to four accounts it knew before. */
export async function rememberSignIn(request: Request, deps: Pick<Deps, "config">, userId: number): Promise<string> {
  const known = await knownAccountIds(request, deps);
  return appCookies(deps.config).knownAccounts.serialize([userId, ...known.filter((id) => id !== userId)].slice(0, 5));
}

/** This browser's pending sign-up (set by the sign-up form) or password reset token, read by its code page. */
export async function readCodeCookie(request: Request, deps: Pick<Deps, "config">, purpose: "signup" | "reset"): Promise<string | null> {
  const value: unknown = await appCookies(deps.config)[purpose].parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

export const readSignupCookie = (request: Request, deps: Pick<Deps, "config">) => readCodeCookie(request, deps, "signup");

export function commitCodeCookie(deps: Pick<Deps, "config">, purpose: "signup" | "reset", token: string) {
  return appCookies(deps.config)[purpose].serialize(token);
}

export const commitSignupCookie = (deps: Pick<Deps, "config">, token: string) => commitCodeCookie(deps, "signup", token);

/**
 * A failed form action: a domain error's message in the page's language (with its status) shows above the form;
 * anything unexpected is logged and replaced by `fallback`.
 */
export function replyWithError(
  deps: Pick<Deps, "lang">,
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => SubmissionResult<string[]> },
  error: unknown,
  fallback: string,
  hideFields?: string[],
) {
  const known = error instanceof DomainError;
  if (!known) console.error(error);
  const headers = known && error.retryAfterSeconds ? { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) } : undefined;
  const text = known ? errorMessage(error, deps) : fallback;
  return data(submission.reply({ formErrors: [text], hideFields }), { status: known ? error.status : 500, headers });
}
