import { describe, expect, it } from "vitest";
import { loadContext } from "../../tests/setup/load-context";
import { loader as rootLoader } from "~/root";
import { loader as ordersLoader } from "~/routes/orders._index";
import { loader as productsLoader } from "~/routes/products";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { action as addToCart } from "~/routes/cart.add";
import { messagesOf, type SiteData } from "~/web/site";
import { en } from "./messages";
import { te } from "./te/messages";

/** A loader's answer for `path`, as the Worker would call it. */
async function load<T>(fn: (args: never) => T, path: string, init: RequestInit = {}) {
  const request = new Request(`https://store.test${path}`, init);
  return fn({ request, context: await loadContext(request), params: {} } as never);
}

/** Root data comes wrapped by `data()`: its value. */
const unwrap = (value: unknown) => ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;

describe("a page's language is its path's", () => {
  it("gives a /te page the Telugu catalogue and the fish's Telugu name, and a plain path the English one", async () => {
    const telugu = unwrap(await load(rootLoader, "/te/products")) as SiteData;
    expect(telugu.lang).toBe("te");
    expect(messagesOf(telugu).nav.home).toBe(te.nav.home);
    expect(telugu.site.product).toBe("పులస");
    expect(messagesOf(telugu).home.orderFresh).toContain("పులస");
    expect(telugu.texts).toMatch(/^\/texts\/te\./);
    const english = unwrap(await load(rootLoader, "/products")) as SiteData;
    expect(english.lang).toBe("en");
    expect(messagesOf(english).nav.home).toBe("Home");
    expect(english.texts).toMatch(/^\/texts\/en\./);
    expect(english.site.product).toBe("Pulasa");
  });

  it("names the store by its Telugu name on a /te page (header, footer, titles), by the English one elsewhere", async () => {
    expect((unwrap(await load(rootLoader, "/te/products")) as SiteData).site.brand).toBe("గోదావరి పులస");
    expect((unwrap(await load(rootLoader, "/products")) as SiteData).site.brand).toBe("Godavari Pulasa");
    expect(((await load(productsLoader, "/te/products")) as { brand: string }).brand).toBe("గోదావరి పులస");
    expect(((await load(productsLoader, "/products")) as { brand: string }).brand).toBe("Godavari Pulasa");
  });

  it("renders a page's own words in its language", async () => {
    const telugu = (await load(productsLoader, "/te/products")) as { heading: string };
    const english = (await load(productsLoader, "/products")) as { heading: string };
    expect(telugu.heading).toBe(te.products.heading);
    expect(english.heading).toBe(en.products.heading);
  });

  it("sends a signed-out visitor of a Telugu page to the Telugu sign-in page, coming back to it", async () => {
    const answer = await load(ordersLoader, "/te/orders").catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe(`/te/login?redirectTo=${encodeURIComponent("/te/orders")}`);
  });

  it("keeps a form's answer in the language it was sent from", async () => {
    const body = new URLSearchParams({ productId: "1" });
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const answer = (await load(addToCart, "/te/cart/add", { method: "POST", body, headers })) as Response;
    expect(answer.headers.get("Location")).toMatch(/^\/te\/login\?redirectTo=/);
  });
});

describe("the sitemap", () => {
  it("lists each public page in both languages, each with both alternates", async () => {
    const xml = await ((await load(sitemapLoader, "/sitemap.xml")) as Response).text();
    for (const path of ["/", "/products", "/blogs", "/blogs/1", "/help-support"]) {
      const te = path === "/" ? "/te" : `/te${path}`;
      expect(xml).toContain(`<loc>https://store.test${path}</loc>`);
      expect(xml).toContain(`<loc>https://store.test${te}</loc>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="te" href="https://store.test${te}"/>`);
    }
    expect(xml).not.toContain("admin-dashboard");
  });
});
