import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { cartPreview } from "~/cart/cart.server";
import type { AppConfig } from "~/config.server";
import { langOfPath, localePath, sentFromPageIn, type Lang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";
import type { Flash } from "./flash.server";
import type { Theme } from "./theme.server";

/**
 * Root loader data: configuration the pages need, the page's language and its catalogue (a file of its own for a
 * page, with the data of a client navigation into the other language: no language's strings are in the
 * JavaScript), the theme, the visitor and any flash message. Declared here
 * (and returned as this type by the root loader) so that components read it without importing the root
 * route, which imports them.
 */
export type SiteData = {
  site: Pick<AppConfig, "product" | "brand" | "supportEmail" | "supportPhone" | "whatsapp" | "socialHandle" | "features"> & { googleSignIn: boolean };
  lang: Lang;
  /**
   * The catalogue as JSON text: one string costs the page's data almost nothing to serialize, where the catalogue
   * as an object is a thousand strings, serialized anew for every page. Null when the browser has it already or
   * fetches it from `catalogue` before it hydrates (`textsFor`); read it with `messagesOf`.
   */
  messages: string | null;
  /** The address of the page language's catalogue, a file cached for good (its name changes with its text). */
  texts: string;
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

export function textsJson(messages: Messages): string {
  let json = written.get(messages);
  if (json === undefined) {
    json = JSON.stringify(messages);
    written.set(messages, json);
  }
  return json;
}

const hashes = new WeakMap<Messages, string>();

/** FNV-1a over the catalogue's text, once per catalogue: its file's name changes whenever a word of it does. */
function textsHash(messages: Messages): string {
  let hash = hashes.get(messages);
  if (hash === undefined) {
    const text = textsJson(messages);
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    hash = (h >>> 0).toString(16).padStart(8, "0");
    hashes.set(messages, hash);
  }
  return hash;
}

const CATALOGUE_FILE = /^(en|te)\.([0-9a-f]{8})\.json$/;

/** Where the browser fetches a catalogue from: `/texts/{lang}.{hash}.json`. */
export function textsUrl(messages: Messages, lang: Lang): string {
  return `/texts/${lang}.${textsHash(messages)}.json`;
}

/** The language and text hash a catalogue file's name asks for, or null for a name that is not one. */
export function parseTextsFile(name: string): { lang: Lang; hash: string } | null {
  const match = CATALOGUE_FILE.exec(name);
  return match ? { lang: match[1] as Lang, hash: match[2] } : null;
}

export function isCurrentTexts(messages: Messages, hash: string): boolean {
  return textsHash(messages) === hash;
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

/** The catalogues this browser has been sent, by language (on the server, the isolate's own). */
const held = new Map<Lang, Messages>();

/**
 * The catalogue for the root's data: its JSON text, or null when the browser has it or will:
 * - a page: the browser fetches its catalogue file before it hydrates (`holdPageTexts`), so the page is
 *   smaller by the whole catalogue and the file is fetched once for every page after it; the server renders the
 *   page from its own copy;
 * - a client navigation's data (`dataRequest`, a `.data` request) asked from a page of the same language (the
 *   Referer, sent by the browser on the store's own requests): that page's catalogue is held.
 * Data for a page in the other language carries it.
 */
export function textsFor(request: Request, messages: Messages, lang: Lang, dataRequest: boolean): string | null {
  if (!dataRequest) {
    held.set(lang, messages);
    return null;
  }
  return sentFromPageIn(request, lang) ? null : textsJson(messages);
}

declare global {
  interface Window {
    /** The page's catalogue, fetched by the inline script that starts the page's modules. */
    __texts?: Promise<unknown>;
  }
}

/** Fetches the page's catalogue (`<html data-texts>`) and holds it for its language, before hydrating. */
export async function holdPageTexts(): Promise<void> {
  const root = document.documentElement;
  const url = root.dataset.texts;
  if (!url) return;
  const messages = await (window.__texts ??
    fetch(url, { credentials: "omit" }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${url}: ${r.status}`)))));
  held.set(langOfPath(window.location.pathname), messages as Messages);
}

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

/**
 * The page's language, and `path` (an English path) as a link in it: `l("/products")` is `/te/products` in Telugu.
 * Without the root's data (an error page after an action threw, when loaders do not run) the path tells it.
 */
export function useLang() {
  const root = useRouteLoaderData<SiteData>("root");
  const { pathname } = useLocation();
  const lang = root?.lang ?? langOfPath(pathname);
  return { lang, l: (path: string) => localePath(lang, path) };
}
