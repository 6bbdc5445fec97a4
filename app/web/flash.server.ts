import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";

/**
 * One-shot messages carried across a redirect (the toasts of the spec). With JavaScript they show as toasts;
 * without it, as a message on the next page. A request carrying this cookie skips the edge cache.
 */
const flashSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  text: z.string().min(1).max(300),
});
export type Flash = z.infer<typeof flashSchema>;

const flashCookie = createCookie("__flash", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 });

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const raw: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { flash: null, clear: null };
  const parsed = flashSchema.safeParse(raw);
  const clear = await flashCookie.serialize("", { maxAge: 0 });
  return { flash: parsed.success ? parsed.data : null, clear };
}

export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie.serialize(flash));
  return redirect(to, { ...init, headers });
}

/** Only same-site paths are allowed as redirect targets (no open redirects). */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
