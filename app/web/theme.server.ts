import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const themeSchema = z.object({
  theme: z.enum(themes),
  redirectTo: z.string().optional(),
});

/** Not signed: it only picks colours. A year, so the choice sticks. */
const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
  encode: (v) => v,
  decode: (v) => v,
});

export async function readTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return themes.includes(value as Theme) ? (value as Theme) : "light";
}

export function serializeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}
