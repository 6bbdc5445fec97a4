import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, toast, useBrowser } from "./browser";
import { SOFT_CLOSE_SECONDS } from "./global-setup";
import { useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();
const SOFT_CLOSE_MS = SOFT_CLOSE_SECONDS * 1_000;
/** The live auction test: its bids and pages, one soft-close window after the last bid, and the payment. */
const TIMEOUT_MS = 60_000 + 3 * SOFT_CLOSE_MS;

/** The development secret the local store signs cookies with (no SESSION_SECRET is configured locally). */
const DEV_SECRET = "local-development-only-secret-do-not-use-in-production";

/** A verified bidder with a live session, made straight in the local database (sign-up is tested elsewhere). */
async function bidder(id: number, name: string, admin = false) {
  const token = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(token).digest("base64url");
  await sql(
    `INSERT INTO users (id, name, email, email_verified_at, is_admin) VALUES (${id}, '${name}', 'bidder${id}.${Date.now()}@example.in', ${Date.now()}, ${admin ? 1 : 0})`,
  );
  await sql(`INSERT INTO sessions (id, user_id, purpose, expires_at) VALUES ('${hash}', ${id}, 'session', ${Date.now() + 3_600_000})`);
  const cookie = createCookie("__session", { secrets: [DEV_SECRET] });
  const serialized = await cookie.serialize(token);
  const value = serialized.split(";")[0].slice("__session=".length);
  return [{ name: "__session", value }];
}

describe("live auction: two bidders, JavaScript off and on", () => {
  // The close comes one soft-close window after the last bid (the e2e store's window is seconds), so this test waits for it.
  it("bids from a JS-off page show up live on the other page, soft close extends the end, the winner pays the advance", { timeout: TIMEOUT_MS }, async () => {
    const id = 900 + Math.floor(Math.random() * 90);
    // Ends one soft-close window from now: any bid before the end is inside the window, so it extends the end.
    const end = Date.now() + SOFT_CLOSE_MS;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'E2E Pulasa lot', 'A fresh Godavari Pulasa for the end-to-end test.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    const live = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(7001, "Latha Devi") });
    const plain = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(7002, "Mohan Rao") });

    await live.page.goto(`/auctions/${id}`);
    await live.page.getByTestId("live").waitFor();
    const endBefore = await live.page.getByTestId("end-time").locator("time").getAttribute("datetime");
    await expectNoAxeViolations(live.page);

    // JS-off bidder: a plain form post, redirected back with the result as a toast.
    await plain.page.goto(`/auctions/${id}`);
    await expectNoAxeViolations(plain.page);
    await plain.page.getByLabel("Your bid (₹)").fill("1000");
    const sentAt = Date.now();
    await plain.page.getByRole("button", { name: "Place Bid" }).click();
    await plain.page.waitForURL(`**/auctions/${id}`);
    expect(await toast(plain.page)).toBe("Bid placed successfully!");
    expect(await plain.page.getByTestId("standing").innerText()).toContain("You are the highest bidder");

    // The other page updates over its WebSocket, within a second of the bid.
    await live.page
      .getByTestId("current-price")
      .getByText("₹1,000")
      .waitFor({ timeout: 1_000 + (Date.now() - sentAt) });
    expect(await live.page.getByTestId("bid-history").innerText()).toContain("Mohan R.");
    const endAfter = await live.page.getByTestId("end-time").locator("time").getAttribute("datetime");
    expect(new Date(endAfter!).getTime()).toBeGreaterThan(new Date(endBefore!).getTime());

    // A bid below the minimum is refused with the server's message; then the JS bidder takes the lead.
    await live.page.getByLabel("Your bid (₹)").fill("1050");
    await live.page.getByLabel("Your bid (₹)").evaluate((el) => el.removeAttribute("min"));
    await live.page.getByRole("button", { name: "Place Bid" }).click();
    await expect.poll(() => toast(live.page)).toBe("The minimum bid is ₹1,100");
    await live.page.getByLabel("Your bid (₹)").fill("1100");
    await live.page.getByRole("button", { name: "Place Bid" }).click();
    await expect.poll(() => toast(live.page)).toBe("Bid placed successfully!");
    await expect.poll(() => live.page.getByTestId("standing").innerText()).toContain("You are the highest bidder");

    await plain.page.reload();
    expect(await plain.page.getByTestId("standing").innerText()).toContain("You have been outbid");
    expect(await plain.page.getByTestId("current-price").innerText()).toBe("₹1,100");
    const outbid = await sql(`SELECT type FROM notifications WHERE user_id = 7002 AND auction_id = ${id}`);
    expect(outbid).toEqual([{ type: "outbid" }]);
    await expectNoAxeViolations(plain.page);

    // The JS-off bidder takes the lead back; the live page says so as it happens.
    await plain.page.getByLabel("Your bid (₹)").fill("1200");
    await plain.page.getByRole("button", { name: "Place Bid" }).click();
    await plain.page.waitForURL(`**/auctions/${id}`);
    expect(await toast(plain.page)).toBe("Bid placed successfully!");
    const lastBidAt = Date.now();
    await expect.poll(() => live.page.getByTestId("standing").innerText(), { timeout: 2_000 }).toContain("You have been outbid");

    // The alarm closes it one window after that bid: the live page turns to 'Ended' by itself.
    const closed = (await live.page.getByTestId("end-time").locator("time").getAttribute("datetime"))!;
    expect(Math.abs(new Date(closed).getTime() - (lastBidAt + SOFT_CLOSE_MS))).toBeLessThan(5_000);
    await live.page
      .getByText("Ended", { exact: true })
      .first()
      .waitFor({ timeout: SOFT_CLOSE_MS + 30_000 });
    await expect.poll(() => live.page.getByTestId("current-price").innerText()).toBe("₹1,200");
    expect(await live.page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
    expect(await live.page.getByTestId("standing").innerText()).toBe("This auction has ended. Another bidder won it.");
    await expect
      .poll(() => sql(`SELECT type FROM notifications WHERE user_id = 7001 AND auction_id = ${id} ORDER BY id`), { timeout: 10_000 })
      .toEqual([{ type: "outbid" }, { type: "auction_ended" }]);

    // The winner (no JavaScript) finds the order in My Orders at the winning price and pays the advance.
    await plain.page.reload();
    expect(await plain.page.getByTestId("standing").innerText()).toContain("You won this auction");
    expect(await plain.page.getByTestId("standing").getByRole("link").innerText()).toBe("Pay the ₹500 advance");
    await plain.page.goto("/orders");
    const card = plain.page.getByRole("article").filter({ hasText: "E2E Pulasa lot" });
    expect(await card.innerText()).toContain("Awaiting Payment");
    expect(await card.innerText()).toContain("₹1,200");
    await expectNoAxeViolations(plain.page);
    await card.getByRole("link", { name: "Pay ₹500 advance" }).click();
    await plain.page.waitForURL(/\/orders\/PUL-\d{4}-[A-Z0-9]{4}\/pay$/);
    const number = /PUL-\d{4}-[A-Z0-9]{4}/.exec(plain.page.url())![0];
    await expect.poll(() => plain.page.getByRole("main").innerText()).toContain(`You won this auction. Pay the ₹500 token advance by`);
    // The profile holds no address: the pay page asks for it first.
    const address = {
      "First name": "Mohan",
      "Last name": "Rao",
      "Phone number": "9876543210",
      Address: "3-12 Ghat Road, Kotipalli",
      City: "Rajahmundry",
      Pincode: "533101",
    };
    for (const [label, value] of Object.entries(address)) await plain.page.getByLabel(label, { exact: true }).fill(value);
    await plain.page.getByLabel("State").selectOption("Andhra Pradesh");
    await plain.page.getByRole("button", { name: "Pay ₹500" }).click();
    // Without JavaScript, straight to a payment link for the advance.
    await plain.page.waitForURL(/\/sandbox\/link\/plink_/);
    await plain.page.getByRole("button", { name: "Pay", exact: true }).click();
    await plain.page.waitForURL(`**/orders/${number}`);
    expect(await toast(plain.page)).toBe("Payment successful! Order placed successfully!");
    const paid = await plain.page.getByRole("article").innerText();
    expect(paid).toContain("Order Raised");
    expect(paid).toMatch(/pay_[A-Za-z0-9]{14}/);
    expect(await sql(`SELECT status, source, auction_id, estimated_total_paise, city FROM orders WHERE number = '${number}'`)).toEqual([
      { status: "order_raised", source: "auction", auction_id: id, estimated_total_paise: 120000, city: "Rajahmundry" },
    ]);
    // Paid: the auction page leads the winner to the order, no longer to paying.
    await plain.page.goto(`/auctions/${id}`);
    const link = plain.page.getByTestId("standing").getByRole("link");
    expect(await link.innerText()).toBe("View your order");
    expect(await link.getAttribute("href")).toBe(`/orders/${number}`);
    expect(live.errors).toEqual([]);
    await live.close();
    await plain.close();
  });
});

