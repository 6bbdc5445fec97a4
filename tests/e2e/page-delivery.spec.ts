import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";
import { ADMIN, post, sessionOf } from "./http";

// How the public pages reach the browser: from the edge cache or rendered whole, their code and manifest held
// until the page has loaded, the auction API forwarded, and only a page's own large picture loaded at once.

describe("edge cache", () => {
  it("answers anonymous visitors from the cache and never caches a session", async () => {
    const url = `${baseUrl()}/blogs/2`;
    const first = await fetch(url);
    expect(first.headers.get("cache-control")).toContain("s-maxage");
    const second = await fetch(url);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const personal = await fetch(url, { headers: { Cookie: "__session=anything" } });
    expect(personal.headers.get("x-cache")).toBe("BYPASS");
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
  });

  it("sends a rendered page whole, with its length, its modules written inert for after the page has loaded", async () => {
    // Uncompressed: the local server gzips on the fly, in chunks, what a client accepts gzipped.
    const res = await fetch(`${baseUrl()}/products`, { headers: { Cookie: "x=1", "Accept-Encoding": "identity" } });
    expect(res.headers.get("x-cache")).toBe("BYPASS");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    const html = new TextDecoder().decode(body);
    expect(html).toContain('<link rel="x-late-modulepreload"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="x-late-manifest" href="/manifest.webmanifest"/>');
    expect(html).not.toContain('<link rel="manifest"');
  });

  it("forwards the auction JSON API to the auction Worker", async () => {
    const res = await fetch(`${baseUrl()}/api/auction`);
    const body = (await res.json()) as { success: boolean; auctions: { title: string }[] };
    expect(body.success).toBe(true);
    expect(body.auctions.map((a) => a.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Royal Pulasa/), expect.stringMatching(/^Pulasa Pair/), expect.stringMatching(/^Festival Pulasa Curry/)]),
    );
  });
});

describe("pictures", () => {
  /** The page's pictures in the main content, in order (the header's logo and the footer's are not). */
  async function pictures(path: string): Promise<string[]> {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    return [...main.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
  }
  const atOnce = (tag: string) => tag.includes('fetchpriority="high"') || tag.includes('loading="eager"');

  it("only a page's own large picture (the hero's poster, a product's photo) loads before layout; cards load as they near the screen", async () => {
    for (const path of ["/", "/te"]) {
      const eager = (await pictures(path)).filter(atOnce);
      expect(eager, path).toHaveLength(1);
      expect(eager[0], path).toContain("hero-poster");
    }
    const [photo, ...more] = await pictures("/products/fresh-fish");
    expect(atOnce(photo)).toBe(true);
    for (const tag of more) expect(tag).toContain('loading="lazy"');
    for (const path of ["/products", "/te/products", "/auctions"]) {
      const cards = await pictures(path);
      expect(cards.length, path).toBeGreaterThan(0);
      for (const tag of cards) expect(tag, path).toContain('loading="lazy"');
    }
  });

  it("an auction's bundled picture comes in AVIF and WebP at the size the screen needs", async () => {
    const html = await (await fetch(`${baseUrl()}/auctions/1`)).text();
    expect(html).toContain(
      '<source type="image/avif" srcSet="/media/fresh-pulasa-480.avif 480w, /media/fresh-pulasa-720.avif 720w, /media/fresh-pulasa-960.avif 960w" sizes="(min-width: 1024px) 41rem, calc(100vw - 2rem)"/>',
    );
    const [picture] = await pictures("/auctions/1");
    expect(picture).toContain('src="/media/fresh-pulasa-480.webp"');
  });
});

describe("read replicas", () => {
  const cookieNamed = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null;

  it("hands a signed-in browser its bookmark, reads its pages from there, and clears it on sign-out; visitors' cached pages carry none", async () => {
    const session = `__session=${await sessionOf(ADMIN)}`;
    // Signed in without a bookmark: read on the primary, and one is handed out (never with the shared cache).
    const first = await fetch(`${baseUrl()}/products`, { headers: { Cookie: session } });
    expect(first.headers.get("x-d1-reads")).toBe("primary; primary=1");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const handed = cookieNamed(first, "__d1b");
    expect(handed).toMatch(/^__d1b=[^;]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = `${session}; ${handed!.split(";")[0]}`;
    // The next page reads at the bookmark and, having only read, leaves the cookie alone.
    const next = await fetch(`${baseUrl()}/products`, { headers: { Cookie: cookie } });
    expect(next.headers.get("x-d1-reads")).toBe("bookmark; primary=0");
    expect(cookieNamed(next, "__d1b")).toBeNull();

    // A visitor's page: from any replica, cached, and without a cookie.
    const url = `${baseUrl()}/blogs/1`;
    await fetch(url);
    const cached = await fetch(url);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(cached.headers.get("x-d1-reads")).toBe("any-replica; primary=0");
    expect(cached.headers.getSetCookie()).toEqual([]);
    // A bookmark left without a session is cleared, and the page is a visitor's again.
    const left = await fetch(url, { headers: { Cookie: handed!.split(";")[0] } });
    expect(left.headers.get("x-cache")).toBe("BYPASS");
    expect(cookieNamed(left, "__d1b")).toMatch(/^__d1b=; Max-Age=0;/);

    const out = await post("/logout", {}, { Cookie: cookie });
    expect(out.status).toBe(302);
    expect(cookieNamed(out, "__session")).toMatch(/^__session=; Max-Age=0;/);
    expect(cookieNamed(out, "__d1b")).toMatch(/^__d1b=; Max-Age=0;/);
  });
});
