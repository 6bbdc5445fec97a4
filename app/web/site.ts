import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { getMessages } from "~/i18n/messages";
import type { loader as rootLoader } from "~/root";

/** Root loader data: configuration the pages need, the theme, the visitor and any flash message. */
export function useSite() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useSite must be used below the root route");
  return data;
}

export function useMessages() {
  const { site } = useSite();
  return useMemo(() => getMessages(site.product), [site.product]);
}
