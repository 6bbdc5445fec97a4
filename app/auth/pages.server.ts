import type { AppLoadContext } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { getConfig } from "~/config.server";
import { getMessages } from "~/i18n/messages";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash, safeRedirectPath } from "~/web/flash.server";
import { getCurrentUser } from "./current-user.server";
import { commitSessionCookie } from "./session.server";

export function authMessages(context: AppLoadContext) {
  return getMessages(getConfig(context.cloudflare.env).product).auth;
}

/** Sets the session cookie and goes on with a toast. */
export async function signedInRedirect(context: AppLoadContext, token: string, to: unknown, text: string) {
  const config = getConfig(context.cloudflare.env);
  return redirectWithFlash(safeRedirectPath(to), { type: "success", text }, { headers: { "Set-Cookie": await commitSessionCookie(config, token) } });
}

/** Sign-in pages make no sense to someone already signed in. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext) {
  if (await getCurrentUser(request, context)) throw redirect("/");
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
