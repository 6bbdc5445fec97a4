import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { createSession } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import type { Deps } from "~/deps";
import { commitSessionCookie } from "~/web/credentials.server";
import { testDeps } from "./deps";
import { loadContext } from "./load-context";
import { readableForm } from "../../workers/request-guards";

/** The Cookie header of a fresh session of `userId` ("" signed out); sessions are only for verified accounts. */
export async function cookieOf(userId: number | null): Promise<string> {
  if (userId === null) return "";
  await env.DB.prepare("UPDATE users SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?").bind(Date.now(), userId).run();
  const token = await createSession(testDeps(), userId);
  return (await commitSessionCookie(getConfig(env), token)).split(";")[0];
}

type RouteFn = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown>;

/**
 * Runs a route's loader or action as the Worker would for the owner of `cookie`, at `now` (the injected clock), a
 * form post read by the Worker's guard first (within its page's cap): a Response (also one it threw, or the
 * guard's), or the `data()` an action answered with, as { status, body }.
 */
export async function runRoute(
  fn: RouteFn,
  path: string,
  options: { cookie?: string; now?: number; params?: Record<string, string>; init?: RequestInit; deps?: Partial<Deps> } = {},
) {
  const sent = new Request(`https://store.test${path}`, { ...options.init, headers: { Cookie: options.cookie ?? "", ...(options.init?.headers ?? {}) } });
  const form = await readableForm(sent);
  if (form instanceof Response) return form;
  const request = form.request;
  const context = { ...(await loadContext(request)), oversizedForm: form.oversized };
  if (options.now !== undefined) context.deps = { ...context.deps, now: () => options.now! };
  if (options.deps) context.deps = { ...context.deps, ...options.deps };
  try {
    const out = await fn({ request, context, params: options.params ?? {} });
    if (out instanceof Response) return out;
    const shaped = out as { type?: string; data?: unknown; init?: { status?: number } };
    return shaped?.type === "DataWithResponseInit" ? { status: shaped.init?.status ?? 200, body: shaped.data } : { status: 200, body: out };
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Where a redirect leads (its path), or its status. */
export const outcome = (answer: Response | { status: number }) =>
  answer instanceof Response && answer.status >= 300 && answer.status < 400
    ? `→ ${new URL(answer.headers.get("Location")!, "https://store.test").pathname}`
    : String(answer.status);
