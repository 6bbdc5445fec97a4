import { redirect } from "@remix-run/cloudflare";
import { localePath } from "~/i18n/lang";
import { z } from "zod";
import type { Deps } from "~/deps";
import { appCookies, COOKIE_NAMES, parseCookieHeader } from "./cookies.server";
import { safeRedirect } from "./safe-redirect";

/**
 * One-shot messages carried across a redirect. With JavaScript they show as toasts;
 * without it, as a message on the next page. The cookie is signed, so nobody can put words in a toast.
 */
const flashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  text: z.string().min(1).max(300),
});
export type Flash = z.infer<typeof flashSchema>;

export async function readFlash(request: Request, deps: Pick<Deps, "config">): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = appCookies(deps.config).flash;
  const header = request.headers.get("Cookie");
  const raw: unknown = await cookie.parse(header);
  const present = header !== null && COOKIE_NAMES.flash in parseCookieHeader(header);
  if (raw === null || raw === undefined || raw === false) {
    return { flash: null, clear: present ? await cookie.serialize("", { maxAge: 0 }) : null };
  }
  const parsed = flashSchema.safeParse(raw);
  return { flash: parsed.success ? parsed.data : null, clear: await cookie.serialize("", { maxAge: 0 }) };
}

/** A redirect (to a same-origin path only) that shows `flash` on the next page. */
export async function redirectWithFlash(deps: Pick<Deps, "config" | "lang">, to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await appCookies(deps.config).flash.serialize(flash));
  return redirect(localePath(deps.lang, safeRedirect(to)), { ...init, headers });
}

/**
 * A 303 to the payment gateway's page: the link's address the gateway gave us (another origin, or the
 * sandbox's on ours), never one from the request, with `flash` (if any) shown on the store's next page.
 */
export async function redirectToGateway(deps: Pick<Deps, "config">, url: string, flash: Flash | null) {
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", await appCookies(deps.config).flash.serialize(flash));
  return redirect(url, { status: 303, headers });
}
