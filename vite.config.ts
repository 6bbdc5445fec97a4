import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { POLICY_PATHS } from "./app/content/policies/paths";
import { TELUGU_ROUTES } from "./app/i18n/telugu-routes";
import { getLoadContext } from "./workers/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    // Must come before remix(): loaders in `npm run dev` get the Worker bindings through it.
    cloudflareDevProxyVitePlugin({
      getLoadContext,
      configPath: "wrangler.toml",
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      routes(defineRoutes) {
        return defineRoutes((route) => {
          // The five policy pages share one route module (the content differs, the page does not).
          for (const path of POLICY_PATHS) {
            route(path.slice(1), "shared-routes/policy-page.tsx", { id: `policy${path}` });
            route(`te${path}`, "shared-routes/policy-page.tsx", { id: `te/policy${path}` });
          }
          // The same pages in Telugu, under /te.
          for (const [path, file] of TELUGU_ROUTES) route(path ? `te/${path}` : "te", file, { id: `te/${file}` });
        });
      },
    }),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
  },
  build: {
    minify: true,
  },
});
