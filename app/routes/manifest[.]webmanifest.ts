import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getMessages } from "~/i18n/texts";
import { brandName, localePath, productName, type Lang } from "~/i18n/lang";

/**
 * The installed app's name, icons and first page, in the language of the page it is installed from
 * (`?lang=te`). Both languages are one app (`id`), opening where it was installed.
 */
export function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  const lang: Lang = new URL(request.url).searchParams.get("lang") === "te" ? "te" : "en";
  const product = productName(deps.config, lang);
  return Response.json(
    {
      id: "/",
      name: brandName(deps.config, lang),
      short_name: product,
      description: getMessages(product, lang).footer.installText,
      lang,
      dir: "ltr",
      start_url: localePath(lang, "/"),
      scope: "/",
      display: "standalone",
      background_color: "#eef7fb",
      theme_color: "#164c68",
      icons: [
        { src: "/media/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/media/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/media/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    { headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" } },
  );
}