describe("the admin on an auction page", () => {
  it("sees why there is no bid form, and where to manage auctions", async () => {
    const id = 990 + Math.floor(Math.random() * 9);
    const end = Date.now() + 3_600_000;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'Admin view lot', 'A lot the admin looks at.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    const { page, close } = await open(
      { javaScript: false, viewport: "phone" },
      { cookies: await bidder(7100 + Math.floor(Math.random() * 800), "Admin Person", true) },
    );
    await page.goto(`/auctions/${id}`);
    expect(await page.getByTestId("admin-note").innerText()).toBe("Admins and the seller cannot bid on this auction.");
    expect(await page.getByRole("button", { name: "Place Bid" }).count()).toBe(0);
    await page.getByRole("link", { name: "Manage auctions" }).click();
    await page.waitForURL("**/admin-dashboard/auctions");
    await close();
  });
});

/** A datetime-local value in India Standard Time, as the admin's form takes it. */
const istInput = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 16);

describe("managing auctions (admin, JavaScript off, phone)", () => {
  it("creates one with an uploaded image, keeps what was typed when refused, and cancels one with a reason", async () => {
    const title = `Upload lot ${Date.now()}`;
    const teluguTitle = `అప్‌లోడ్ లాట్ ${Date.now()}`;
    const { page, close } = await open(
      { javaScript: false, viewport: "phone" },
      { cookies: await bidder(7100 + Math.floor(Math.random() * 800), "Admin Person", true) },
    );
    await page.goto("/admin-dashboard/auctions");
    await expectNoAxeViolations(page);
    // The English title and description by name: their labels' words are also in the Telugu fields' labels.
    const fill = async (end: number) => {
      await page.locator("[name=title]").fill(title);
      await page.locator("[name=description]").fill("A Pulasa caught this morning at Dowleswaram.");
      await page.getByLabel("Title in Telugu (optional)").fill(teluguTitle);
      await page.getByLabel("Starting price (₹)").fill("1500");
      await page.getByLabel("End (IST)").fill(istInput(end));
    };
    const create = () => page.getByRole("button", { name: "Create Auction" }).click();

    // An end in the past is refused, and what was typed stays.
    await fill(Date.now() - 60_000);
    await create();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").innerText()).toBe("Please fix the errors in the form");
    expect(await page.locator("#end_time-error").innerText()).toBe("The end must be after the start and in the future");
    expect(await page.locator("[name=title]").inputValue()).toBe(title);
    expect(await page.getByLabel("Starting price (₹)").inputValue()).toBe("1500");

    // A file that only claims to be an image is refused by its bytes.
    await fill(Date.now() + 3_600_000);
    await page.getByLabel("Or upload a photo").setInputFiles({ name: "fish.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
    await create();
    await page.waitForLoadState();
    await expect.poll(() => page.locator("#upload-error").count()).toBe(1);
    expect(await page.getByRole("alert").innerText()).toBe("Please fix the errors in the form");
    expect(await page.locator("#upload-error").innerText()).toBe("Upload a JPEG, PNG or WebP photo");
    expect(await page.locator("[name=description]").inputValue()).toBe("A Pulasa caught this morning at Dowleswaram.");

    // A real WebP: created, the form is empty again, the auction is live with the uploaded image.
    await page
      .getByLabel("Or upload a photo")
      .setInputFiles({ name: "fish.webp", mimeType: "image/webp", buffer: readFileSync("public/media/blog-1-480.webp") });
    await create();
    await page.waitForURL("**/admin-dashboard/auctions");
    expect(await toast(page)).toBe("Auction created successfully!");
    expect(await page.locator("[name=title]").inputValue()).toBe("");
    const row = page.getByRole("listitem").filter({ hasText: title });
    expect(await row.innerText()).toContain("Live · ₹1,500 · Total Bids: 0");
    await row.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/auctions\/\d+$/);
    const src = await page.getByRole("img", { name: title }).getAttribute("src");
    expect(src).toMatch(/^\/api\/auction\/images\/[0-9a-f-]{36}\.webp$/);
    const image = await page.request.get(src!);
    expect([image.status(), image.headers()["content-type"]]).toEqual([200, "image/webp"]);
    // Its Telugu page shows the Telugu title it was given (no Telugu description: the English one).
    await page.goto(page.url().replace(/\/auctions\//, "/te/auctions/"));
    expect(await page.locator("h1").innerText()).toBe(teluguTitle);
    expect(await page.getByText("A Pulasa caught this morning at Dowleswaram.").getAttribute("lang")).toBe("en");
    await page.goBack();

    // Cancelled with a reason: the list says so, and its page is gone.
    const auctionUrl = page.url();
    await page.goto("/admin-dashboard/auctions");
    await page.getByRole("listitem").filter({ hasText: title }).getByLabel("Reason for cancelling").fill("The catch was too small");
    await page.getByRole("listitem").filter({ hasText: title }).getByRole("button", { name: "Cancel auction" }).click();
    await page.waitForURL("**/admin-dashboard/auctions");
    expect(await toast(page)).toBe("Auction cancelled");
    expect(await page.getByRole("listitem").filter({ hasText: title }).innerText()).toContain("Cancelled · ₹1,500 · Total Bids: 0");
    expect(await page.getByRole("listitem").filter({ hasText: title }).innerText()).toContain("The catch was too small");
    expect((await page.request.get(auctionUrl)).status()).toBe(404);
    await expectNoAxeViolations(page);
    await close();
  });
});
