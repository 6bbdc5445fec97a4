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

/** The store's name from the root loader, for titles: every page's title ends with it. */
function storeName(matches: RootMatches): string {
  const root = matches.find((m) => m.id === "root")?.data as { site?: { brand?: string } } | undefined;
  return root?.site?.brand ?? "Godavari Pulasa";
}

/** A page's title followed by the store's name: "My Orders | Godavari Pulasa". */
function withStoreName(title: string, matches: RootMatches): string {
  return `${title} | ${storeName(matches)}`;
}

/** The meta of a page that only its visitor sees (account, checkout, admin): a titled page, kept out of search. */
export function privateMeta(title: string, matches: RootMatches) {
  return [{ title: withStoreName(title, matches) }, { name: "robots", content: "noindex" }];
}
