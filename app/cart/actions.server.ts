import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { format, getMessages } from "~/i18n/messages";
import type { Flash } from "~/web/flash.server";
import { appCookies } from "~/web/cookies.server";
import { safeRedirect, sameOriginReferer } from "~/web/safe-redirect";
import { clearCart, setCartQuantity } from "./cart.server";
import type { User } from "~/db/schema";
import { data, redirect } from "@remix-run/cloudflare";

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const cartActionSchema = z.discriminatedUnion("intent", [
  // − and + send the line's new quantity (so a double click cannot count twice); 0 removes the line.
  z.object({ intent: z.literal("set"), productId: id, quantity: z.coerce.number().int().min(0).max(1000) }),
  z.object({ intent: z.literal("remove"), productId: id }),
  z.object({ intent: z.literal("clear") }),
]);

/**
 * Every cart form posts here. A plain form post (no JavaScript) is sent back to /cart; a fetcher (the form
 * carries `js=1`, rendered only once hydrated) gets a small answer instead, and Remix revalidates the page
 * and the header count itself: redirects from several quick fetchers would abort each other's reloads.
 * A message (stock cap, cleared) travels in the flash cookie either way, so the toast shows in both.
 */
export async function handleCartAction(request: Request, context: AppLoadContext, user: User) {
  const m = getMessages(context.config.product).shop.cart;
  const form = Object.fromEntries(await request.formData());
  const viaFetcher = form.js === "1";
  const answer = async (flash?: Flash) => {
    const headers = new Headers();
    if (flash) headers.append("Set-Cookie", await appCookies(context.config).flash.serialize(flash));
    if (viaFetcher) return data({ ok: true }, { headers });
    headers.set("Location", "/cart");
    return new Response(null, { status: 303, headers });
  };
  const parsed = cartActionSchema.safeParse(form);
  if (!parsed.success || user.isAdmin) return answer();
  const input = parsed.data;
  if (input.intent === "clear") {
    await clearCart(context.db, user.id);
    return answer({ type: "success", text: m.cleared });
  }
  const result = await setCartQuantity(context.db, user.id, input.productId, input.intent === "remove" ? 0 : input.quantity);
  if (result.kind === "capped") {
    const rows = await context.db.$client.prepare("SELECT name FROM products WHERE id = ?").bind(input.productId).all<{ name: string }>();
    return answer({ type: "error", text: format(m.maxStock, { n: result.quantity, name: rows.results[0]?.name ?? "" }) });
  }
  return answer();
}

/** Closing the floating summary: a browser-session cookie, then back to the page it was closed on. */
export async function closeCartSummary(request: Request, context: AppLoadContext) {
  const cookie = await appCookies(context.config).cartSummaryClosed.serialize("1");
  if ((await request.formData()).get("js") === "1") return data({ ok: true }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(sameOriginReferer(request, "/")), { status: 303, headers: { "Set-Cookie": cookie } });
}

export async function isCartSummaryClosed(request: Request, context: AppLoadContext) {
  return (await appCookies(context.config).cartSummaryClosed.parse(request.headers.get("Cookie"))) === "1";
}
