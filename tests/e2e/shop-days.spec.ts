import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDelivery } from "../../app/delivery/slots";
import { addScalePhotos, newAccount, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { ADMIN } from "./http";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";

/** Running the shop day to day in Chromium, with JavaScript off and on: moving a delivery, the cart at the catch, counting packs. */
const open = useBrowser();
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const code = () => Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("");
const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

/** A paid order of `lines` (product slug, quantity) for the customer, delivered tomorrow evening, as the checkout leaves it. */
async function paidOrder(email: string, lines: [string, number][]) {
  const number = `PUL-2611-${code()}`;
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, stock_held, paid_at)
     SELECT ?, id, 'order_raised', 'advance_paid', 2500000, 50000, 'Lakshmi', 'Devi', '+919876543210', '4-2 Temple Street', 'Kovvur', 'Andhra Pradesh', '534350', ?, 'evening', 1, ? FROM users WHERE email = ?`,
    number,
    istDay(1),
    Date.now(),
    email,
  );
  for (const [slug, quantity] of lines) {
    await sql(
      `INSERT INTO order_items (order_id, product_id, name, image, price_paise, unit, quantity) SELECT o.id, p.id, p.name, p.image, p.price_paise, p.unit, ? FROM orders o, products p WHERE o.number = ? AND p.slug = ?`,
      quantity,
      number,
      slug,
    );
  }
  return number;
}

/** Sets a product's catch for the checkout's three dates (public pages follow at once). */
async function catchFor(slug: string, quantity: number) {
  for (const date of [istDay(0), istDay(1), istDay(2)]) {
    await sql(
      "INSERT INTO catch_days (product_id, delivery_date, quantity) SELECT id, ?, ? FROM products WHERE slug = ? ON CONFLICT DO UPDATE SET quantity = excluded.quantity",
      date,
      quantity,
      slug,
    );
  }
  await sql("INSERT INTO site_versions (name, version) VALUES ('catalogue', 2) ON CONFLICT (name) DO UPDATE SET version = version + 1");
}

/**
 * Runs `act` and waits until every request it started is answered (a navigation, or a fetcher's post and the
 * page's reload of its data): the test's own SQL then never runs beside the store's, which the local SQLite
 * file answers with "database is locked".
 */
async function settled(page: Page, act: () => Promise<unknown>) {
  const pending = new Set<Request>();
  const start = (r: Request) => pending.add(r);
  const end = (r: Request) => pending.delete(r);
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  await act();
  // Quiet for half a second: a revalidation starts only after its action's answer.
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    await page.waitForTimeout(100);
    if (pending.size > 0) quietSince = Date.now();
  }
  page.off("request", start);
  page.off("requestfinished", end);
  page.off("requestfailed", end);
}

describe.each(VARIANTS)("running the shop day to day ($javaScript, $viewport)", (variant) => {
  it(`the admin moves a delivery and the customer is told the new date and slot (${variantName(variant)})`, async () => {
    const customer = await newAccount(`move.${variant.javaScript ? "js" : "nojs"}`, { name: "Lakshmi Devi" });
    const number = await paidOrder(customer.email, [["fresh-fish", 1]]);
    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    // A second tab on the same order, left open while the first moves it.
    const stale = await admin.context.newPage();
    await stale.goto(`/admin-dashboard/orders/${number}`);
    await admin.page.goto(`/admin-dashboard/orders/${number}`);
    const section = admin.page.getByRole("region", { name: "Delivery date and slot" });
    expect(await section.innerText()).toContain(`Booked for ${formatDelivery(istDay(1), "evening")}.`);
    // 'Move to' shows where the order is booked now, never another date or slot it was not asked for.
    expect(await section.getByLabel("Move to").inputValue()).toBe(`${istDay(1)}.evening`);
    await section.getByLabel("Move to").selectOption(`${istDay(2)}.morning`);
    await settled(admin.page, () => section.getByRole("button", { name: "Move delivery" }).click());
    const when = formatDelivery(istDay(2), "morning");
    await expect.poll(() => toast(admin.page)).toBe(`Delivery moved to ${when}. The customer has been told.`);
    expect(await section.innerText()).toContain(`Booked for ${when}.`);
    // The form shows the date and slot booked now.
    expect(await section.getByLabel("Move to").inputValue()).toBe(`${istDay(2)}.morning`);
    expect(await sql("SELECT delivery_date AS date, delivery_slot AS slot FROM orders WHERE number = ?", number)).toEqual([
      { date: istDay(2), slot: "morning" },
    ]);
    await inspect(admin.page, "admin-move-delivery", variant, { part: section, darkScope: '[role="dialog"]' });
    // The other tab's form was made for the order before the move: refused, and it says why.
    await settled(stale, () => stale.getByRole("region", { name: "Delivery date and slot" }).getByRole("button", { name: "Move delivery" }).click());
    await stale.getByRole("alert").waitFor();
    expect(await stale.getByRole("alert").innerText()).toBe("This order was updated by someone else. Reload to see the latest.");
    expect(await sql("SELECT delivery_date AS date FROM orders WHERE number = ?", number)).toEqual([{ date: istDay(2) }]);
    await admin.close();
    const shopper = await open(variant);
    await signIn(shopper.page, customer);
    await shopper.page.goto("/notifications");
    expect(await shopper.page.locator("main").innerText()).toContain(`We moved the delivery of order ${number} to ${when}.`);
    await shopper.page.goto(`/orders/${number}`);
    expect(await shopper.page.getByRole("article").innerText()).toContain(when);
    await shopper.close();
  }, 120_000);

  it(`the cart holds no more than the catch, and says so on the product page and in the cart (${variantName(variant)})`, async () => {
    const slug = `cap-${code().toLowerCase()}`;
    const name = `Cap Test Fish ${slug}`;
    await sql(
      "INSERT INTO products (slug, name, description, price_paise, image, category, unit, min_qty, max_qty) VALUES (?, ?, 'Caught for the cart test.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 10)",
      slug,
      name,
    );
    await catchFor(slug, 2);
    const shopper = await open(variant);
    await signIn(shopper.page, await newAccount(`cap.${variant.javaScript ? "js" : "nojs"}`, { name: "Asha Rani" }));
    await shopper.page.goto(`/products/${slug}`);
    for (let i = 0; i < 3; i++) {
      await shopper.page.getByRole("button", { name: "Add to Cart" }).click();
      await expect.poll(() => toast(shopper.page)).toMatch(i < 2 ? new RegExp(`^${name} added to cart$`) : new RegExp(`^Only 2 kg of ${name} left for `));
      await shopper.page.waitForURL(`**/products/${slug}`);
    }
    await shopper.page.goto("/cart");
    const line = shopper.page.locator("main li", { hasText: name });
    expect(await line.getByRole("button", { name: `Add one more ${name}` }).isDisabled()).toBe(true);
    expect(await line.innerText()).toMatch(new RegExp(`2 kg[\\s\\S]*Only 2 kg of ${name} left for `));
    // Others buy the catch while the cart is open: the next + is capped by the server at what is left.
    await catchFor(slug, 3);
    await settled(shopper.page, () => shopper.page.reload());
    await settled(shopper.page, () => line.getByRole("button", { name: `Remove one ${name}` }).click());
    expect(await line.getByRole("status").innerText()).toBe("1 kg");
    await catchFor(slug, 1);
    await settled(shopper.page, () => line.getByRole("button", { name: `Add one more ${name}` }).click());
    await expect.poll(() => toast(shopper.page)).toMatch(new RegExp(`^Only 1 kg of ${name} left for `));
    expect(await line.getByRole("status").innerText()).toBe("1 kg");
    expect(await sql("SELECT c.quantity FROM cart_items c JOIN products p ON p.id = c.product_id WHERE p.slug = ?", slug)).toEqual([{ quantity: 1 }]);
    await inspect(shopper.page, "cart-at-the-catch", variant, { part: line });
    await shopper.close();
    // This run's fish leaves the catalogue, which the suites after it count as the seed's.
    await sql("UPDATE products SET hidden = 1 WHERE slug = ?", slug);
  }, 120_000);

  it(`a curry line is counted in packs at weighing, never in grams (${variantName(variant)})`, async () => {
    const customer = await newAccount(`packs.${variant.javaScript ? "js" : "nojs"}`, { name: "Lakshmi Devi" });
    const number = await paidOrder(customer.email, [
      ["fresh-fish", 2],
      ["curry", 3],
    ]);
    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    await admin.page.goto(`/admin-dashboard/orders/${number}`);
    const lines = admin.page.getByRole("region", { name: "Lines" });
    expect(await lines.innerText()).toMatch(/Curry × 3 packs[\s\S]*₹25,800 per pack/);
    expect(await lines.getByLabel("Packs delivered").inputValue()).toBe("3");
    await lines.getByLabel("Weight (grams)").fill("2150");
    await lines.getByLabel("Packs delivered").fill("2");
    await addScalePhotos(lines);
    await settled(admin.page, () => lines.getByRole("button", { name: "Save weights" }).click());
    await expect.poll(() => toast(admin.page)).toBe("Weights saved. Final price ₹1,05,350; balance ₹1,04,850.");
    expect(await admin.page.getByRole("region", { name: "Lines" }).innerText()).toContain("Final price ₹51,600");
    await inspect(admin.page, "admin-pack-lines", variant, { part: lines, darkScope: '[role="dialog"]' });
    await admin.close();
  }, 120_000);
});
