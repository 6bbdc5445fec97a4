import { env } from "cloudflare:workers";
import { getDb } from "~/db/client.server";
import { readFlash } from "~/web/flash.server";
import { loadContext } from "./load-context";
import { testDeps } from "./deps";

/**
 * A page request as the Worker makes it, signed in as `userId` (or signed out with null): the arguments a
 * route's loader or action takes. With `form`, a POST of those fields.
 */
export async function asUser(userId: number | null, path: string, form?: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`https://store.test${path}`, form ? { method: "POST", body: new URLSearchParams(form) } : undefined);
  const context = await loadContext(request);
  context.deps.user = userId === null ? null : ((await getDb(env).query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) })) ?? null);
  return { request, context, params };
}

/** A form's answer that is not a redirect: its status and conform's reply (field errors by name, form errors under ""). */
export type Reply = { init: { status: number } | null; data: { error?: Record<string, string[] | null> } };

/** The toast a redirect carries (its signed flash cookie, read back as the next page would). */
export async function flashOf(res: Response) {
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  const { flash } = await readFlash(new Request("https://store.test/", { headers: { Cookie: cookie } }), testDeps());
  return flash;
}
