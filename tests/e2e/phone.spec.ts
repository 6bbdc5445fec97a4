import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAccount, signIn, useBrowser, VIEWPORTS, type Variant } from "./browser";
import { contrastOf, overlaps } from "./inspect";
import { useLocalDb } from "./local-db";
import { addFish } from "./shop";

/** The shop on a phone, defect by defect: each test here failed before its fix. */

const open = useBrowser();
const sql = useLocalDb();
const phoneJs: Variant = { javaScript: true, viewport: "phone" };
const phoneNoJs: Variant = { javaScript: false, viewport: "phone" };
const dark = [{ name: "theme", value: Buffer.from(JSON.stringify("dark")).toString("base64") }];

const shopper = (tag: string) => newAccount(`phone.${tag}`, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" });

describe("layout and contrast on a phone", () => {
  it("the notification panel opens inside the screen", async () => {
    const who = await shopper("bell");
    const { page, close } = await open(phoneJs);
    await signIn(page, who);
    await page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await close();
  });

  it("the cart summary never covers the first product's price or its button, JavaScript on and off", async () => {
    const who = await shopper("summary");
    for (const variant of [phoneJs, phoneNoJs]) {
      const { page, close } = await open(variant);
      await signIn(page, who);
      if (variant.javaScript) await addFish(page);
      await page.goto("/products");
      const summary = (await page.getByRole("complementary", { name: "Cart summary" }).boundingBox())!;
      const card = page.locator("main article").first();
      for (const thing of [card.getByText("₹25,000"), card.getByRole("button", { name: "Add to Cart" })]) {
        await thing.scrollIntoViewIfNeeded();
        const after = (await page.getByRole("complementary", { name: "Cart summary" }).boundingBox())!;
        expect(overlaps(after, (await thing.boundingBox())!)).toBe(false);
      }
      expect(summary.y).toBeGreaterThanOrEqual(0);
      await close();
    }
  });

  it("dark mode: the primary button's text has at least 4.5:1, and axe finds nothing", async () => {
    const { page, close } = await open(phoneJs, { cookies: dark });
    await page.goto("/products");
    expect(await contrastOf(page, "main .btn-dark")).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page);
    await close();
  });

  it("cosmetic: two products fill two columns (never two cards alone in three), no strip above the footer, balanced headings, no hero video controls without JavaScript", async () => {
    const { page, close } = await open({ javaScript: false, viewport: "desktop" });
    await page.goto("/products");
    // As many columns as cards, up to three (other files may add products meanwhile).
    const grid = await page
      .locator("main ul.grid")
      .first()
      .evaluate((ul) => ({ columns: getComputedStyle(ul).gridTemplateColumns.split(" ").length, cards: ul.children.length }));
    expect(grid.columns).toBe(Math.min(grid.cards, 3));
    // No empty strip above the footer (pages end with their own padding), and headings wrap in balance.
    expect(await page.locator("footer").evaluate((f) => getComputedStyle(f).marginTop)).toBe("0px");
    expect(await page.locator("h1").evaluate((h) => getComputedStyle(h).textWrap)).toBe("balance");
    await page.goto("/");
    // Chromium draws a scriptless page's video controls in the video's own box: with them hidden, the
    // video takes no clicks and its controls panel has no size.
    const video = page.locator("video.hero-video");
    expect(await video.evaluate((v) => getComputedStyle(v).pointerEvents)).toBe("none");
    await close();
  });

  it("signed in on a phone the header keeps the store's name, and the cart link is named by what it shows", async () => {
    const who = await shopper("header");
    for (const viewport of ["smallPhone", "phone"] as const) {
      const { page, close } = await open({ javaScript: true, viewport });
      await signIn(page, who);
      const brand = page.locator("header a[href='/']").first().getByText("Godavari Pulasa");
      expect(await brand.isVisible()).toBe(true);
      expect((await brand.boundingBox())!.width).toBeGreaterThan(40);
      const cart = page.getByRole("link", { name: "Cart 0 items" });
      expect(await cart.count()).toBe(1);
      expect(await cart.getAttribute("aria-label")).toBeNull();
      await close();
    }
  });
});

