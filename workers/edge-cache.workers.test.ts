import { describe, expect, it, vi } from "vitest";
import { serializeTheme } from "../app/web/theme.server";
import { withEdgeCache } from "./edge-cache";

// The cache writes the Worker defers with waitUntil, awaited instead of slept on.
const pending: Promise<unknown>[] = [];
const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p) };
const settle = () => Promise.all(pending.splice(0));

function page(body: string, headers: Record<string, string> = {}, personal = false) {
  return vi.fn(async () => ({
    response: new Response(body, {
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0, s-maxage=300", ...headers },
    }),
    personal,
  }));
}

async function openCache() {
  return caches.open(`test-${crypto.randomUUID()}`);
}

describe("withEdgeCache", () => {
  it("stores an anonymous public page once and answers the next visitor from the cache", async () => {
    const cache = await openCache();
    const render = page("home");
    const first = await withEdgeCache(new Request("https://store.test/"), ctx, cache, render);
    expect(first.headers.get("x-cache")).toBe("MISS");
    await settle();
    const second = await withEdgeCache(new Request("https://store.test/"), ctx, cache, render);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe("home");
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("never answers a request with a session cookie from the cache, nor stores its page", async () => {
    const cache = await openCache();
    const anon = page("public");
    await withEdgeCache(new Request("https://store.test/products"), ctx, cache, anon);
    await settle();
    const personal = page("personal");
    const signedIn = new Request("https://store.test/products", { headers: { Cookie: "theme=dark; __session=abc" } });
    const res = await withEdgeCache(signedIn, ctx, cache, personal);
    expect(res.headers.get("x-cache")).toBe("BYPASS");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toBe("personal");
    await settle();
    const again = await withEdgeCache(new Request("https://store.test/products"), ctx, cache, anon);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toBe("public");
  });

  it("skips the cache for flash messages, non-GET requests and the API", async () => {
    const cache = await openCache();
    for (const request of [
      new Request("https://store.test/login", { headers: { Cookie: "__flash=x" } }),
      new Request("https://store.test/login", { headers: { Cookie: "anything=else" } }),
      new Request("https://store.test/", { method: "POST" }),
      new Request("https://store.test/api/products"),
    ]) {
      const render = page("x");
      await withEdgeCache(request, ctx, cache, render);
      await settle();
      const res = await withEdgeCache(request.clone() as Request, ctx, cache, render);
      expect(res.headers.get("x-cache")).toBe("BYPASS");
      expect(render).toHaveBeenCalledTimes(2);
    }
  });

  it("does not store pages that set cookies, are private or are not 200", async () => {
    const cache = await openCache();
    const renders = [
      page("a", { "Set-Cookie": "theme=dark" }),
      page("b", { "Cache-Control": "private, no-store" }),
      vi.fn(async () => ({ response: new Response("missing", { status: 404, headers: { "Cache-Control": "public, s-maxage=60" } }), personal: false })),
    ];
    for (const [i, render] of renders.entries()) {
      const url = `https://store.test/p${i}`;
      expect((await withEdgeCache(new Request(url), ctx, cache, render)).headers.get("x-cache")).toBe("BYPASS");
      await settle();
      expect((await withEdgeCache(new Request(url), ctx, cache, render)).headers.get("x-cache")).toBe("BYPASS");
    }
  });

  it("never stores a page the app rendered for someone, even without a cookie the cache recognises", async () => {
    const cache = await openCache();
    const odd = new Request("https://store.test/auctions", { headers: { Cookie: "__session =token" } });
    const res = await withEdgeCache(odd, ctx, cache, page("Logout", {}, true));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    await settle();
    const anon = page("anonymous");
    expect(await (await withEdgeCache(new Request("https://store.test/auctions"), ctx, cache, anon)).text()).toBe("anonymous");
    const personalRender = page("personal", {}, true);
    expect((await withEdgeCache(new Request("https://store.test/auctions?fresh"), ctx, cache, personalRender)).headers.get("Cache-Control")).toBe(
      "private, no-store",
    );
    await settle();
    expect((await withEdgeCache(new Request("https://store.test/auctions?fresh"), ctx, cache, page("anon"))).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps a page's data asked from a page of its language apart from the same data asked from the other language", async () => {
    const cache = await openCache();
    const data = (from: string) => new Request("https://store.test/te/blogs.data", { headers: { Referer: `https://store.test${from}` } });
    const lean = page("data without the catalogue");
    const whole = page("data with the Telugu catalogue");
    await withEdgeCache(data("/te"), ctx, cache, lean);
    await settle();
    const fromEnglish = await withEdgeCache(data("/blogs"), ctx, cache, whole);
    expect(fromEnglish.headers.get("x-cache")).toBe("MISS");
    expect(await fromEnglish.text()).toBe("data with the Telugu catalogue");
    await settle();
    expect(await (await withEdgeCache(data("/te/products"), ctx, cache, lean)).text()).toBe("data without the catalogue");
    expect(await (await withEdgeCache(new Request("https://store.test/te/blogs.data"), ctx, cache, lean)).text()).toBe("data with the Telugu catalogue");
  });

  it("keeps one copy per theme so no visitor sees the wrong colours", async () => {
    const cache = await openCache();
    await withEdgeCache(new Request("https://store.test/blogs"), ctx, cache, page("light"));
    await settle();
    const dark = new Request("https://store.test/blogs", { headers: { Cookie: (await serializeTheme("dark")).split(";")[0] } });
    const res = await withEdgeCache(dark, ctx, cache, page("dark"));
    expect(res.headers.get("x-cache")).toBe("MISS");
    expect(await res.text()).toBe("dark");
  });
});
