import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addScalePhotos, baseUrl, expectNoAxeViolations, moveStatus, newAccount, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();

const newCustomer = (tag: string) => newAccount(`fulfil.${tag}`, { name: "Lakshmi Devi" });

/** A fresh order number in the store's own shape (no 0, 1, I or O). */
const orderNumber = () => `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;

/** A paid order (the advance captured through the sandbox), as the checkout suite leaves it. */
async function paidOrder(email: string, number: string, kg: number) {
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, stock_held, paid_at)
     SELECT '${number}', id, 'order_raised', 'advance_paid', ${2_500_000 * kg}, 50000, 'Lakshmi', 'Devi', '+919876543210', '4-2 Temple Street', 'Kovvur', 'Andhra Pradesh', '534350', 1, ${Date.now()} FROM users WHERE email = '${email}'`,
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, name, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.image, p.price_paise, ${kg} FROM orders o, products p WHERE o.number = '${number}' AND p.slug = 'fresh-fish'`,
  );
  const pay = `pay_${number.replaceAll("-", "")}`;
  await sql(
    `INSERT INTO payments (order_id, kind, provider, provider_ref, payment_id, amount_paise, status) SELECT id, 'advance', 'sandbox', 'order_${number}', '${pay}', 50000, 'paid' FROM orders WHERE number = '${number}'`,
  );
  // The sandbox gateway's own books and the store's ledger, as a real capture leaves them (a refund needs both).
  await sql(`INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES ('${pay}', 'payment', 'order_${number}', 50000, 'captured')`);
  await sql(
    `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, attempt_id) SELECT o.id, 'capture', 'advance', '${pay}', 'sandbox', 50000, 'done', p.id FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.number = '${number}'`,
  );
}

async function setStatus(page: Page, label: string) {
  await moveStatus(page, label);
  await expect.poll(() => toast(page)).toMatch(new RegExp(`^Order status updated to ${label}! Notification sent to customer\\.`));
}

const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };
const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

describe.each(VARIANTS)("admin fulfilment ($javaScript, $viewport)", (variant) => {
  it(`moves a paid order from raised to delivered with weighing and the balance paid (${variantName(variant)})`, async () => {
    const customer = await newCustomer(variant.javaScript ? "js" : "nojs");
    const number = orderNumber();
    await paidOrder(customer.email, number, 2);

    const admin = await open(variant);
    // Signing in lands on the dashboard's orders; the order is found by its phone typed as checkout suggests it.
    await signIn(admin.page, ADMIN);
    await admin.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
    await admin.page.getByLabel("Search by order number, name or phone").fill("+91 98765 43210");
    await admin.page.getByRole("button", { name: "Apply" }).click();
    await admin.page.waitForURL(/\?.*q=%2B91\+98765\+43210/);
    await admin.page.getByRole("link", { name: number }).filter({ visible: true }).waitFor();
    await admin.page.goto(`/admin-dashboard?q=${number}`);
    for (const name of ["Refresh Orders", "Logout"]) expect(await admin.page.locator("main").getByRole("button", { name }).count()).toBe(1);
    await expectNoAxeViolations(admin.page);
    await admin.page.getByRole("link", { name: number }).filter({ visible: true }).click();
    await admin.page.waitForURL(`**/admin-dashboard/orders/${number}`);
    await expectNoAxeViolations(admin.page);

    // Only the moves the money allows now are offered; the rest say what they wait for. The only move there
    // is is one button named for it; a list only where there is a choice.
    const region = () => admin.page.getByRole("region", { name: "Order status" });
    const offered = async () => [
      ...(
        await region()
          .getByRole("button", { name: /^Mark as / })
          .allInnerTexts()
      ).map((t) => t.replace(/^Mark as /, "")),
      ...(await region().getByRole("combobox").locator("option").allInnerTexts()),
    ];
    const status = () => region().innerText();
    expect(await offered()).toEqual(["Confirmed"]);
    expect(await region().getByRole("combobox").count()).toBe(0);
    expect(await region().getByRole("button", { name: "Update status" }).count()).toBe(0);
    expect(await status()).toContain("Packed: weigh first (record every line's weight).");
    expect(await status()).toContain("Delivered: weigh first (record every line's weight).");
    await setStatus(admin.page, "Confirmed");
    // Grams are typed as every count is: "1e3" is no count (the field refuses it before it is sent), "2,150" is.
    const grams = admin.page.getByLabel("Weight (grams)");
    await grams.fill("1e3");
    await admin.page.getByRole("button", { name: "Save weights" }).click();
    expect(await grams.evaluate((field: HTMLInputElement) => field.validity.patternMismatch)).toBe(true);
    expect(await sql(`SELECT i.weight_grams AS grams FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.number = '${number}'`)).toEqual([
      { grams: null },
    ]);
    await grams.fill("2,150");
    await addScalePhotos(admin.page);
    await admin.page.getByRole("button", { name: "Save weights" }).click();
    await expect.poll(() => toast(admin.page)).toBe("Weights saved. Final price ₹53,750; balance ₹53,250.");
    await setStatus(admin.page, "Packed");
    // Nothing ships before the balance is settled: not offered, and the page says why.
    expect(await offered()).toEqual([]);
    expect(await status()).toContain("Delivered: balance due (paid, or set to be collected on delivery).");
    // A money action asks first.
    await admin.page.getByText("Request balance", { exact: true }).click();
    await admin.page.getByText("Send the customer a payment link for the balance of ₹53,250?").waitFor();
    await admin.page.getByRole("button", { name: "Yes, go ahead" }).click();
    await expect.poll(() => toast(admin.page)).toBe("Balance of ₹53,250 requested. The customer has been sent a payment link.");

    // The customer pays the balance from My Orders in the sandbox and sees every notice in the bell.
    const shopper = await open(variant);
    await signIn(shopper.page, customer);
    await shopper.page.goto(`/orders/${number}`);
    // Weighed, what comes next is the balance, not the catch.
    const card = await shopper.page.getByRole("article").innerText();
    expect(card).toContain("Your fish is weighed. Pay the balance of ₹53,250 with the button below; it ships once the balance is paid.");
    expect(card).not.toContain("We catch and weigh your fish");
    await shopper.page.getByRole("link", { name: "Pay balance" }).click();
    await shopper.page.getByRole("heading", { name: "Razorpay sandbox" }).waitFor();
    await shopper.page.getByRole("button", { name: "Pay" }).click();
    // The gateway's return lands on the order page once the payment is settled; a loaded machine takes a while.
    await shopper.page.waitForURL(`**/orders/${number}`);
    await expect.poll(async () => String((await sql(`SELECT payment_state FROM orders WHERE number = '${number}'`))[0].payment_state)).toBe("balance_paid");

    await admin.page.reload();
    // Paid: shipping or delivering at once is a real choice, so it is a list.
    expect(await offered()).toEqual(["Shipped", "Delivered"]);
    await setStatus(admin.page, "Shipped");
    expect(await offered()).toEqual(["Delivered"]);
    await setStatus(admin.page, "Delivered");
    // A delivered order is closed: no status form, and it says so.
    expect(await offered()).toEqual([]);
    expect(await status()).toContain("This order is closed: no further status changes.");
    const history = await admin.page.getByRole("region", { name: "History" }).innerText();
    for (const step of ["Order Raised → Confirmed", "Packed → Shipped", "Shipped → Delivered", "Store Admin (local only)"]) expect(history).toContain(step);

    await shopper.page.goto("/");
    const bell = shopper.page
      .getByRole("link", { name: /^Notifications, \d+ unread$/ })
      .filter({ visible: true })
      .first();
    expect(Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1])).toBeGreaterThanOrEqual(6);
    await bell.click();
    if (variant.javaScript) {
      // The panel shows the newest notices and marks them read; the full list is one link away.
      const panel = shopper.page.getByRole("dialog", { name: "Notifications" });
      await expect.poll(() => panel.innerText()).toContain("Your order has been delivered successfully.");
      await expect.poll(() => shopper.page.getByRole("link", { name: "Notifications, 0 unread" }).count()).toBeGreaterThan(0);
      await shopper.page.keyboard.press("Escape");
      expect(await panel.count()).toBe(0);
      await shopper.page.goto("/notifications");
    }
    await shopper.page.waitForURL("**/notifications");
    await shopper.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    const list = await shopper.page.locator("main").innerText();
    for (const text of ["Your fish is weighed", "Balance due", "Balance received", "Your order has been delivered successfully."]) expect(list).toContain(text);
    await expectNoAxeViolations(shopper.page);
    if (!variant.javaScript) {
      await shopper.page.getByRole("button", { name: "Mark all as read" }).click();
      await expect.poll(() => toast(shopper.page)).toBe("All notifications marked as read.");
    }
    await expect.poll(() => shopper.page.getByRole("link", { name: "Notifications, 0 unread" }).count()).toBeGreaterThan(0);
    const outbox = await (await fetch(`${baseUrl()}/dev/mail`)).text();
    expect(outbox).toContain(`Order ${number}: Delivered`);
    // The overlay closes with its × and, with JavaScript, with Escape.
    await admin.page.getByRole("link", { name: "Close order" }).click();
    await admin.page.waitForURL(/\/admin-dashboard$/);
    if (variant.javaScript) {
      await admin.page.goto(`/admin-dashboard/orders/${number}`);
      // Focus moves into the panel once the page is hydrated; only then does Escape have a listener.
      await expect.poll(() => admin.page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("dialog");
      await admin.page.keyboard.press("Escape");
      await admin.page.waitForURL(/\/admin-dashboard$/);
      await expect.poll(() => admin.page.getByRole("dialog").count()).toBe(0);
    }
    await shopper.close();
    await admin.close();
  }, 180_000);
});

describe("a cancelled order", () => {
  it("refunds the advance, and the customer is told", async () => {
    const customer = await newCustomer("cancel");
    const number = orderNumber();
    await paidOrder(customer.email, number, 1);
    const admin = await open({ javaScript: false, viewport: "desktop" });
    await signIn(admin.page, ADMIN);
    await admin.page.goto(`/admin-dashboard/orders/${number}`);
    await admin.page.getByText("Cancel order", { exact: true }).click();
    await admin.page.getByLabel("Reason (shown to the customer)").fill("No catch at Dowleswaram today");
    await admin.page.getByRole("button", { name: "Cancel the order and refund" }).click();
    await expect.poll(() => toast(admin.page)).toMatch(/^Order status updated to Cancelled!/);
    const money = await admin.page.getByRole("region", { name: "Payments" }).innerText();
    expect(money).toContain("Refunded");
    expect(money).toContain("Refund · cancellation");
    await admin.close();
    const shopper = await open({ javaScript: false, viewport: "phone" });
    await signIn(shopper.page, customer);
    await shopper.page.goto("/notifications");
    const notices = await shopper.page.locator("main").innerText();
    expect(notices).toContain("Reason: No catch at Dowleswaram today");
    expect(notices).toContain("Refunded: ₹500");
    await shopper.page.goto(`/orders/${number}`);
    const card = await shopper.page.getByRole("article").innerText();
    expect(card).toContain("Cancelled: No catch at Dowleswaram today");
    expect(card).toMatch(/Refunded ₹500 on /);
    await shopper.close();
  }, 120_000);

  it("is refused to a customer: the dashboard redirects home with the spec's message", async () => {
    const customer = await newCustomer("denied");
    const page = (await open({ javaScript: false, viewport: "phone" })).page;
    await signIn(page, customer);
    await page.goto("/admin-dashboard");
    await page.waitForURL(baseUrl() + "/");
    await expect.poll(() => toast(page)).toBe("Access denied. Admin privileges required.");
  });
});
