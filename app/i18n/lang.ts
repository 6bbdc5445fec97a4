/** The shop's languages: English at the plain paths, Telugu under `/te`. */
export const LANGS = ["en", "te"] as const;
export type Lang = (typeof LANGS)[number];

/** Telugu paths: `/te`, `/te/...`, and the data requests of the Telugu home page (`/te.data`). */
const TELUGU_PATH = /^\/te(?:\/|\.data$|$)/;

/** The language a path is in. */
export function langOfPath(pathname: string): Lang {
  return TELUGU_PATH.test(pathname) ? "te" : "en";
}

/**
 * The path of a page asked for with its `/te` prefix in capitals or percent-encoded (`/TE/products`,
 * `/%74e/products`): routes match it, but the language is read from the plain prefix, so such a path would render
 * (and cache) the English page. Null for any other path.
 */
export function plainTeluguPath(pathname: string): string | null {
  const slash = pathname.indexOf("/", 1);
  const first = slash === -1 ? pathname.slice(1) : pathname.slice(1, slash);
  let plain: string;
  try {
    plain = decodeURIComponent(first).toLowerCase();
  } catch {
    return null;
  }
  if ((plain !== "te" && plain !== "te.data") || first === plain) return null;
  return `/${plain}${slash === -1 ? "" : pathname.slice(slash)}`;
}

/** Whether `request` was sent from a page of the store in `lang`: its Referer is of the same origin and language. */
export function sentFromPageIn(request: Request, lang: Lang): boolean {
  try {
    const referer = new URL(request.headers.get("Referer") ?? "");
    return referer.origin === new URL(request.url).origin && langOfPath(referer.pathname) === lang;
  } catch {
    return false;
  }
}

/** The path of an English page (`/products`) in `lang`: `/te/products` in Telugu, `/te` for the home page. */
export function localePath(lang: Lang, path: string): string {
  if (lang === "en" || !path.startsWith("/") || path.startsWith("//") || langOfPath(path) === "te" || englishOnly(path)) return path;
  return path === "/" || path.startsWith("/?") || path.startsWith("/#") ? `/te${path.slice(1)}` : `/te${path}`;
}

/** The same page in the other language: the path with the `/te` prefix added or taken away (query kept by the caller). */
export function pathInLang(pathname: string, lang: Lang): string {
  const english = langOfPath(pathname) === "te" ? pathname.slice(3) || "/" : pathname;
  return localePath(lang, english);
}

/**
 * Whether a form's action (as `useNavigation`/`useFetchers` report it, with any query) posts to the English page
 * `path` in either language: a Telugu page's forms post to `/te/...`.
 */
export function isActionOf(formAction: string | undefined, path: string): boolean {
  return formAction !== undefined && pathInLang(formAction.split("?")[0], "en") === path;
}

/** The fish's name in `lang`, from configuration. */
export function productName(config: { product: string; productTe: string }, lang: Lang): string {
  return lang === "te" ? config.productTe : config.product;
}

/** The store's name in `lang`, from configuration ("Godavari Pulasa"; in Telugu "గోదావరి పులస"). */
export function brandName(config: { brand: string; brandTe: string }, lang: Lang): string {
  return lang === "te" ? config.brandTe : config.brand;
}

/** An admin-entered text (a product's name, description, category) in `lang`: its Telugu twin where one was given, else the English. */
export function inLang(english: string, telugu: string | null | undefined, lang: Lang): string {
  return (lang === "te" && telugu) || english;
}

/**
 * Paths with no Telugu twin: the admin's pages, the payment sandbox and the gateway's return, the development
 * outbox, Google sign-in, the JSON API and files (photos, media, fonts, the sitemap, the web manifest).
 */
export function englishOnly(path: string): boolean {
  return /^\/(admin-dashboard|sandbox|dev|auth|api|photos|media|fonts|catalogue)(\/|$|\?)|^\/[^/?#]+\.(xml|txt|webmanifest)\b|^\/orders\/[^/]+\/callback/.test(
    path,
  );
}

/**
 * The language an admin-entered text is written in, for its element's `lang` (so screen readers read it right
 * and a Telugu page marks the English it shows): Telugu when it has Telugu letters, else English.
 */
export function textLang(text: string): Lang {
  return /[\u0C00-\u0C7F]/.test(text) ? "te" : "en";
}
