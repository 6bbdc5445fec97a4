import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, DEV_ADMIN, expectNoAxeViolations, newAccount, signIn, toast, useBrowser } from "./browser";
import { ADMIN, post, sessionOf } from "./http";
import { roomyDate, useLocalDb } from "./local-db";
import { typeAddressByName } from "./shop";

/**
 * The season before the fish: the admin opens pre-booking for a sold-out fish (no JavaScript), two shoppers book
 * and pay the ₹500 advance (Telugu on a phone without JavaScript, English on a desktop with it) and see their place
 * in the queue; a catch fills the queue in the order paid, the filled shopper is told in their language, and
 * closing the season refunds the one still queued in full.
 */
const open = useBrowser();
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);

/** A product of this run on sale with no catch at all: sold out for every date offered. Last in the catalogue. */
async function soldOutProduct() {
  const slug = `season-pulasa-${tag()}`;
  const [row] = await sql(
    `INSERT INTO products (slug, name, name_te, description, price_paise, image, category, unit, min_qty, max_qty, sort_order)
     VALUES (?, 'Season Pulasa', 'సీజన్ పులస', 'From the Godavari, booked for the season.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 5, 9999) RETURNING id`,
    slug,
  );
  return { id: Number(row.id), slug };
}

/** The booking form's own fields and the address typed by name (its labels are in the page's language). */
async function book(page: Page, quantity: string, lastDate: string, pay: string) {
  await page.locator('select[name="quantity"]').selectOption(quantity);
  await page.locator('input[name="latestDate"]').fill(lastDate);
  // An account that booked or checked out before has its address saved: a new one is typed.
  await typeAddressByName(page);
  await page.getByRole("button", { name: pay }).click();
}

/** Pays on the sandbox gateway's page and waits for the order page it returns to, which says the place is kept; the order's number. */
async function payAdvance(page: Page, booked: string): Promise<string> {
  await page.waitForURL(/\/sandbox\/link\/plink_/);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(/\/orders\/PUL-\d{4}-[A-Z0-9]{4}$/);
  await expect.poll(() => toast(page)).toBe(booked);
  return /PUL-\d{4}-[A-Z0-9]{4}/.exec(page.url())![0];
}

const queueText = (page: Page) => page.getByTestId("queue-place").innerText();

