import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listProducts } from "~/catalog/catalog.server";
import { contentContext } from "~/config.server";
import { getBlogs } from "~/content/blogs";
import { POLICY_PATHS } from "~/content/policies/paths";
import { LANGS, localePath } from "~/i18n/lang";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The public pages in both languages, each with its alternates (hreflang), for search engines. Edge-cached
 * like the pages it lists: the catalogue's version is part of the cache key, so a new product shows at once.
 */
export async function loader({ context: { deps } }: LoaderFunctionArgs) {
  const { config, origin } = deps;
  const products = await listProducts(deps);
  const paths = [
    "/",
    "/products",
    ...products.map((p) => `/products/${p.slug}`),
    "/blogs",
    ...getBlogs(contentContext(config)).map((b) => `/blogs/${b.id}`),
    ...(config.features.auctions ? ["/auctions"] : []),
    ...POLICY_PATHS,
  ];
  const alternates = (path: string) =>
    LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + localePath(lang, path))}"/>`).join("");
  const urls = paths.flatMap((path) => LANGS.map((lang) => `<url><loc>${escapeXml(origin + localePath(lang, path))}</loc>${alternates(path)}</url>`));
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=3600" },
  });
}
