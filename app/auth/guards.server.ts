import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import { ForbiddenError, UnauthorizedError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { safeRedirect, sameOriginReferer } from "~/web/safe-redirect";
import { bearerToken, findSessionUser, readApiToken } from "./session.server";
import { guardMessages } from "~/i18n/account.messages";

/** Where to come back to after signing in: the page itself, or for a form post the page it was sent from. */
function returnPath(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return sameOriginReferer(request, "/");
  const url = new URL(request.url);
  // A client-side navigation asks for `/page.data`; the page to come back to is `/page`.
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_data");
  return safeRedirect(pathname + url.search);
}

export function loginUrl(request: Request) {
  return `/login?redirectTo=${encodeURIComponent(returnPath(request))}`;
}

/**
 * The signed-in user, or a redirect to /login (with the return path and `message` as a toast).
 * Loaders and actions of personal pages start with it.
 */
export async function requireUser(request: Request, context: AppLoadContext, message?: string): Promise<User> {
  if (context.user) return context.user;
  if (message) throw await redirectWithFlash(context, loginUrl(request), { type: "error", text: message });
  throw redirect(loginUrl(request));
}

/** An admin, or: signed out → /login ('Please login to access admin dashboard'); not an admin → / ('Access denied…'). */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<User> {
  const m = guardMessages;
  const user = await requireUser(request, context, m.loginForAdmin);
  if (!user.isAdmin) throw await redirectWithFlash(context, "/", { type: "error", text: m.accessDenied });
  return user;
}

/** Sign-in pages make no sense to someone already signed in. */
export function requireAnonymous(context: AppLoadContext) {
  if (context.user) throw redirect("/");
}

/**
 * The user behind a JSON API request: a Bearer token (the `tokens.jwtToken` the auth API answers) naming a live session,
 * else the session cookie. Throws UnauthorizedError (401) otherwise.
 */
export async function requireApiUser(request: Request, context: AppLoadContext): Promise<{ user: User; sessionToken: string }> {
  const jwt = bearerToken(request);
  if (jwt) {
    const claims = await readApiToken(context.config, jwt);
    const user = claims ? await findSessionUser(context.db, claims.sessionToken) : null;
    if (!claims || !user) throw new UnauthorizedError("Invalid or expired token");
    return { user, sessionToken: claims.sessionToken };
  }
  if (context.user && context.sessionToken) return { user: context.user, sessionToken: context.sessionToken };
  throw new UnauthorizedError("Authentication required");
}

/** An admin behind a JSON API request, else 401 / 403. */
export async function requireApiAdmin(request: Request, context: AppLoadContext): Promise<User> {
  const { user } = await requireApiUser(request, context);
  if (!user.isAdmin) throw new ForbiddenError(guardMessages.accessDenied);
  return user;
}
