import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import type { Deps } from "~/deps";
import { errorMessage } from "~/i18n/texts";
import { DomainError } from "~/lib/errors";

/**
 * The one way a page turns a failure into words. A domain error is the visitor's to read: its message in the
 * page's language, with its HTTP status (and Retry-After when it has one). Anything else (the database, a bug) is
 * logged and shown as the page's own failure text, `fallback`, with 500: internals never reach the page.
 */
export function failureOf(error: unknown, deps: Pick<Deps, "lang">, fallback: string): { text: string; status: number; headers?: HeadersInit } {
  if (error instanceof DomainError) {
    const headers = error.retryAfterSeconds ? { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) } : undefined;
    return { text: errorMessage(error, deps), status: error.status, headers };
  }
  console.error(error);
  return { text: fallback, status: 500 };
}

/** A form action's failure above its form (`failureOf`), the fields in `hideFields` emptied. */
export function replyWithError(
  deps: Pick<Deps, "lang">,
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => SubmissionResult<string[]> },
  error: unknown,
  fallback: string,
  hideFields?: string[],
) {
  const { text, status, headers } = failureOf(error, deps, fallback);
  return data(submission.reply({ formErrors: [text], hideFields }), { status, headers });
}

/** What a page's loader throws when its data could not be loaded: the page's ErrorBoundary shows `failed`. */
export type PageFailure = { failed: string };

/**
 * A page's data. Redirects, the 404 page and domain errors pass through as they are; any other failure is logged
 * and becomes the page's own failure text (`fallback`, in the page's language), which its ErrorBoundary shows
 * with a way to try again, instead of the site-wide error page.
 */
export async function loadPage<T>(fallback: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response || error instanceof DomainError) throw error;
    console.error(error);
    throw data<PageFailure>({ failed: fallback }, { status: 500 });
  }
}
