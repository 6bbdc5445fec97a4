import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, useBrowser, VARIANTS, variantName } from "./browser";
import { useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();

const POLICIES = [
  ["/help-support", "Help & Support", "8:00 AM – 8:00 PM (IST)"],
  ["/delivery-info", "Delivery Information", "7:00 AM – 11:00 AM (IST)"],
  ["/returns-refunds", "Returns & Refunds", "within 2 hours"],
  ["/terms-conditions", "Terms & Conditions", "Telangana"],
  ["/privacy-policy", "Privacy Policy", "Digital Personal Data Protection Act"],
] as const;

describe.each(VARIANTS)("public pages ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it(`home: hero, story, steps, call to action and products (${label})`, async () => {
    const { page, errors, close } = await open(variant);
    // Other files buy from the same database in an order of vitest's choosing: the cards say how much is left,
    // whatever it is (every sale moves the catalogue's version, so no cached page of older stock answers).
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    expect(await page.locator("h1").innerText()).toBe("The Royal Taste of Godavari");
    expect(await page.getByRole("link", { name: "Order Fresh Pulasa" }).getAttribute("href")).toBe("#products");
    expect(await page.getByRole("link", { name: "See Pulasa Journey" }).getAttribute("href")).toBe("#story");
    const hero = page.locator("section").first();
    expect(await hero.locator("video source").evaluateAll((s) => s.map((e) => e.getAttribute("type")))).toEqual(["video/webm", "video/mp4"]);
    // The video waits for the page to load (its bytes never compete with the first paint), then plays with
    // JavaScript; without it the poster stays and the video is never downloaded.
    const video = hero.locator("video");
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && !v.autoplay && v.preload === "none")).toBe(true);
    if (variant.javaScript) await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    else expect(await video.evaluate((v: HTMLVideoElement) => v.paused && v.readyState === HTMLMediaElement.HAVE_NOTHING)).toBe(true);
    expect(await hero.locator("img").getAttribute("fetchpriority")).toBe("high");
    // The web app manifest (installing the shop on a home screen) comes with the modules, after the page has loaded.
    expect(await page.locator('link[rel="manifest"]').count()).toBe(variant.javaScript ? 1 : 0);
    if (variant.javaScript) {
      const manifest = await (await page.context().newCDPSession(page)).send("Page.getAppManifest");
      expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
    }

    await expect.poll(() => page.locator("#story h2").first().innerText()).toBe("A Legacy of Excellence");
    const story = page.locator("#story details");
    const toggle = story.locator("summary");
    expect(await toggle.innerText()).toBe("Read Full Story →");
    expect(await story.getByText("about Rs. 25,000 per kg").isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.innerText()).toBe("Hide Story");
    expect(await story.getByText("about Rs. 25,000 per kg").isVisible()).toBe(true);
    expect(await story.getByRole("heading", { name: /Pulasa Pulusu/ }).count()).toBeGreaterThan(0);
    await toggle.click();
    expect(await toggle.innerText()).toBe("Read Full Story →");

    const steps = await page.locator("#story ol > li h3").allInnerTexts();
    expect(steps).toEqual(["The Monsoon's Gift", "The Artisanal Catch", "Quality and Selection", "Delivered Fresh"]);
    expect(await page.locator("#story ol > li").last().innerText()).toMatch(/under 24 hours[\s\S]*cold chain|cold chain[\s\S]*under 24 hours/);
    expect(await page.getByRole("heading", { name: "Experience the Royal Tradition" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Order Your Pulasa" }).getAttribute("href")).toBe("#products");
    expect(await page.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("#story");

    const products = page.locator("#products");
    expect(await products.locator("h2").first().innerText()).toBe("Fresh From Our Waters");
    const cards = products.locator("article");
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(0).innerText()).toMatch(
      /Fresh Fish[\s\S]*Fresh Pulasa Fish[\s\S]*₹25,000[\s\S]*per kg[\s\S]*\d+ kg left for (today|tomorrow)[\s\S]*Add to Cart/,
    );
    // The seed cooks no curry for today: sold out today, and the next date with stock.
    expect(await cards.nth(1).innerText()).toMatch(
      /Curry[\s\S]*Pulasa Curry[\s\S]*₹25,800[\s\S]*per pack[\s\S]*(Sold out today[\s\S]*Next available: tomorrow \(10 packs\)|10 packs left for tomorrow)/,
    );
    expect(await cards.nth(1).getByRole("link", { name: "Pulasa Curry", exact: true }).getAttribute("href")).toBe("/products/curry");
    expect(await cards.nth(0).locator("img").getAttribute("width")).toBeTruthy();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    await page.getByRole("link", { name: "View All Products" }).click();
    await page.waitForURL("**/products");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Fresh Catch");
    await close();
  });

  it(`products: every card, and Add to Cart asks a visitor to log in (${label})`, async () => {
    const { page, close } = await open(variant);
    await page.goto("/products");
    expect(await page.locator("main article").count()).toBe(2);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.waitForURL("**/login?redirectTo=%2Fproducts");
    await expect.poll(() => page.getByRole("status").locator("p").innerText()).toBe("Please login to add items to cart");
    await close();
  });

  it(`navigation bar, theme menu and footer (${label})`, async () => {
    const { page, close } = await open(variant);
    await page.goto("/blogs");
    const names = ["Home", "Blogs", "Fresh Catch", "Auctions", "Login", "Sign Up"];
    if (variant.viewport === "phone") {
      await page.locator("header summary", { hasText: "Menu" }).click();
    }
    const nav = page.getByRole("navigation", { name: variant.viewport === "phone" ? /Menu/ : "Main navigation" });
    // On a phone the menu ends with the link to the page in Telugu (the bar has no room for it there).
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(variant.viewport === "phone" ? [...names, "తెలుగు"] : names);
    expect(await page.getByRole("link", { name: "Profile" }).count()).toBe(0);

    // No theme chosen yet: the page follows the device's light or dark preference.
    expect(await page.locator("html").getAttribute("class")).toBe("system");
    await page.locator("header details summary").first().click();
    // Wait for the server's answer (a fetcher with JavaScript, a redirect without) before reloading.
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/theme") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Dark" }).first().click(),
    ]);
    await expect.poll(() => page.locator("html").getAttribute("class")).toBe("dark");
    expect(new URL(page.url()).pathname).toBe("/blogs");
    await page.reload();
    expect(await page.locator("html").getAttribute("class")).toBe("dark");
    await expectNoAxeViolations(page);

    const footer = page.locator("footer");
    const text = (await footer.textContent()) ?? "";
    for (const part of ["Quick Links", "Customer Care", "WhatsApp Support", "Install the app", "Best Seafood 2025", "Certified Fresh", "@godavaripulasa"]) {
      expect(text).toContain(part);
    }
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    await close();
  });

  it(`blogs: six cards, articles 1–7, and unknown ids (${label})`, async () => {
    const { page, close } = await open(variant);
    await page.goto("/blogs");
    const hrefs = await page.locator("main article h2 a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/blogs/1", "/blogs/2", "/blogs/3", "/blogs/4", "/blogs/5", "/blogs/6"]);
    await expectNoAxeViolations(page);
    await page.locator('main a[href="/blogs/3"]').click();
    await page.waitForURL("**/blogs/3");
    await expect.poll(async () => (await page.locator("main article").first().innerText()).length).toBeGreaterThan(2000);
    await expectNoAxeViolations(page);

    const seven = await page.goto("/blogs/7");
    expect(seven?.status()).toBe(200);
    expect((await page.locator("h1").innerText()).length).toBeGreaterThan(5);

    for (const id of ["8", "0", "abc"]) {
      const res = await page.goto(`/blogs/${id}`);
      expect(res?.status()).toBe(404);
      expect(await page.locator("h1").innerText()).toBe("Blog not found.");
    }
    await page.getByRole("link", { name: "← Back to Blogs" }).first().click();
    await page.waitForURL("**/blogs");
    await close();
  });

  it(`policy pages with the shared header and footer (${label})`, async () => {
    const { page, close } = await open(variant);
    for (const [path, title, fact] of POLICIES) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(await page.locator("h1").innerText()).toBe(title);
      expect(await page.locator("main").innerText()).toContain(fact);
      expect(await page.locator("header").count()).toBe(1);
      expect(await page.locator("footer").count()).toBe(1);
    }
    await expectNoAxeViolations(page);
    await close();
  });

  it(`auctions: list and details from the auction Worker (${label})`, async () => {
    const { page, close } = await open(variant);
    await page.goto("/auctions");
    expect(await page.locator("h1").innerText()).toBe("Live Auctions");
    expect(await page.getByText("Bid on premium Pulasa fish and other seafood products").count()).toBe(1);
    // The three seeded auctions (other suites may add their own beside them).
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    const royal = cards.filter({ hasText: "Royal Pulasa" });
    expect(await royal.innerText()).toMatch(/Royal Pulasa[\s\S]*Active[\s\S]*Current Bid[\s\S]*₹31,200[\s\S]*2 bids/);
    expect(await cards.filter({ hasText: "Pulasa Pair" }).locator("img").getAttribute("src")).toBe("/media/auction-placeholder.svg");
    await expectNoAxeViolations(page);
    await royal.getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL("**/auctions/1");
    await expect.poll(() => page.locator("h1").innerText()).toMatch(/^Royal Pulasa/);
    const main = await page.locator("main").innerText();
    expect(main).toMatch(/Current Price[\s\S]*₹31,200/);
    expect(main).toContain("Bid History");
    expect(main).toContain("Please login to place a bid");
    expect(await page.getByRole("button", { name: "Place Bid" }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: /Back to Auctions/ }).click();
    await page.waitForURL("**/auctions");
    await close();
  });

  it(`any other path: 404 with a way home (${label})`, async () => {
    const { page, close } = await open(variant);
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Oops! Page not found");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(baseUrl() + "/");
    await close();
  });
});

describe("a sold-out product", () => {
  const curry = "(SELECT id FROM products WHERE slug = 'curry')";

  it("shows 'Out of Stock' on a disabled button", async () => {
    const planned = (await sql(`SELECT delivery_date, quantity FROM catch_days WHERE product_id = ${curry}`)) as unknown as {
      delivery_date: string;
      quantity: number;
    }[];
    await sql(`UPDATE catch_days SET quantity = 0 WHERE product_id = ${curry}`);
    try {
      const { page, close } = await open({ javaScript: false, viewport: "phone" });
      // A query string of its own, so the page is rendered now and not taken from the edge cache.
      await page.goto("/products?stock=0");
      const card = page.locator("main article", { hasText: "Pulasa Curry" });
      expect(await card.getByRole("button", { name: "Out of Stock" }).isDisabled()).toBe(true);
      expect(await card.innerText()).toMatch(/Sold out (today|for tomorrow)/);
      await close();
    } finally {
      for (const row of planned) {
        await sql(`UPDATE catch_days SET quantity = ${row.quantity} WHERE product_id = ${curry} AND delivery_date = '${row.delivery_date}'`);
      }
    }
  });
});
