import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { format, getMessages } from "~/i18n/messages";
import { redirectWithFlash } from "~/web/flash.server";
import { appCookies } from "~/web/cookies.server";
import { safeRedirect, sameOriginReferer } from "~/web/safe-redirect";
import { clearCart, setCartQuantity } from "./cart.server";
import type { User } from "~/db/schema";
import { redirect } from "@remix-run/cloudflare";

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const cartActionSchema = z.discriminatedUnion("intent", [
  // − and + send the line's new quantity (so a double click cannot count twice); 0 removes the line.
  z.object({ intent: z.literal("set"), productId: id, quantity: z.coerce.number().int().min(0).max(1000) }),
  z.object({ intent: z.literal("remove"), productId: id }),
  z.object({ intent: z.literal("clear") }),
]);

/** Every cart form posts here and is sent back to /cart (a replace, so fetchers do not pile up history). */
export async function handleCartAction(request: Request, context: AppLoadContext, user: User) {
  const m = getMessages(context.config.product).shop.cart;
  const back = { status: 303, headers: { "X-Remix-Replace": "true" } };
  const parsed = cartActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || user.isAdmin) return redirect("/cart", back);
  const input = parsed.data;
  if (input.intent === "clear") {
    await clearCart(context.db, user.id);
    return redirectWithFlash(context, "/cart", { type: "success", text: m.cleared }, back);
  }
  const result = await setCartQuantity(context.db, user.id, input.productId, input.intent === "remove" ? 0 : input.quantity);
  if (result.kind === "capped") {
    const [row] = await context.db.$client.prepare("SELECT name FROM products WHERE id = ?").bind(input.productId).all<{ name: string }>().then((r) => r.results);
    return redirectWithFlash(context, "/cart", { type: "error", text: format(m.maxStock, { n: result.quantity, name: row?.name ?? "" }) }, back);
  }
  return redirect("/cart", back);
}

/** Closing the floating summary: a browser-session cookie, then back to the page it was closed on. */
export async function closeCartSummary(request: Request, context: AppLoadContext) {
  const to = safeRedirect(sameOriginReferer(request, "/"));
  return redirect(to, { status: 303, headers: { "Set-Cookie": await appCookies(context.config).cartSummaryClosed.serialize("1"), "X-Remix-Replace": "true" } });
}

export async function isCartSummaryClosed(request: Request, context: AppLoadContext) {
  return (await appCookies(context.config).cartSummaryClosed.parse(request.headers.get("Cookie"))) === "1";
}
