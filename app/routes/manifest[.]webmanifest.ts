import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

export function loader({ context: { deps } }: LoaderFunctionArgs) {
  const { brand, product } = deps.config;
  return Response.json(
    {
      name: brand,
      short_name: product,
      start_url: "/",
      display: "standalone",
      background_color: "#eef7fb",
      theme_color: "#164c68",
      icons: [
        { src: "/media/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
        { src: "/media/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
      ],
    },
    { headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" } },
  );
}
