import { useRouteLoaderData } from "@remix-run/react";
import type { cartPreview } from "~/cart/cart.server";
import type { AppConfig } from "~/config.server";
import { langOfPath, localePath, type Lang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";
import type { Flash } from "./flash.server";
import type { Theme } from "./theme.server";

/**
 * Root loader data: configuration the pages need, the page's language and its catalogue (sent with the page, so
 * no language's strings are in the JavaScript; as JSON, read with `readMessages`), the theme, the visitor and any
 * flash message. Declared here
 * (and returned as this type by the root loader) so that components read it without importing the root
 * route, which imports them.
 */
export type SiteData = {
  site: Pick<AppConfig, "product" | "brand" | "supportEmail" | "supportPhone" | "whatsapp" | "socialHandle" | "features"> & { googleSignIn: boolean };
  lang: Lang;
  /**
   * The catalogue as JSON text: one string costs the page's data almost nothing to serialize, where the catalogue
   * as an object is a thousand strings, serialized anew for every page. Null when the browser has it already
   * (`catalogueFor`); read it with `messagesOf`.
   */
  messages: string | null;
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

/** Each catalogue's JSON text, written once per isolate (the catalogue objects are themselves built once). */
const written = new WeakMap<Messages, string>();

export function catalogueJson(messages: Messages): string {
  let json = written.get(messages);
  if (json === undefined) {
    json = JSON.stringify(messages);
    written.set(messages, json);
  }
  return json;
}

/** Read catalogues by their text: one per language (and fish name), parsed once. */
const read = new Map<string, Messages>();

export function readMessages(json: string): Messages {
  let messages = read.get(json);
  if (!messages) {
    messages = JSON.parse(json) as Messages;
    read.set(json, messages);
  }
  return messages;
}

/**
 * The catalogue for the root's data: its JSON text, or null for a client navigation's data (`dataRequest`, a
 * `.data` request: never rendered as a page) asked from a page of the same language (the Referer, sent by the
 * browser on the store's own requests): that page came with it, and `messagesOf` kept it. A page, or data for
 * the other language, carries it.
 */
export function catalogueFor(request: Request, messages: Messages, lang: Lang, dataRequest: boolean): string | null {
  const referer = refererOf(request);
  const held = dataRequest && referer?.origin === new URL(request.url).origin && langOfPath(referer.pathname) === lang;
  return held ? null : catalogueJson(messages);
}

function refererOf(request: Request): URL | null {
  try {
    return new URL(request.headers.get("Referer") ?? "");
  } catch {
    return null;
  }
}

/** The catalogues this browser has been sent, by language (on the server, the isolate's own). */
const held = new Map<Lang, Messages>();

/** The catalogue of the root's data: the one it carries, else the one of its language received before. */
export function messagesOf(root: Pick<SiteData, "lang" | "messages">): Messages {
  if (root.messages === null) {
    const messages = held.get(root.lang);
    if (!messages) throw new Error(`No ${root.lang} catalogue: the first page in a language comes with it`);
    return messages;
  }
  const messages = readMessages(root.messages);
  held.set(root.lang, messages);
  return messages;
}

export function useMessages(): Messages {
  return messagesOf(useSite());
}

/** The page's language, and `path` (an English path) as a link in it: `l("/products")` is `/te/products` in Telugu. */
export function useLang() {
  const { lang } = useSite();
  return { lang, l: (path: string) => localePath(lang, path) };
}
