import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { bidderSessions, firstOpenSlot } from "./auction-world";
import { expectNoAxeViolations, toast, useBrowser } from "./browser";
import { cardIn, openOrder, openPanel, requestBalance, setStatus } from "./money-steps";
import { SOFT_CLOSE_SECONDS } from "./global-setup";
import { freshId, useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();
const SOFT_CLOSE_MS = SOFT_CLOSE_SECONDS * 1_000;
/** The live auction test: its bids and pages, one soft-close window after the last bid, and the payment. */
const TIMEOUT_MS = 60_000 + 3 * SOFT_CLOSE_MS;

const bidder = bidderSessions(sql);

describe("live auction: two bidders, JavaScript off and on", () => {
  // The close comes one soft-close window after the last bid (the e2e store's window is seconds), so this test waits for it.
  it("bids from a JS-off page show up live on the other page, soft close extends the end, the winner pays the advance", { timeout: TIMEOUT_MS }, async () => {
    const id = freshId();
    // Ends one soft-close window from now: any bid before the end is inside the window, so it extends the end.
    const end = Date.now() + SOFT_CLOSE_MS;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'E2E Pulasa lot', 'A fresh Godavari Pulasa for the end-to-end test.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    const users = { live: freshId(), plain: freshId() };
    const live = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(users.live, "Latha Devi") });
    const plain = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(users.plain, "Mohan Rao") });

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
    // Both pages say why the end moved, with the auction's own extension.
    await expect.poll(() => live.page.getByTestId("extended").innerText()).toMatch(/^A late bid moved the end: it was .*, it is now .*\./);
    expect(await live.page.getByTestId("extended").innerText()).toContain(
      `A bid in the last ${SOFT_CLOSE_SECONDS} seconds keeps the auction open for ${SOFT_CLOSE_SECONDS} seconds after it.`,
    );
    expect(await plain.page.getByTestId("extended").innerText()).toContain("A late bid moved the end");

    // Watching: a plain form without JavaScript, the same form busy while it saves with it.
    await plain.page.getByRole("button", { name: "Watch this auction" }).click();
    await plain.page.waitForURL(`**/auctions/${id}`);
    expect(await toast(plain.page)).toBe("You are watching this auction. We will remind you 10 min before it ends.");
    expect(await plain.page.getByRole("button", { name: "Stop watching" }).count()).toBe(1);
    await live.page.getByRole("button", { name: "Watch this auction" }).click();
    await expect.poll(() => toast(live.page)).toBe("You are watching this auction. We will remind you 10 min before it ends.");
    await live.page.getByRole("button", { name: "Stop watching" }).click();
    await expect.poll(() => toast(live.page)).toBe("You stopped watching this auction.");
    await live.page.getByRole("button", { name: "Watch this auction" }).waitFor();

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
    const outbid = await sql(`SELECT type FROM notifications WHERE user_id = ${users.plain} AND auction_id = ${id}`);
    expect(outbid).toEqual([{ type: "outbid" }]);
    await expectNoAxeViolations(plain.page);

    // The JS-off bidder takes the lead back; the live page says so as it happens.
    await plain.page.getByLabel("Your bid (₹)").fill("1200");
    await plain.page.getByRole("button", { name: "Place Bid" }).click();
    await plain.page.waitForURL(`**/auctions/${id}`);
    expect(await toast(plain.page)).toBe("Bid placed successfully!");
    const lastBidAt = Date.now();
    await expect.poll(() => live.page.getByTestId("standing").innerText(), { timeout: 2_000 }).toContain("You have been outbid");
    // Wherever the leader is on the page, a toast says so as it happens.
    await expect.poll(() => toast(live.page)).toBe("You have been outbid");

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
    // Once it is over the page names the winner and every bid by the bid log's pseudonym, never by name.
    await expect.poll(() => live.page.getByTestId("winner").innerText()).toBe("Won by Bidder 1");
    await expect.poll(() => live.page.getByTestId("bid-history").innerText()).toContain("Bidder 2");
    expect(await live.page.getByTestId("bid-history").innerText()).not.toMatch(/Mohan|Latha/);
    expect(await live.page.getByRole("button", { name: /Watch this auction|Stop watching/ }).count()).toBe(0);
    await expect
      .poll(() => sql(`SELECT type FROM notifications WHERE user_id = ${users.live} AND auction_id = ${id} ORDER BY id`), { timeout: 10_000 })
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
    // A delivery date and slot are asked too, so the lot is on that day's packing list; none chosen is refused.
    expect(await plain.page.getByRole("group", { name: "Delivery" }).count()).toBe(1);
    await plain.page.getByRole("button", { name: "Pay ₹500" }).click();
    await expect.poll(() => plain.page.getByRole("main").innerText()).toContain("Please choose a delivery slot");
    await firstOpenSlot(plain.page).check();
    await plain.page.getByRole("button", { name: "Pay ₹500" }).click();
    // Without JavaScript, straight to a payment link for the advance.
    await plain.page.waitForURL(/\/sandbox\/link\/plink_/);
    await plain.page.getByRole("button", { name: "Pay", exact: true }).click();
    await plain.page.waitForURL(`**/orders/${number}`);
    expect(await toast(plain.page)).toBe("Payment successful! Order placed successfully!");
    const paid = await plain.page.getByRole("article").innerText();
    expect(paid).toContain("Order Raised");
    expect(paid).toMatch(/pay_[A-Za-z0-9]{14}/);
    expect(
      await sql(`SELECT status, source, auction_id, estimated_total_paise, final_total_paise, city, stock_held FROM orders WHERE number = '${number}'`),
    ).toEqual([
      {
        status: "order_raised",
        source: "auction",
        auction_id: id,
        estimated_total_paise: 120000,
        final_total_paise: 120000,
        city: "Rajahmundry",
        stock_held: 1,
      },
    ]);
    // A lot is sold at its price: its page never promises a weighing.
    expect(paid).not.toContain("weigh");
    // Paid: the auction page leads the winner to the order, no longer to paying.
    await plain.page.goto(`/auctions/${id}`);
    const link = plain.page.getByTestId("standing").getByRole("link");
    expect(await link.innerText()).toBe("View your order");
    expect(await link.getAttribute("href")).toBe(`/orders/${number}`);
    expect(live.errors).toEqual([]);
    await live.close();

    // From the admin's desk to the winner's door: no weighing, the balance (₹1,200 − ₹500) by a link.
    const admin = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(freshId(), "Store Admin", true) });
    await deliverLot(admin.page, plain.page, number, { balance: "₹700", how: "link" });
    expect(await plain.page.getByRole("article").innerText()).toContain("Your order has been delivered successfully.");
    expect(admin.errors).toEqual([]);
    await admin.close();
    await plain.close();
  });
});

