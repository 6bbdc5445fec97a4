import type { AppLoadContext } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import { getCart } from "~/cart/cart.server";
import { getMessages } from "~/i18n/messages";
import { redirectWithFlash } from "~/web/flash.server";
import { requireUser } from "~/auth/guards.server";
import { redirect } from "@remix-run/cloudflare";
import { tenDigitPhone } from "~/lib/phone";
import { splitName } from "./rules";

/** The checkout's guards: signed out → /login and empty cart → /cart, each with a toast; admin → / (no cart). */
export async function requireCheckout(request: Request, context: AppLoadContext, message: "loginToCheckout" | "loginToComplete") {
  const m = getMessages(context.config.product).shop.checkout;
  const user = await requireUser(request, context, m[message]);
  if (user.isAdmin) throw redirect("/");
  const lines = await getCart(context.db, user.id);
  if (lines.length === 0) throw await redirectWithFlash(context, "/cart", { type: "error", text: m.emptyCart });
  return { user, lines };
}

/** The form's first values: the profile's name split at the first space, its phone as 10 digits and address. */
export function shippingDefaults(user: User) {
  return { ...splitName(user.name), phone: tenDigitPhone(user.phone), address: user.address ?? "", city: "", state: "", zip: "" };
}

export function paymentDeps(context: AppLoadContext) {
  return { db: context.db, config: context.config, env: context.cloudflare.env };
}
