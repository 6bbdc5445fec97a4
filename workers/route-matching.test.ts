import { matchRoutes, type AgnosticDataRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The router is patched (patches/, applied by `npm install`): on the server, where the route tree never changes,
 * each path is matched against the tree's ranked branches once, then rebuilt on the tree each caller passes.
 * Remix matches a page's path four times per request over 88 routes; without the patch that was a third of a
 * render's CPU.
 */

/** A tree like the store's, every `path` read counted (ranking and matching read them, a known path does not). */
function tree(reads: { count: number }): AgnosticDataRouteObject[] {
  const route = (id: string, path: string | undefined, extra: Partial<AgnosticDataRouteObject> = {}) => {
    const r = { id, ...extra } as AgnosticDataRouteObject;
    Object.defineProperty(r, "path", { enumerable: true, get: () => (reads.count++, path) });
    return r;
  };
  return [
    route("root", "", {
      children: [
        route("routes/_index", undefined, { index: true }),
        route("routes/products", "products"),
        route("routes/products_.$slug", "products/:slug"),
        route("te/routes/products_.$slug", "te/products/:slug"),
        route("routes/orders.$number", "orders/:number"),
      ],
    }),
  ];
}

describe("route matching on the server", () => {
  it("matches a path once, then answers it from what it found", () => {
    const reads = { count: 0 };
    const routes = tree(reads);
    const first = matchRoutes(routes, "/products/fresh-fish");
    const afterFirst = reads.count;
    expect(afterFirst).toBeGreaterThan(0);
    const second = matchRoutes(routes, "/products/fresh-fish");
    expect(reads.count).toBe(afterFirst);
    expect(second?.map((m) => m.route.id)).toEqual(["root", "routes/products_.$slug"]);
    expect(second).toEqual(first);
  });

  it("gives each caller matches of its own, on the route objects of the tree it passed", () => {
    const first = matchRoutes(tree({ count: 0 }), "/te/products/curry")!;
    (first[1].params as Record<string, string>).slug = "changed by a loader";
    const other = tree({ count: 0 });
    const second = matchRoutes(other, "/te/products/curry")!;
    expect(second[1].params.slug).toBe("curry");
    expect(second[1].route).toBe(other[0].children![3]);
    expect(second[0].route).toBe(other[0]);
  });

  it("matches afresh when the tree passed lacks a route found before", () => {
    matchRoutes(tree({ count: 0 }), "/orders/PUL-1");
    const smaller: AgnosticDataRouteObject[] = [{ id: "root", path: "", children: [{ id: "routes/other", path: "orders/:number" }] }];
    expect(matchRoutes(smaller, "/orders/PUL-1")?.map((m) => m.route.id)).toEqual(["root", "routes/other"]);
  });

  it("remembers a path that matches nothing", () => {
    const reads = { count: 0 };
    const routes = tree(reads);
    expect(matchRoutes(routes, "/nowhere/at/all")).toBeNull();
    const after = reads.count;
    expect(matchRoutes(routes, "/nowhere/at/all")).toBeNull();
    expect(reads.count).toBe(after);
  });
});