describe("words and numbers", () => {
  it("quantities say kg, and the cart says the limit where it applies", async () => {
    const who = await shopper("kg");
    const { page, close } = await open(phoneNoJs);
    await signIn(page, who);
    await page.goto("/products");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.goto("/cart");
    expect(await page.getByLabel("Quantity of Fresh Pulasa Fish").innerText()).toBe("1 kg");
    expect(await page.getByRole("complementary", { name: "Cart summary" }).count()).toBe(0);
    // At the most one order may take, the cart says why '+' stops.
    const max = Number((await sql("SELECT max_qty FROM products WHERE slug = 'fresh-fish'"))[0].max_qty);
    await sql(`UPDATE cart_items SET quantity = ${max} WHERE user_id = (SELECT id FROM users WHERE email = '${who.email}')`);
    await page.reload();
    expect(await page.locator("main").innerText()).toContain(`At most ${max} kg of Fresh Pulasa Fish per order.`);
    await close();
  });

  it("an ended auction says 'Winning bid', the hint states the increment, your own bids say 'You'", async () => {
    // Ids far from the other suites' auctions, so no two runs draw the same one.
    const id = 1_000_000 + Math.floor(Math.random() * 400_000);
    const ended = id + 400_000;
    const now = Date.now();
    await sql(`INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES
        (${id}, 'Phone Pulasa lot', 'A fresh Godavari Pulasa for the phone test.', 100000, 100000, ${now + 3_600_000}, ${now + 3_600_000}, 'active', 0, 'Godavari Pulasa', 25000),
        (${ended}, 'Phone Pulasa sold', 'A Godavari Pulasa already sold.', 100000, 120000, ${now - 60_000}, ${now - 60_000}, 'active', 1, 'Godavari Pulasa', 10000);
       INSERT INTO auction_bids (auction_id, bidder_name, amount_paise, created_at) VALUES (${ended}, 'Sita M.', 120000, ${now - 120_000});`);
    const who = await shopper("bidder");
    const { page, close } = await open(phoneNoJs);
    await signIn(page, who);
    await page.goto(`/auctions/${id}`);
    expect(await page.locator("main").innerText()).toContain("Enter at least the starting price; after that each bid adds at least ₹250.");
    await page.getByLabel("Your bid (₹)").fill("1000");
    await page.getByRole("button", { name: "Place Bid" }).click();
    await page.waitForURL(`**/auctions/${id}`);
    expect(await page.locator("main").innerText()).toContain("Enter at least the current price plus the minimum increment of ₹250.");
    expect(await page.getByTestId("your-bid").innerText()).toBe("You");
    const other = await open(phoneNoJs);
    await other.page.goto(`/auctions/${id}`);
    expect(await other.page.getByTestId("your-bid").count()).toBe(0);
    await other.close();

    await page.goto(`/auctions/${ended}`);
    const facts = await page.locator("main dl").first().innerText();
    expect(facts).toContain("Winning bid");
    expect(facts).not.toContain("Current Price");
    await close();
  });

  it("titles end with the store's name, the social handle is a link, the outbox shows IST", async () => {
    const { page, close } = await open(phoneNoJs);
    for (const path of ["/login", "/signup", "/dev/mail", "/no-such-page"]) {
      await page.goto(path);
      expect(await page.title()).toMatch(/ \| Godavari Pulasa$/);
    }
    expect(await page.locator("footer").getByRole("link", { name: "@godavaripulasa", exact: true }).getAttribute("href")).toBe(
      "https://www.instagram.com/godavaripulasa/",
    );
    await newAccount("phone.ist", { name: "Ravi Kumar" });
    await page.goto("/dev/mail");
    const when = await page.locator("main time").first().innerText();
    expect(when).toMatch(/ \(IST\)$/);
    expect(when).not.toContain("UTC");
    await close();
  });
});
