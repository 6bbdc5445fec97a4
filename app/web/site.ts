import { useRouteLoaderData } from "@remix-run/react";
import type { cartPreview } from "~/cart/cart.server";
import type { AppConfig } from "~/config.server";
import { localePath, type Lang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";
import type { Flash } from "./flash.server";
import type { Theme } from "./theme.server";

/**
 * Root loader data: configuration the pages need, the page's language and its catalogue (sent with the page, so
 * no language's strings are in the JavaScript), the theme, the visitor and any flash message. Declared here
 * (and returned as this type by the root loader) so that components read it without importing the root
 * route, which imports them.
 */
export type SiteData = {
  site: Pick<AppConfig, "product" | "brand" | "supportEmail" | "supportPhone" | "whatsapp" | "socialHandle" | "features"> & { googleSignIn: boolean };
  lang: Lang;
  messages: Messages;
  /** The store's origin, for absolute links (canonical and alternate pages). */
  origin: string;
  theme: Theme;
  flash: Flash | null;
  user: { name: string; isAdmin: boolean } | null;
  cartCount: number;
  cartPreview: Awaited<ReturnType<typeof cartPreview>> | null;
  unreadNotifications: number;
};

export function useSite() {
  const data = useRouteLoaderData<SiteData>("root");
  if (!data) throw new Error("useSite must be used below the root route");
  return data;
}

export function useMessages(): Messages {
  return useSite().messages;
}

/** The page's language, and `path` (an English path) as a link in it: `l("/products")` is `/te/products` in Telugu. */
export function useLang() {
  const { lang } = useSite();
  return { lang, l: (path: string) => localePath(lang, path) };
}
