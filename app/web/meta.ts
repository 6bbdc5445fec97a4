import type { Messages } from "~/i18n/messages";
import { messagesOf, type SiteData } from "./site";

/** Title, description and social tags for a page; every public page has all of them (SEO). */
export function pageMeta({ title, description }: { title: string; description: string }) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:image", content: "/media/og-image.jpg" },
  ];
}

type RootMatches = { id: string; data: unknown }[];

const rootData = (matches: RootMatches) => matches.find((m) => m.id === "root")?.data as Pick<SiteData, "site" | "lang" | "messages"> | undefined;

/** The store's name from the root loader, for titles: every page's title ends with it. */
function storeName(matches: RootMatches): string {
  return rootData(matches)?.site?.brand ?? "Godavari Pulasa";
}

/** A page's title followed by the store's name: "My Orders | Godavari Pulasa". */
function withStoreName(title: string, matches: RootMatches): string {
  return `${title} | ${storeName(matches)}`;
}

/**
 * The meta of a page that only its visitor sees (account, checkout, admin): a titled page, kept out of search.
 * The title is a text (admin pages are English only) or read from the page's catalogue, in its language.
 */
export function privateMeta(title: string | ((titles: Messages["titles"]) => string), matches: RootMatches) {
  const root = rootData(matches);
  const titles = root ? messagesOf(root).titles : undefined;
  // Without the root's data (its loader failed) the title is the store's name alone.
  const text = typeof title === "string" ? title : titles ? title(titles) : null;
  return [{ title: text ? withStoreName(text, matches) : storeName(matches) }, { name: "robots", content: "noindex" }];
}