describe("a lot won on the Telugu pages, JavaScript on, on a phone", () => {
  it("is paid in Telugu with a delivery slot, then reaches the door with its balance collected on delivery", { timeout: TIMEOUT_MS }, async () => {
    const id = freshId();
    const end = Date.now() + SOFT_CLOSE_MS;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise, title_te, description_te) VALUES (${id}, 'E2E Telugu lot', 'A Godavari Pulasa.', 2000000, 2000000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000, 'తెలుగు వేలం లాట్', 'గోదావరి పులస.')`,
    );
    const winner = await open({ javaScript: true, viewport: "phone" }, { cookies: await bidder(freshId(), "Sita Lakshmi") });
    await winner.page.goto(`/te/auctions/${id}`);
    await winner.page.getByTestId("live").waitFor();
    await winner.page.locator("#bid-amount").fill("20000");
    await winner.page.locator("#bid-amount").press("Enter");
    await expect.poll(() => winner.page.getByTestId("standing").innerText()).toBe("అత్యధిక బిడ్ మీదే");
    // On a phone the standing, the price, the time left and the bid form are on the first screen.
    await winner.page.evaluate(() => window.scrollTo(0, 0));
    for (const part of [
      winner.page.getByTestId("standing"),
      winner.page.getByTestId("current-price"),
      winner.page.getByTestId("end-time"),
      winner.page.locator("#bid-amount"),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(844);
    }
    // The close comes one soft-close window after the bid; the page turns by itself and offers the payment.
    const pay = winner.page.getByTestId("standing").getByRole("link");
    await pay.waitFor({ timeout: SOFT_CLOSE_MS + 30_000 });
    await pay.click();
    await winner.page.waitForURL(/\/te\/orders\/PUL-\d{4}-[A-Z0-9]{4}\/pay$/);
    const number = /PUL-\d{4}-[A-Z0-9]{4}/.exec(winner.page.url())![0];
    const main = winner.page.getByRole("main");
    await expect.poll(() => main.innerText()).toContain("తుది మొత్తం");
    const address = { firstName: "Sita", lastName: "Lakshmi", phone: "9876543210", address: "7-1 Canal Road, Dowleswaram", city: "Rajahmundry", zip: "533125" };
    for (const [name, value] of Object.entries(address)) await winner.page.locator(`[name="${name}"]`).fill(value);
    await winner.page.locator('[name="state"]').selectOption("Andhra Pradesh");
    await firstOpenSlot(winner.page).check();
    await main.getByRole("button").last().click();
    await winner.page.waitForURL(/\/sandbox\/checkout\//);
    await winner.page.getByRole("button", { name: "Pay", exact: true }).click();
    await winner.page.waitForURL(`**/te/orders/${number}`);
    expect(await sql(`SELECT status, stock_held, delivery_date IS NOT NULL AS booked FROM orders WHERE number = '${number}'`)).toEqual([
      { status: "order_raised", stock_held: 1, booked: 1 },
    ]);
    expect(await winner.page.getByRole("article").innerText()).not.toContain("తూకం");

    const admin = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(freshId(), "Store Admin", true) });
    await deliverLot(admin.page, winner.page, number, { balance: "₹19,500", how: "cash" });
    expect(winner.page.url()).toContain(`/te/orders/${number}`);
    expect(await sql(`SELECT kind, amount_paise FROM ledger WHERE order_id = (SELECT id FROM orders WHERE number = '${number}') ORDER BY id`)).toEqual([
      { kind: "capture", amount_paise: 50000 },
      { kind: "cash", amount_paise: 1950000 },
    ]);
    expect(winner.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.close();
    await winner.close();
  });
});

/**
 * The admin takes a paid lot to the door: confirmed and packed with no weighing, the balance asked by a link
 * (paid by the winner on the sandbox's page) or to be collected on delivery, then shipped and delivered. The
 * order is on its day's packing list. The winner's page (in their language) is reloaded at the end.
 */
async function deliverLot(admin: Page, winner: Page, number: string, balance: { balance: string; how: "link" | "cash" }) {
  await openOrder(admin, number);
  expect(await admin.getByText("Weight (grams)").count()).toBe(0);
  await setStatus(admin, "Confirmed");
  await setStatus(admin, "Packed");
  if (balance.how === "link") {
    await requestBalance(admin, balance.balance);
    const lang = new URL(winner.url()).pathname.startsWith("/te/") ? "/te" : "";
    await winner.goto(`${lang}/orders`);
    const link = await cardIn(winner, number).locator('a[href*="/sandbox/link/"]').getAttribute("href");
    await winner.goto(link!);
    await winner.getByRole("button", { name: "Pay", exact: true }).click();
    await winner.waitForURL(`**/orders/${number}`);
  } else {
    const cod = await openPanel(admin, "Paid on delivery");
    await cod.getByRole("button", { name: "Yes, go ahead" }).click();
    await expect.poll(() => toast(admin)).toBe("The balance will be collected in cash on delivery.");
  }
  const [{ delivery_date: date }] = (await sql(`SELECT delivery_date FROM orders WHERE number = '${number}'`)) as { delivery_date: string }[];
  await admin.goto(`/admin-dashboard/deliveries?date=${date}`);
  expect(await admin.getByRole("main").innerText()).toContain(number);
  await openOrder(admin, number);
  await setStatus(admin, "Shipped");
  await setStatus(admin, "Delivered");
  expect(await sql(`SELECT status FROM orders WHERE number = '${number}'`)).toEqual([{ status: "order_delivered" }]);
  await winner.goto(new URL(winner.url()).pathname.startsWith("/te/") ? `/te/orders/${number}` : `/orders/${number}`);
}

describe("the admin on an auction page", () => {
  it("sees why there is no bid form, and where to manage auctions", async () => {
    const id = freshId();
    const end = Date.now() + 3_600_000;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'Admin view lot', 'A lot the admin looks at.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    const { page, close } = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(freshId(), "Admin Person", true) });
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
    const { page, close } = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(freshId(), "Admin Person", true) });
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

describe("the bid log: receipts, the head while it runs, the published log and Verify", () => {
  it(
    "a closed auction's log verifies in the browser, JavaScript off and on, in English and Telugu; an altered one fails",
    { timeout: 60_000 + 3 * SOFT_CLOSE_MS },
    async () => {
      const id = freshId();
      const end = Date.now() + SOFT_CLOSE_MS;
      await sql(
        `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'Log Pulasa lot', 'A fresh Godavari Pulasa for the bid log test.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
      );
      const first = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(freshId(), "Padma Rani") });
      const second = await open({ javaScript: false, viewport: "desktop" }, { cookies: await bidder(freshId(), "Srinu Babu") });

      // Padma bids ₹1,000 with a maximum of ₹1,500; Srinu's ₹1,100 is answered by her maximum at ₹1,200.
      await first.page.goto(`/auctions/${id}`);
      await first.page.getByLabel("Your bid (₹)").fill("1000");
      await first.page.getByLabel("Your maximum (₹, optional)").fill("1500");
      await first.page.getByRole("button", { name: "Place Bid" }).click();
      await first.page.waitForURL(`**/auctions/${id}`);
      await second.page.goto(`/auctions/${id}`);
      await second.page.getByLabel("Your bid (₹)").fill("1100");
      await second.page.getByRole("button", { name: "Place Bid" }).click();
      await second.page.waitForURL(`**/auctions/${id}`);
      expect(await second.page.getByTestId("receipts").innerText()).toContain("No. 2 · Bid ₹1,100");

      // Padma's receipts: her bid and the proxy bid her maximum made; the last is the public head.
      await first.page.reload();
      const receipts = first.page.getByTestId("receipt");
      expect(await receipts.allInnerTexts()).toEqual([expect.stringContaining("No. 1 · Bid ₹1,000"), expect.stringContaining("No. 3 · Automatic bid ₹1,200")]);
      const headHash = await receipts.nth(1).getByTestId("receipt-hash").getAttribute("title");
      expect(headHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await first.page.getByTestId("auction-log-head").innerText()).toContain("latest entry No. 3");
      await expectNoAxeViolations(first.page);

      // Before the close the log page shows the head and says when the rest comes; the JSON has no entries yet.
      await first.page.getByRole("link", { name: "View the bid log" }).click();
      await first.page.waitForURL(`**/auctions/${id}/log`);
      expect(await first.page.getByTestId("log-unpublished").innerText()).toContain("published when the auction closes");
      expect(await first.page.getByTestId("log-head-hash").innerText()).toBe(headHash);
      const early = await first.page.request.get(`/api/auction/${id}/log`);
      expect(await early.json()).toMatchObject({ success: true, log: { published: false, entries: [], head: { seq: 3, hash: headHash } } });

      // The close comes one soft-close window after the last bid.
      for (let waited = 0; ; waited += 1_000) {
        if (waited > 2 * SOFT_CLOSE_MS + 30_000) throw new Error(`auction ${id} did not close`);
        const log = (await (await first.page.request.get(`/api/auction/${id}/log`)).json()) as { log: { published: boolean } };
        if (log.log.published) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      // JavaScript off: the whole log, the JSON link and the command; no Verify button.
      await first.page.reload();
      expect(await first.page.getByTestId("log-entries").getByRole("listitem").count()).toBe(4);
      expect(await first.page.getByTestId("log-result").innerText()).toBe("Result in the log: Bidder 1 at ₹1,200");
      expect(await first.page.getByTestId("log-command").innerText()).toMatch(new RegExp(`^npm run verify-auction -- http://[^ ]+/api/auction/${id}/log$`));
      expect(await first.page.getByTestId("verify").count()).toBe(0);
      expect(await first.page.getByTestId("log-json").getAttribute("href")).toBe(`/api/auction/${id}/log`);
      expect(await first.page.locator("body").innerText()).not.toMatch(/Padma|Srinu/);
      await first.page.goto(`/te/auctions/${id}/log`);
      expect(await first.page.getByTestId("log-result").innerText()).toBe("రికార్డులోని ఫలితం: బిడ్డర్ 1, ధర ₹1,200");
      expect(await first.page.getByTestId("verify").count()).toBe(0);
      await expectNoAxeViolations(first.page);

      // JavaScript on: Verify recomputes it in the browser.
      const viewer = await open({ javaScript: true, viewport: "phone" });
      await viewer.page.goto(`/auctions/${id}/log`);
      await viewer.page.getByTestId("verify").click();
      await expect.poll(() => viewer.page.getByTestId("verify-result").innerText()).toBe("Verified: 4 entries, winner Bidder 1 at ₹1,200");
      await expectNoAxeViolations(viewer.page);
      await viewer.page.goto(`/te/auctions/${id}/log`);
      await viewer.page.getByTestId("verify").click();
      await expect.poll(() => viewer.page.getByTestId("verify-result").innerText()).toBe("వెరిఫై అయింది: 4 ఎంట్రీలు, విజేత బిడ్డర్ 1, ధర ₹1,200");

      // A log altered on its way (Srinu's bid raised to ₹1,150) fails at that entry.
      await viewer.page.route(`**/api/auction/${id}/log`, async (route) => {
        const body = (await (await route.fetch()).json()) as { log: { entries: { seq: number; amount_paise: number }[] } };
        body.log.entries[1].amount_paise = 115_000;
        await route.fulfill({ json: body });
      });
      await viewer.page.goto(`/auctions/${id}/log`);
      await viewer.page.getByTestId("verify").click();
      await expect
        .poll(() => viewer.page.getByTestId("verify-result").innerText())
        .toBe("Verification failed at entry 2: its hash does not match its contents");

      // An auction that does not exist: the 404 page and a JSON 404.
      expect((await viewer.page.request.get("/auctions/999999999/log")).status()).toBe(404);
      expect((await viewer.page.request.get("/te/auctions/999999999/log")).status()).toBe(404);
      const missing = await viewer.page.request.get("/api/auction/999999999/log");
      expect([missing.status(), await missing.json()]).toEqual([404, { success: false, error: "Auction not found" }]);
      await Promise.all([first.close(), second.close(), viewer.close()]);
    },
  );
});
