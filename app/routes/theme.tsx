import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { localePath } from "~/i18n/lang";
import { safeRedirect } from "~/web/safe-redirect";
import { serializeTheme, themeSchema } from "~/web/theme.server";

export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const parsed = themeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose Light, Dark or System." }, { status: 400 });
  const headers = { "Set-Cookie": await serializeTheme(parsed.data.theme) };
  // A fetcher (JavaScript) needs no navigation; a plain form goes back to the page it came from, in its language.
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode === null || mode === "navigate") {
    return redirect(localePath(deps.lang, safeRedirect(parsed.data.redirectTo)), { headers });
  }
  return data({ ok: true }, { headers });
}
