import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { cartPreview } from "~/cart/cart.server";
import type { AppConfig } from "~/config.server";
import { getMessages } from "~/i18n/messages";
import type { Flash } from "./flash.server";
import type { Theme } from "./theme.server";

/**
 * Root loader data: configuration the pages need, the theme, the visitor and any flash message. Declared here
 * (and returned as this type by the root loader) so that components read it without importing the root
 * route, which imports them.
 */
export type SiteData = {
  site: Pick<AppConfig, "product" | "brand" | "supportEmail" | "supportPhone" | "whatsapp" | "socialHandle" | "features"> & { googleSignIn: boolean };
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

export function useMessages() {
  const { site } = useSite();
  return useMemo(() => getMessages(site.product), [site.product]);
}
