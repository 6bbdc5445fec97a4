import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getCurrentUser } from "~/auth/current-user.server";
import { addToCart } from "~/cart/cart.server";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import { format, getMessages } from "~/i18n/messages";
import { redirectWithFlash } from "~/web/flash.server";

const addSchema = z.object({ productId: z.coerce.number().int().positive() });

/** Where the shopper pressed the button (same origin only), so they stay on that page. */
function backTo(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer) return "/products";
  const url = new URL(referer, request.url);
  return url.origin === new URL(request.url).origin ? url.pathname + url.search : "/products";
}

/** Adding to the cart needs a signed-in shopper; a visitor is sent to sign in first. Admins have no cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  const m = getMessages(getConfig(context.cloudflare.env).product);
  const current = await getCurrentUser(request, context);
  if (!current) return redirectWithFlash("/login", { type: "error", text: m.cart.loginToAdd });
  const parsed = addSchema.safeParse(Object.fromEntries(await request.formData()));
  const added = parsed.success && !current.user.isAdmin ? await addToCart(getDb(context.cloudflare.env), current.user.id, parsed.data.productId) : null;
  if (!added) return redirectWithFlash(backTo(request), { type: "error", text: m.cart.cannotAdd }, { status: 303 });
  return redirectWithFlash(backTo(request), { type: "success", text: format(m.cart.added, { name: added.name }) }, { status: 303 });
}
