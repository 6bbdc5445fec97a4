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
