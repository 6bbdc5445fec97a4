import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, newAccount, signIn, toast, useBrowser, VIEWPORTS, type Variant } from "./browser";
import { contrastOf, overlaps } from "./inspect";
import { useLocalDb } from "./local-db";

/** The shop on a phone, defect by defect: each test here failed before its fix. */

const open = useBrowser();
const sql = useLocalDb();
const phoneJs: Variant = { javaScript: true, viewport: "phone" };
const phoneNoJs: Variant = { javaScript: false, viewport: "phone" };
const dark = [{ name: "theme", value: Buffer.from(JSON.stringify("dark")).toString("base64") }];

const shopper = (tag: string) => newAccount(`phone.${tag}`, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" });

async function addFish(page: Page) {
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await page.getByRole("complementary", { name: "Cart summary" }).waitFor();
}

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

  it("cosmetic: two products fill two columns, no strip above the footer, balanced headings, no hero video controls without JavaScript", async () => {
    const { page, close } = await open({ javaScript: false, viewport: "desktop" });
    await page.goto("/products");
    const columns = await page
      .locator("main ul.grid")
      .first()
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(2);
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

describe("forms", () => {
  it("with JavaScript, a checkout with errors toasts the spec's words and marks the fields that became valid", async () => {
    const who = await shopper("checkout-js");
    const { page, close } = await open(phoneJs);
    await signIn(page, who);
    await addFish(page);
    await page.goto("/checkout");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Phone number", { exact: true }).fill("98480abcde");
    await page.getByRole("button", { name: "Pay ₹500" }).click();
    await expect.poll(() => toast(page)).toBe("Please fix the errors in the form");
    expect(await page.getByLabel("First name").getAttribute("data-valid")).toBe("");
    expect(await page.getByLabel("Phone number", { exact: true }).getAttribute("data-valid")).toBeNull();
    // Written the way Indians write it, the number is accepted and the field turns valid.
    await page.getByLabel("Phone number", { exact: true }).fill("98480 12345");
    await page.getByLabel("Address").focus();
    await expect.poll(() => page.getByLabel("Phone number", { exact: true }).getAttribute("data-valid")).toBe("");
    await close();
  });

  it("without JavaScript, '+91 98480 12345' and '533 101' go through; a Telangana pincode with Andhra Pradesh is refused by name", async () => {
    const who = await shopper("checkout-nojs");
    const { page, close } = await open(phoneNoJs);
    await signIn(page, who);
    await page.goto("/products");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.goto("/checkout");
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        if (label === "State") await page.getByLabel("State").selectOption(value);
        else await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.locator("input[name=delivery]:not([disabled])").first().check();
      await page.getByRole("button", { name: "Pay ₹500" }).click();
    };
    expect(await page.getByLabel("Phone number", { exact: true }).getAttribute("inputmode")).toBe("numeric");
    expect(await page.getByLabel("Pincode").getAttribute("autocomplete")).toBe("postal-code");
    await fill({
      "First name": "Asha",
      "Last name": "Rani",
      "Phone number": "+91 98480 12345",
      Address: "12-4 Main Road, Innespeta",
      City: "Hyderabad",
      State: "Andhra Pradesh",
      Pincode: "500001",
    });
    await page.waitForLoadState("load");
    expect(await page.locator("main").innerText()).toContain("Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode.");
    await fill({ State: "Andhra Pradesh", City: "Rajahmundry", Pincode: "533 101" });
    await page.waitForURL(/\/sandbox\/checkout\//);
    const stored = (await sql(`SELECT o.phone, o.zip FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = '${who.email}'`))[0];
    expect(stored).toEqual({ phone: "+919848012345", zip: "533101" });
    await close();
  });

  it("the admin's auction form shows every problem at once, beside its field", async () => {
    const { page, close } = await open(phoneNoJs);
    await signIn(page, { email: "admin@pulasa.local", password: "pulasa-admin-local" });
    await page.goto("/admin-dashboard/auctions");
    await page.getByRole("button", { name: "Create Auction" }).click();
    await page.waitForLoadState("load");
    for (const [field, error] of [
      ["title", "Title must be 3 to 120 characters"],
      ["description", "Description must be 10 to 2000 characters"],
      ["starting_price", "Starting price must be a whole number of rupees"],
      ["end_time", "Enter a valid end time"],
    ]) {
      expect(await page.locator(`#${field}-error`).innerText()).toBe(error);
      expect(await page.locator(`[name=${field}]`).getAttribute("aria-describedby")).toBe(`${field}-error`);
    }
    await close();
  });

  it("resending a code restarts the 300 s countdown", async () => {
    const { page, close } = await open(phoneJs);
    await page.clock.install();
    const email = `phone.resend.${Date.now()}@example.in`;
    await page.goto("/signup");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Full name").fill("Ravi Kumar");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("river-monsoon-2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/verify-otp/);
    await page.getByText(/You can request a new code in (5:00|4:5\d)/).waitFor();
    // Five minutes pass, for the page and for the server's record of the last code.
    await sql(`UPDATE signups SET sent_at = sent_at - 301000 WHERE email = '${email}'`);
    await page.clock.fastForward("05:01");
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect.poll(() => toast(page)).toBe("OTP resent successfully!");
    await page.getByText(/You can request a new code in (5:00|4:5\d)/).waitFor();
    await close();
  });

  it("without Google configured, the button says so and the e-mail form stays", async () => {
    const { page, close } = await open(phoneJs);
    await page.goto("/login");
    expect(await page.getByRole("button", { name: "Continue with Google" }).isDisabled()).toBe(true);
    expect(await page.locator("#google-unavailable").innerText()).toBe("Google sign-in is not available here. Please use your e-mail and password.");
    await close();
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
    const id = 800 + Math.floor(Math.random() * 90);
    const ended = id + 100;
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
    expect(when).toMatch(/ IST$/);
    expect(when).not.toContain("UTC");
    await close();
  });
});

describe("npm start", () => {
  it("prints each mail's code and no error trace, and downloads nothing", { timeout: 120_000 }, async () => {
    const { applyMigrations, serve, stop } = await import("../../scripts/lib/local.mjs");
    const persistTo = ".wrangler/e2e-start-log";
    applyMigrations(persistTo);
    const port = Number(new URL(baseUrl()).port) + 1;
    const { child, url } = await serve({ persistTo, port, logLevel: "log", stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout?.on("data", (d: Buffer) => (log += d));
    child.stderr?.on("data", (d: Buffer) => (log += d));
    try {
      const email = `start.${Date.now()}@example.in`;
      const res = await fetch(`${url}/api/auth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "river-monsoon-2026", name: "Ravi Kumar" }),
      });
      expect(res.status).toBe(201);
      await expect.poll(() => log, { timeout: 5_000 }).toMatch(/verification code is \d{6}/);
      expect(log).not.toMatch(/ENOTFOUND|Error:|Unable to fetch/);
    } finally {
      stop(child);
    }
  });
});
