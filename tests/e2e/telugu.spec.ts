import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { en } from "../../app/i18n/messages";
import { auctionLiveMessages as teluguLive } from "../../app/i18n/te/auction-live.messages";
import { te } from "../../app/i18n/te/messages";
import { englishOnly } from "../../app/i18n/lang";
import { baseUrl, expectNoAxeViolations, newAccount, signIn, toast, useBrowser, type Variant } from "./browser";

/**
 * The shop in Telugu, page by page: `lang="te"`, no interface text left in English, every link staying in
 * Telugu, a working switch to the English twin and back, and axe clean; JavaScript on and off.
 */

const open = useBrowser();

/** The English catalogue texts (the pieces between placeholders), each looked for as whole words on a page. */
function englishPieces(english: unknown, telugu: unknown, out: Set<string>) {
  if (typeof english === "string") {
    if (english === telugu) return;
    for (const piece of english.split(/\{\w+\}/)) if (/[A-Za-z]{3}/.test(piece) && piece.trim().length >= 4) out.add(piece.trim());
  } else if (english && typeof english === "object") {
    for (const [key, value] of Object.entries(english)) englishPieces(value, (telugu as Record<string, unknown>)[key], out);
  }
  return out;
}
const ENGLISH = [...(englishPieces(en, te, new Set()) ?? [])];

/**
 * Latin words a Telugu page may show: names kept as they are (the glossary keeps WhatsApp and IST in Latin letters),
 * the fish's scientific name, and the language link's own name. Any other English word is text that bypassed the
 * catalogue (`own`: what the shopper typed themselves, their name).
 */
