import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import path from "node:path";
import { defineConfig, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { POLICY_PATHS } from "./app/content/policies/paths";
import { TELUGU_ROUTES } from "./app/i18n/telugu-routes";
import { getLoadContext } from "./workers/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Every page loads the root route and what it imports. Those modules go in two chunks, the libraries and the
 * shop's own shell, instead of a dozen small shared chunks: one file compresses better than many, and a page
 * then loads only its own route's code besides.
 */
const rootGraph = new Set<string>();
const shellChunks: Rollup.ManualChunksOption = (id, { getModuleInfo }) => {
  if (!rootGraph.size) {
    const root = getModuleInfo(path.resolve("app/root.tsx"));
    const visit = (moduleId: string) => {
      if (rootGraph.has(moduleId)) return;
      rootGraph.add(moduleId);
      for (const next of getModuleInfo(moduleId)?.importedIds ?? []) visit(next);
    };
    if (root) visit(root.id);
  }
  if (!rootGraph.has(id)) return undefined;
  // Vite's own helpers (virtual "\0" modules such as the preload helper) are imported by the libraries' lazy
  // route loading, so they go with the libraries: in the shop's chunk they would tie the two chunks in a circle.
  return id.includes("/node_modules/") || id.startsWith("\0") ? "framework" : "shell";
};

export default defineConfig(({ isSsrBuild }) => ({
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
    // The browser's code is minified by terser, which packs React and Remix about 4% smaller than esbuild.
    // SSR_MINIFY=0 keeps the server's function names for bench/render-profile.mjs.
    minify: isSsrBuild ? process.env.SSR_MINIFY !== "0" : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // SOURCEMAP=1 for bench/bundle-sources.mjs, which says which packages and files make up each chunk.
    sourcemap: process.env.SOURCEMAP === "1",
    rollupOptions: {
      output: { manualChunks: isSsrBuild ? undefined : shellChunks },
      onwarn(warning, warn) {
        // A resource route (an API, a CSV, a redirect) has no browser code: its empty chunk is expected.
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
}));
