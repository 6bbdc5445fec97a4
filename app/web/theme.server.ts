import { z } from "zod";
import { readCookie } from "./cookies";

export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const themeSchema = z.object({
  theme: z.enum(themes),
  redirectTo: z.string().optional(),
});

/**
 * A plain (unsigned) cookie: it only picks colours, and the Worker's edge cache reads the same raw value to
 * keep one cached copy per theme. Kept a year, so the choice sticks.
 */
export const THEME_COOKIE = "theme";

export function readTheme(request: Request): Theme {
  const value = readCookie(request, THEME_COOKIE);
  return themes.includes(value as Theme) ? (value as Theme) : "light";
}

export function serializeTheme(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