const LATIN_KEPT = new Set([
  "WhatsApp",
  "IST",
  "SMS",
  "UPI",
  "OTP",
  "PIN",
  "Google",
  "Razorpay",
  "Android",
  "iPhone",
  "English",
  "INR",
  "MB",
  "Tenualosa",
  "ilisha",
]);
const latinWords = (text: string, own: string[] = []) =>
  [...new Set(text.replace(/\S+@\S+|@\w+|PUL-\d{4}-\w{4}/g, " ").match(/[A-Za-z][A-Za-z']+/g) ?? [])].filter((w) => !LATIN_KEPT.has(w) && !own.includes(w));

const PUBLIC = [
  "/te",
  "/te/products",
  "/te/blogs",
  "/te/blogs/1",
  "/te/auctions",
  "/te/auctions/1",
  "/te/login",
  "/te/signup",
  "/te/forgot-password",
  "/te/delivery-info",
  "/te/no-such-page",
];
const SIGNED_IN = ["/te/cart", "/te/orders", "/te/profile", "/te/notifications"];

async function checkPage(page: Page, path: string, own: string[] = []) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(path.endsWith("no-such-page") ? 404 : 200);
  expect(await page.locator("html").getAttribute("lang")).toBe("te");
  // Admin-entered texts written in English (a product or an auction without its Telugu) are marked lang="en";
  // codes that are in no language (the bid log's SHA-256 hashes, whose hex digits can spell "fe") translate="no".
  const text = await page.evaluate(() => {
    const hide = document.createElement("style");
    hide.textContent = 'body [lang="en"], body [translate="no"] { display: none !important; }';
    document.head.appendChild(hide);
    const shown = document.body.innerText;
    hide.remove();
    return shown;
  });
  const words = (piece: string) => new RegExp(`(^|[^A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`);
  expect(
    ENGLISH.filter((piece) => words(piece).test(text)),
    `${path} shows English`,
  ).toEqual([]);
  expect(latinWords(text, own), `${path} shows English words`).toEqual([]);
  const hrefs = await page
    .locator("header a[href^='/'], main a[href^='/'], footer a[href^='/']")
    .evaluateAll((links) => links.filter((a) => a.getAttribute("hreflang") !== "en").map((a) => a.getAttribute("href") ?? ""));
  expect(
    hrefs.filter((href) => !href.startsWith("/te") && !englishOnly(href) && !href.startsWith("/#")),
    `${path} links into English`,
  ).toEqual([]);
  await expectNoAxeViolations(page);
}

/** The header's language link: in the bar, or on a narrow phone in the menu (opened first). */
async function switchLanguage(page: Page, to: "en" | "te", name: RegExp) {
  const link = page.locator(`header a[hreflang="${to}"]:visible`);
  if ((await link.count()) === 0) await page.locator("header summary").last().click();
  // Named as it is read out: its text, or on the English pages the drawn word's label.
  expect(await page.locator("header").getByRole("link", { name }).and(link).count()).toBe(1);
  await link.click();
}

const RUNS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

describe.each(RUNS)("Telugu pages (JavaScript $javaScript, $viewport)", (variant) => {
  let shopper: { email: string; password: string };
  beforeAll(async () => {
    shopper = await newAccount(`telugu.${variant.viewport}`, { name: "Lakshmi Devi" });
  });

  it("every public page is in Telugu, and its links stay in Telugu", async () => {
    const { page, close } = await open(variant);
    for (const path of PUBLIC) await checkPage(page, path);
    await close();
  });

  it("an auction shows the Telugu title and description the admin gave it, and the English ones in English", async () => {
    const { page, close } = await open(variant);
    await page.goto("/te/auctions");
    expect(await page.locator("main h2").allInnerTexts()).toContain("రాయల్ పులస – 2.1 కిలోలు");
    await page.goto("/te/auctions/1");
    expect(await page.locator("h1").innerText()).toBe("రాయల్ పులస – 2.1 కిలోలు");
    expect(await page.locator("h1").getAttribute("lang")).toBe("te");
    // The store selling its own lot goes by its Telugu name on the Telugu page.
    expect(await page.locator("main dd[lang]").filter({ hasText: "గోదావరి పులస" }).count()).toBe(1);
    await page.goto("/auctions/1");
    expect(await page.locator("h1").innerText()).toBe("Royal Pulasa – 2.1 kg");
    expect(await page.locator("main dd[lang]").filter({ hasText: "Godavari Pulasa" }).count()).toBe(1);
    await close();
  });

  it("a shopper's own pages are in Telugu once signed in", async () => {
    const { page, close } = await open(variant);
    await signIn(page, shopper);
    for (const path of SIGNED_IN) await checkPage(page, path, ["Lakshmi", "Devi"]);
    await close();
  });

  it("the header's link leads to the same page in English and back, with its query", async () => {
    const { page, close } = await open(variant);
    await page.goto("/te/products?from=switch");
    await switchLanguage(page, "en", /^(EN|English)$/);
    await page.waitForURL(`${baseUrl()}/products?from=switch`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("h1").innerText()).toBe(en.products.heading);
    await switchLanguage(page, "te", /^(తె|తెలుగు)$/);
    await page.waitForURL(`${baseUrl()}/te/products?from=switch`);
    expect(await page.locator("h1").innerText()).toBe(te.products.heading);
    await close();
  });
});

describe.each(RUNS)("the gateway and a Telugu order (JavaScript $javaScript, $viewport)", (variant) => {
  it("paying the advance returns to the Telugu order page, and the gateway's page, once paid, leads back to it", async () => {
    const who = await newAccount(`telugu.gateway.${variant.viewport}`, { name: "Lakshmi Devi" });
    const { page, close } = await open(variant);
    await signIn(page, who);
    await page.goto("/te/products");
    await page.locator('main form[action="/te/cart/add"] button').first().click();
    await page.getByRole("complementary", { name: te.shop.cart.floatingLabel }).waitFor();
    await page.goto("/te/checkout");
    const checkout = page.locator("main form").filter({ has: page.locator("[name=zip]") });
    const shipping = { firstName: "లక్ష్మి", lastName: "దేవి", phone: "9876543210", address: "12-4 మెయిన్ రోడ్, ఇన్నీసుపేట", city: "రాజమండ్రి", zip: "533101" };
    for (const [name, value] of Object.entries(shipping)) await checkout.locator(`[name="${name}"]`).fill(value);
    await checkout.locator("[name=state]").selectOption("Andhra Pradesh");
    await checkout.locator("input[name=delivery]:not([disabled])").first().check();
    await page.getByRole("button", { name: te.shop.checkout.pay }).click();
    // The gateway's own page (English, as Razorpay's is): its checkout with JavaScript, a payment link without.
    await page.waitForURL(/\/sandbox\/(checkout\/order_|link\/plink_)/);
    await page.getByRole("heading", { name: "Razorpay sandbox", exact: true }).waitFor();
    await page.waitForLoadState("networkidle");
    const gateway = page.url();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/\/te\/orders\/PUL-/);
    const number = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.goto(gateway);
    await page.getByRole("heading", { name: "Already paid" }).waitFor();
    const view = page.getByRole("link", { name: "View the order" });
    expect(await view.getAttribute("href")).toBe(`/te/orders/${number}`);
    await view.click();
    await page.waitForURL(`${baseUrl()}/te/orders/${number}`);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("te");
    await close();
  });
});

describe("an auction's countdown (JavaScript on, phone)", () => {
  it("counts its days in Telugu", async () => {
    const { page, close } = await open({ javaScript: true, viewport: "phone" });
    await page.goto("/te/auctions/1");
    await expect.poll(() => page.getByTestId("countdown").innerText()).toMatch(new RegExp(`^${teluguLive.endsIn} \\d+ రోజు`));
    await close();
  });
});

describe("the edge cache keeps one copy per language", () => {
  it("caches /te/products and /products apart, never varies on Accept-Language, and never caches a signed-in Telugu page", async () => {
    const url = (path: string) => `${baseUrl()}${path}?lang-cache=${Date.now()}`;
    const te1 = url("/te/products");
    const en1 = te1.replace("/te/products", "/products");
    const first = await fetch(te1);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const english = await fetch(en1, { headers: { "Accept-Language": "te" } });
    expect(english.headers.get("x-cache")).toBe("MISS");
    expect(await english.text()).toContain(`<html lang="en"`);
    const again = await fetch(te1, { headers: { "Accept-Language": "en" } });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(await again.text()).toContain(`<html lang="te"`);
    const signedIn = await fetch(te1, { headers: { Cookie: "__session=anything" } });
    expect(signedIn.headers.get("x-cache")).toBe("BYPASS");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe.each(RUNS)("a product's Telugu name (JavaScript $javaScript, $viewport)", (variant) => {
  const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };
  const english = `Godavari Pulasa Roe ${variant.viewport}`;
  const telugu = `గోదావరి పులస గుడ్లు ${variant.viewport === "phone" ? "ఒకటి" : "రెండు"}`;
  const slug = `roe-${variant.viewport}`;

  it("the admin sets it: an anonymous visitor sees it on /te/products at once, and the English name on /products", async () => {
    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    await admin.page.goto("/admin-dashboard/products/new");
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await admin.page.getByLabel(label, { exact: true }).fill(value);
    };
    await fill({ Name: english, "Web address": slug, Description: "Roe of the season's Pulasa, salted the Godavari way.", Category: "Roe" });
    await fill({ "Price in rupees": "900", "Minimum per order": "1", "Maximum per order": "3" });
    await admin.page.getByRole("button", { name: "Add product" }).click();
    await admin.page.waitForURL(/\/admin-dashboard\/products\/\d+$/);
    const edit = admin.page.url();

    // Before the Telugu name: the Telugu page shows the English one, and is cached.
    const visitor = await open(variant);
    await visitor.page.goto("/te/products");
    expect((await visitor.page.goto("/te/products"))?.headers()["x-cache"]).toBe("HIT");
    const before = await visitor.page.getByRole("main").innerText();
    expect(before).toContain(english);
    // The sample products have the seed's Telugu texts.
    expect(before).toMatch(/తాజా పులస చేప[\s\S]*పులస పులుసు/);

    // One letter is refused beside the field; a name is saved.
    await admin.page.goto(edit);
    await fill({ "Name in Telugu": "చ" });
    await admin.page.getByRole("button", { name: "Save product" }).click();
    await expect.poll(() => admin.page.getByText("Name in Telugu must be 2 to 80 characters, or left empty").count()).toBe(1);
    await expectNoAxeViolations(admin.page);
    await fill({ "Name in Telugu": telugu, "Category in Telugu": "గుడ్లు" });
    await admin.page.getByRole("button", { name: "Save product" }).click();
    await admin.page.waitForURL("**/admin-dashboard/products");
    await expect.poll(() => toast(admin.page)).toBe(`${english} was saved.`);

    const fresh = await visitor.page.goto("/te/products");
    expect(fresh?.headers()["x-cache"]).toBe("MISS");
    const card = visitor.page.locator("main article", { hasText: telugu });
    expect(await card.innerText()).toContain("గుడ్లు");
    expect(await visitor.page.getByRole("main").innerText()).not.toContain(english);
    await card.getByRole("link", { name: telugu, exact: true }).click();
    await visitor.page.waitForURL(`**/te/products/${slug}`);
    await visitor.page.getByRole("heading", { level: 1, name: telugu, exact: true }).waitFor();
    await visitor.page.goto("/products");
    const englishPage = await visitor.page.getByRole("main").innerText();
    expect(englishPage).toContain(english);
    expect(englishPage).not.toContain(telugu);

    // Out of the shop again, so no other test meets it.
    await admin.page.getByRole("button", { name: `Hide ${english}` }).click();
    await expect.poll(() => toast(admin.page)).toBe(`${english} is hidden from the shop.`);
    await admin.close();
    await visitor.close();
  });
});

describe("Telugu type", () => {
  it("comes in the one stylesheet: Telugu pages draw in it, and an English page downloads none of its files", async () => {
    const { page, close } = await open({ javaScript: true, viewport: "phone" });
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/fonts/")) fonts.push(request.url());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(fonts).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
    await page.goto("/te");
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
    for (const element of ["body", "h1"]) {
      expect(
        await page
          .locator(element)
          .first()
          .evaluate((e) => getComputedStyle(e).fontFamily),
      ).toMatch(/^"?Noto Sans Telugu Web"?,/);
    }
    await close();
  });

  it("is never downloaded for the English pages' link to Telugu: the word is drawn, named, in the text's colour", async () => {
    for (const viewport of ["tablet", "desktop"] as const) {
      const { page, close } = await open({ javaScript: true, viewport });
      await page.emulateMedia({ colorScheme: "dark" });
      const fonts: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/fonts/")) fonts.push(request.url());
      });
      await page.goto("/products");
      await page.waitForLoadState("networkidle");
      const link = page.getByRole("banner").getByRole("link", { name: /^(తె|తెలుగు)$/ });
      expect(await link.getAttribute("href")).toBe("/te/products");
      const word = link.getByRole("img");
      // Drawn in the link's colour, at the size of its text, from the outlines (not an empty box).
      expect(await word.evaluate((svg) => getComputedStyle(svg).fill)).toBe(await link.evaluate((a) => getComputedStyle(a).color));
      const box = (await word.boundingBox())!;
      expect(box.height).toBeGreaterThan(14);
      expect(await word.locator("use").evaluate((use) => (use as SVGGraphicsElement).getBBox().width)).toBeGreaterThan(0);
      expect(fonts).toEqual([]);
      await close();
    }
  });
});