describe("season pre-booking", () => {
  it("opens, books in Telugu (phone, JS off) and English (desktop, JS on), fills in the order paid and refunds the rest at the close", async () => {
    const product = await soldOutProduct();
    const ravi = await newAccount("season-te", { name: "Ravi Kumar" });
    const asha = await newAccount("season-en", { name: "Asha Rani" });

    // The admin opens pre-booking on the product's page, with plain forms.
    const admin = await open({ javaScript: false, viewport: "desktop" });
    await signIn(admin.page, DEV_ADMIN);
    await admin.page.goto(`/admin-dashboard/products/${product.id}`);
    expect(await admin.page.getByTestId("season-status").innerText()).toBe("Closed: shoppers cannot pre-book this product.");
    await admin.page.getByLabel("Last delivery date of the season").fill(istDay(-1));
    await admin.page.getByRole("button", { name: "Open pre-booking" }).click();
    expect(await admin.page.getByRole("alert").innerText()).toBe("Choose a last date after today and at most a year ahead");
    await admin.page.getByLabel("Last delivery date of the season").fill(istDay(30));
    await admin.page.getByRole("button", { name: "Open pre-booking" }).click();
    await admin.page.waitForURL(new RegExp(`/admin-dashboard/products/${product.id}`));
    expect(await admin.page.getByTestId("season-status").innerText()).toMatch(/^Open until .+: shoppers can pre-book this product\.$/);

    // Telugu, phone, no JavaScript: the product page's card leads to the booking page through the login.
    const te = await open({ javaScript: false, viewport: "phone" });
    await te.page.goto(`/te/products/${product.slug}`);
    await te.page.getByTestId("season-card").getByRole("link", { name: "సీజన్‌కు ముందే బుక్ చేయండి" }).click();
    await te.page.waitForURL(/\/te\/login\?redirectTo=/);
    await te.page.getByLabel("ఈమెయిల్", { exact: true }).fill(ravi.email);
    await te.page.getByLabel("పాస్‌వర్డ్", { exact: true }).fill(ravi.password);
    await te.page.getByRole("button", { name: "లాగిన్", exact: true }).click();
    await te.page.waitForURL(new RegExp(`/te/season/${product.slug}$`));
    expect(await te.page.locator("h1").innerText()).toBe("సీజన్‌కు సీజన్ పులస ముందే బుక్ చేయండి");
    await expectNoAxeViolations(te.page);
    // A last date past the season's end is refused beside its field, in Telugu, and nothing is made.
    await book(te.page, "2", istDay(31), "₹500 చెల్లించి బుక్ చేయండి");
    expect(await te.page.getByRole("main").innerText()).toContain("ముందస్తు బుకింగ్");
    expect(await te.page.getByRole("main").innerText()).toMatch(/వరకే: ఆ తేదీ లేదా అంతకు ముందుది ఎంచుకోండి/);
    expect(await sql("SELECT count(*) AS n FROM orders WHERE source = 'season' AND user_id = (SELECT id FROM users WHERE email = ?)", ravi.email)).toEqual([
      { n: 0 },
    ]);
    await book(te.page, "2", istDay(20), "₹500 చెల్లించి బుక్ చేయండి");
    const raviOrder = await payAdvance(te.page, "చెల్లింపు విజయవంతం! సీజన్ క్యూలో మీ స్థానం ఖాయమైంది.");
    await te.page.goto(`/te/orders/${raviOrder}`);
    expect(await te.page.getByRole("main").innerText()).toContain("ముందే బుక్ చేశారు");
    expect(await queueText(te.page)).toContain("2 కిలోలు కోసం క్యూలో మీరు 1వ స్థానంలో ఉన్నారు");

    // English, desktop, JavaScript on: second in the queue.
    const en = await open({ javaScript: true, viewport: "desktop" });
    await signIn(en.page, asha);
    await en.page.goto(`/products/${product.slug}`);
    await en.page.getByTestId("season-card").getByRole("link", { name: "Book for the season" }).click();
    await en.page.waitForURL(new RegExp(`/season/${product.slug}$`));
    await en.page.getByRole("heading", { name: "Book Season Pulasa for the season" }).waitFor();
    await book(en.page, "1", istDay(20), "Pay ₹500 and book");
    const ashaOrder = await payAdvance(en.page, "Payment successful! Your place in the season's queue is kept.");
    const receipts = await (await fetch(`${baseUrl()}/dev/mail`)).text();
    expect(receipts.slice(receipts.indexOf(asha.email))).toContain(`Pre-booking ${ashaOrder}: your place in the queue is kept`);
    await expect.poll(() => queueText(en.page)).toMatch(/^You are 2nd in the queue for 1 kg, for delivery by .+\./);
    // Booking the same fish again while queued is refused.
    await en.page.goto(`/season/${product.slug}`);
    await en.page.getByRole("heading", { name: "Book Season Pulasa for the season" }).waitFor();
    await en.page.waitForLoadState("networkidle");
    await book(en.page, "1", istDay(20), "Pay ₹500 and book");
    await expect.poll(() => en.page.getByRole("main").innerText()).toContain("You already have a pre-booking for this fish: see it in My Orders.");

    // The admin sees the queue and what 2 kg tomorrow would fill first.
    await admin.page.goto(`/admin-dashboard/products/${product.id}`);
    expect(await admin.page.getByTestId("season-queue").innerText()).toMatch(/^2 pre-bookings waiting, 3 kg in all; the oldest paid .+\.$/);
    await admin.page.getByLabel("Catch", { exact: true }).fill("2");
    await admin.page.getByRole("button", { name: "Show" }).click();
    expect(await admin.page.getByTestId("season-preview").innerText()).toMatch(
      new RegExp(`^A catch of 2 kg on .+ fills 1 pre-bookings first \\(${raviOrder}\\), leaving 0 kg for the waitlist and new orders\\.$`),
    );

    // Tomorrow's slots get room to spare (the other suites' orders may have filled them), put back at the end.
    const putBack = await roomyDate(sql, istDay(1));
    // 2 kg land for tomorrow: the first paid is filled (a new order could not have taken it), the second keeps its place.
    const session = await sessionOf(ADMIN);
    expect((await post("/admin-dashboard/catch", { [`catch.${product.id}.${istDay(1)}`]: "2" }, { Cookie: `__session=${session}` })).status).toBe(302);
    expect(await sql("SELECT number, status, delivery_date, stock_held FROM orders WHERE number IN (?, ?) ORDER BY paid_at", raviOrder, ashaOrder)).toEqual([
      { number: raviOrder, status: "order_raised", delivery_date: istDay(1), stock_held: 1 },
      { number: ashaOrder, status: "prebooked", delivery_date: null, stock_held: 0 },
    ]);
    const mail = await (await fetch(`${baseUrl()}/dev/mail`)).text();
    expect(mail.slice(mail.indexOf(ravi.email))).toContain("మీరు ముందే బుక్ చేసిన సీజన్ పులస సిద్ధం");
    await te.page.goto(`/te/orders/${raviOrder}`);
    expect(await te.page.getByTestId("queue-place").count()).toBe(0);
    // The filled shopper takes the day's other slot from the order page (a plain form).
    const [{ delivery_slot: given }] = await sql("SELECT delivery_slot FROM orders WHERE number = ?", raviOrder);
    await te.page.getByRole("region", { name: "మీ డెలివరీ స్లాట్" }).locator("input[name=slot]:not(:checked):not([disabled])").first().check();
    await te.page.getByRole("button", { name: "స్లాట్ మార్చండి" }).click();
    await expect.poll(() => toast(te.page)).toMatch(/^మీ డెలివరీ ఇప్పుడు .+\.$/);
    const [{ delivery_slot: taken, delivery_date: day }] = await sql("SELECT delivery_slot, delivery_date FROM orders WHERE number = ?", raviOrder);
    expect([taken, day]).toEqual([given === "morning" ? "evening" : "morning", istDay(1)]);
    await en.page.goto(`/orders/${ashaOrder}`);
    await expect.poll(() => queueText(en.page)).toContain("You are 1st in the queue for 1 kg");

    // Closing the season refunds the one still queued in full, and the product page stops offering it.
    await admin.page.goto(`/admin-dashboard/products/${product.id}`);
    await admin.page.getByRole("button", { name: "Close the season" }).click();
    await admin.page.waitForURL(new RegExp(`/admin-dashboard/products/${product.id}`));
    expect(await toast(admin.page)).toBe("The season is closed. 1 pre-bookings were cancelled and refunded in full.");
    await en.page.goto(`/orders/${ashaOrder}`);
    const page = await en.page.getByRole("main").innerText();
    expect(page).toContain("Pre-booking for the season is closed: the ₹500 advance is refunded in full.");
    expect(page).toContain("₹500");
    expect(await sql("SELECT kind, amount_paise FROM ledger WHERE order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY id", ashaOrder)).toEqual([
      { kind: "capture", amount_paise: 50000 },
      { kind: "refund", amount_paise: 50000 },
    ]);
    await en.page.goto(`/products/${product.slug}`);
    expect(await en.page.getByTestId("season-card").count()).toBe(0);
    await Promise.all([admin.close(), te.close(), en.close()]);
    // This run's fish leaves the catalogue, which the suites after it count as the seed's.
    await sql("UPDATE products SET hidden = 1 WHERE id = ?", product.id);
    await putBack();
  });
});
