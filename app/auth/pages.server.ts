import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { getMessages } from "~/i18n/messages";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { safeRedirect } from "~/web/safe-redirect";
import { appCookies } from "~/web/cookies.server";
import { commitSessionCookie } from "./session.server";

export function authMessages(context: AppLoadContext) {
  return getMessages(context.config.product).auth;
}

/**
 * Sets the session cookie, remembers in this browser that it signed in to `userId` (so the per-account login
 * limit never locks it out), ends any pending sign-up, and goes on with a toast.
 */
export async function signedInRedirect(request: Request, context: AppLoadContext, session: { token: string; user: { id: number } }, to: unknown, text: string) {
  const cookies = appCookies(context.config);
  const known = await knownAccountIds(request, context);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSessionCookie(context.config, session.token));
  headers.append("Set-Cookie", await cookies.knownAccounts.serialize([session.user.id, ...known.filter((id) => id !== session.user.id)].slice(0, 5)));
  headers.append("Set-Cookie", await cookies.signup.serialize("", { maxAge: 0 }));
  return redirectWithFlash(context, safeRedirect(to), { type: "success", text }, { headers });
}

/** The accounts this browser has signed in to before (a signed cookie, so it cannot be forged). */
export async function knownAccountIds(request: Request, context: AppLoadContext): Promise<number[]> {
  const value: unknown = await appCookies(context.config).knownAccounts.parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** This browser's pending sign-up token (set by the sign-up form, read by the code page). */
export async function readSignupCookie(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await appCookies(context.config).signup.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
}

export function commitSignupCookie(context: AppLoadContext, token: string) {
  return appCookies(context.config).signup.serialize(token);
}

/**
 * A failed form action: a domain error's message (with its status) shows above the form; anything unexpected
 * is logged and replaced by `fallback`.
 */
export function replyWithError(
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => SubmissionResult<string[]> },
  error: unknown,
  fallback: string,
  hideFields?: string[],
) {
  const known = error instanceof DomainError;
  if (!known) console.error(error);
  const headers = known && error.retryAfterSeconds ? { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) } : undefined;
  return data(submission.reply({ formErrors: [known ? error.message : fallback], hideFields }), { status: known ? error.status : 500, headers });
}
