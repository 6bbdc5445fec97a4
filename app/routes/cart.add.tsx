import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { addToCart } from "~/cart/cart.server";
import { format } from "~/i18n/format";
import { messagesFor } from "~/i18n/texts";
import { appCookies } from "~/web/cookies.server";
import { redirectWithFlash } from "~/web/flash.server";
import { loginUrl } from "~/web/guards.server";
import { sameOriginReferer } from "~/web/safe-redirect";

// `quantity` comes from a product page's choice; a card's button sends none (the minimum, or one more).
const addSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
  quantity: z.coerce.number().int().min(1).max(1000).optional(),
});

/**
 * Adding to the cart needs a signed-in shopper: a visitor is sent to sign in first, and the product (with the
 * quantity chosen) is remembered (a signed cookie) and added once they have. Admins have no cart.
 */
export async function action({ request, context: { deps } }: ActionFunctionArgs) {
  const m = messagesFor(deps);
  const parsed = addSchema.safeParse(Object.fromEntries(await request.formData()));
  const user = deps.user;
  if (!user) {
    const pending = parsed.success ? (parsed.data.quantity ? [parsed.data.productId, parsed.data.quantity] : parsed.data.productId) : null;
    const headers = pending ? { "Set-Cookie": await appCookies(deps.config).pendingAdd.serialize(pending) } : undefined;
    return redirectWithFlash(deps, loginUrl(request), { type: "error", text: m.cart.loginToAdd }, { headers });
  }
  // Where the shopper pressed the button (same origin only), so they stay on that page.
  const back = sameOriginReferer(request, "/products");
  const added = parsed.success && !user.isAdmin ? await addToCart(deps, user.id, parsed.data.productId, parsed.data.quantity) : null;
  if (!added) return redirectWithFlash(deps, back, { type: "error", text: m.cart.cannotAdd }, { status: 303 });
  // At the most one order may take, or all that is left: said instead of "added", which it was not.
  if (added.notice) return redirectWithFlash(deps, back, { type: "error", text: added.notice }, { status: 303 });
  return redirectWithFlash(deps, back, { type: "success", text: format(m.cart.added, { name: added.name }) }, { status: 303 });
}
