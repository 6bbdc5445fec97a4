import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { getMessages } from "~/i18n/messages";
import { DomainError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { safeRedirect } from "~/web/safe-redirect";
import { commitSessionCookie } from "./session.server";

export function authMessages(context: AppLoadContext) {
  return getMessages(context.config.product).auth;
}

/** Sets the session cookie and goes on with a toast. */
export async function signedInRedirect(context: AppLoadContext, token: string, to: unknown, text: string) {
  return redirectWithFlash(context, safeRedirect(to), { type: "success", text }, { headers: { "Set-Cookie": await commitSessionCookie(context.config, token) } });
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
