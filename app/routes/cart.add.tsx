import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getConfig } from "~/config.server";
import { getMessages } from "~/i18n/messages";
import { redirectWithFlash } from "~/web/flash.server";

/** Adding to the cart needs a signed-in shopper; a visitor is sent to sign in first. */
export async function action({ context }: ActionFunctionArgs) {
  const m = getMessages(getConfig(context.cloudflare.env).product);
  return redirectWithFlash("/login", { type: "error", text: m.cart.loginToAdd });
}
