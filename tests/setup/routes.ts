import { env } from "cloudflare:workers";
import { createSession } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import { commitSessionCookie } from "~/web/credentials.server";
import { readFlash, type Flash } from "~/web/flash.server";
import { testDeps } from "./deps";
import { loadContext } from "./load-context";

/** The Cookie header of a live session of `userId`, as a signed-in browser sends it. */
export async function sessionCookie(userId: number): Promise<string> {
  const token = await createSession(testDeps(), userId);
  return (await commitSessionCookie(getConfig(env), token)).split(";")[0];
}

type RouteFn = (args: { request: Request; context: Awaited<ReturnType<typeof loadContext>>; params: Record<string, string> }) => Promise<unknown>;

/**
 * A page's loader or action called as the Worker calls it (a GET, or a plain form post without JavaScript):
 * its status, where a redirect goes, and the body of a `data()` answer.
 */
export async function callRoute(
  fn: RouteFn,
  path: string,
  options: {
    cookie?: string;
    form?: Record<string, string>;
    params?: Record<string, string>;
    headers?: Record<string, string>;
    env?: Record<string, unknown>;
  } = {},
): Promise<RouteAnswer> {
  const request = new Request(`https://store.test${path}`, {
    method: options.form ? "POST" : "GET",
    headers: {
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...options.headers,
    },
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  let out: unknown;
  try {
    out = await fn({ request, context: await loadContext(request, options.env), params: options.params ?? {} });
  } catch (thrown) {
    // A thrown Response (a redirect, the 404) or a thrown `data()` (a page's failure for its ErrorBoundary).
    if (!(thrown instanceof Response) && (thrown as { type?: string } | null)?.type !== "DataWithResponseInit") throw thrown;
    out = thrown;
  }
  if (out instanceof Response) {
    const location = out.headers.get("Location");
    return { status: out.status, location, body: location ? null : await out.text(), cookies: out.headers.getSetCookie() };
  }
  // `data(body, init)` from Remix: a plain value with its init beside it.
  const single = out as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (single && single.type === "DataWithResponseInit") {
    const cookies = new Headers(single.init?.headers).getSetCookie();
    return { status: single.init?.status ?? 200, location: null, body: single.data, cookies };
  }
  return { status: 200, location: null, body: out, cookies: [] };
}

export type RouteAnswer = { status: number; location: string | null; body: unknown; cookies: string[] };

/** The toast an answer leaves for the next page (its signed flash cookie, read as the next page reads it). */
export async function flashOf(answer: RouteAnswer): Promise<Flash | null> {
  const cookie = answer.cookies.map((c) => c.split(";")[0]).join("; ");
  return (await readFlash(new Request("https://store.test/", { headers: { Cookie: cookie } }), testDeps())).flash;
}
