import { describe, expect, it, vi } from "vitest";
import viteConfig from "../vite.config";

/** The browser build's options as `remix vite:build` asks for them. */
function browserBuild() {
  const config = typeof viteConfig === "function" ? viteConfig({ command: "build", mode: "production", isSsrBuild: false }) : viteConfig;
  const options = (config as { build: { rollupOptions: Record<string, unknown> } }).build.rollupOptions;
  return options as {
    onwarn: (warning: { code: string; message: string }, warn: (w: unknown) => void) => void;
    output: { manualChunks: (id: string, api: { getModuleInfo: (id: string) => { id: string; importedIds: string[] } | null }) => string | undefined };
  };
}

describe("the browser build", () => {
  it("says nothing about the empty chunks of resource routes, and passes every other warning on", () => {
    const { onwarn } = browserBuild();
    const warn = vi.fn();
    onwarn({ code: "EMPTY_BUNDLE", message: 'Generated an empty chunk: "theme".' }, warn);
    expect(warn).not.toHaveBeenCalled();
    onwarn({ code: "CIRCULAR_CHUNK", message: "Circular chunk" }, warn);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("puts Vite's own helpers with the libraries, so the libraries' chunk never imports the shop's", () => {
    const { manualChunks } = browserBuild().output;
    const graph: Record<string, string[]> = {
      [`${process.cwd()}/app/root.tsx`]: ["/x/node_modules/react/index.js", "\0vite/preload-helper.js", `${process.cwd()}/app/web/site.ts`],
    };
    const getModuleInfo = (id: string) => ({ id, importedIds: graph[id] ?? [] });
    expect(manualChunks("\0vite/preload-helper.js", { getModuleInfo })).toBe("framework");
    expect(manualChunks("/x/node_modules/react/index.js", { getModuleInfo })).toBe("framework");
    expect(manualChunks(`${process.cwd()}/app/web/site.ts`, { getModuleInfo })).toBe("shell");
  });
});
