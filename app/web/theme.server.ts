import { z } from "zod";
import { themeCookie } from "./cookies.server";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const themeSchema = z.object({
  theme: z.enum(themes),
  redirectTo: z.string().optional(),
});

/**
 * The visitor's theme; without a choice (or with an unreadable one), "system": light unless the phone or computer
 * asks for dark, which a first visit at night should not have to find in a menu.
 */
export async function readTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return themes.includes(value as Theme) ? (value as Theme) : "system";
}

export function serializeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}
