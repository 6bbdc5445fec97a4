import { redirect } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import type { Deps } from "~/deps";
import { guardMessages } from "~/i18n/account.messages";
import { langOfPath, localePath } from "~/i18n/lang";
import { NotFoundError } from "~/lib/errors";
import { sectionsFor } from "~/i18n/texts";
import { readSessionToken } from "./credentials.server";
import { redirectWithFlash } from "./flash.server";
import { safeRedirect, sameOriginReferer } from "./safe-redirect";

/** Where to come back to after signing in: the page itself, or for a form post the page it was sent from. */
function returnPath(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return sameOriginReferer(request, "/");
  const url = new URL(request.url);
  // A client-side navigation asks for `/page.data`; the page to come back to is `/page`.
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_data");
  return safeRedirect(pathname + url.search);
}

/** The sign-in page, in the language of the page that asked, coming back to it after. */
export function loginUrl(request: Request) {
  return localePath(langOfPath(new URL(request.url).pathname), `/login?redirectTo=${encodeURIComponent(returnPath(request))}`);
}

/**
 * The signed-in user, or a redirect to /login (with the return path and `message` as a toast).
 * Loaders and actions of personal pages start with it.
 */
export async function requireUser(request: Request, deps: Pick<Deps, "user" | "config" | "lang">, message?: string): Promise<User> {
  if (deps.user) return deps.user;
  // A browser still carrying a genuine session cookie whose session ended (expired, signed out elsewhere, a new
  // password) is told so, rather than asked to log in as if it never had.
  if (message && (await readSessionToken(request, deps.config))) {
    throw await redirectWithFlash(deps, loginUrl(request), { type: "error", text: sectionsFor(deps).account.sessionEnded });
  }
  if (message) throw await redirectWithFlash(deps, loginUrl(request), { type: "error", text: message });
  throw redirect(loginUrl(request));
}

/** An admin, or: signed out → /login ('Please login to access admin dashboard'); not an admin → / ('Access denied…'). */
export async function requireAdmin(request: Request, deps: Pick<Deps, "user" | "config" | "lang">): Promise<User> {
  const m = guardMessages;
  const user = await requireUser(request, deps, m.loginForAdmin);
  if (!user.isAdmin) throw await redirectWithFlash(deps, "/", { type: "error", text: m.accessDenied });
  return user;
}

/** Sign-in pages make no sense to someone already signed in. */
export function requireAnonymous(deps: Pick<Deps, "user" | "lang">) {
  if (deps.user) throw redirect(localePath(deps.lang, "/"));
}

/** A page's answer to what the domain does not find (or will not show this user): the plain 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
