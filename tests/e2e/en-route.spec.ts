import { describe, expect, it } from "vitest";
import { baseUrl, moveStatus, newAccount, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();

const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };
const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

/** A fresh order number in the store's own shape (no 0, 1, I or O). */
const orderNumber = () => `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;

/** A packed order, weighed, its balance to be collected on delivery, for the evening of `date`: ready to ship. */
async function packedOrder(email: string, number: string, phone: string, date: string) {
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, final_total_paise, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, paid_at)
     SELECT '${number}', id, 'order_packed', 'balance_on_delivery', 2500000, 50000, 2500000, 'Lakshmi', 'Devi', '${phone}', '4-2 Temple Street', 'Kovvur', 'Andhra Pradesh', '534350', '${date}', 'evening', ${Date.now()} FROM users WHERE email = '${email}'`,
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, name, image, price_paise, quantity, weight_grams, final_paise) SELECT o.id, p.id, p.name, p.image, p.price_paise, 1, 1000, 2500000 FROM orders o, products p WHERE o.number = '${number}' AND p.slug = 'fresh-fish'`,
  );
}

/** The SMS entries of the development outbox, newest first, as a reader sees them. */
async function outboxTexts(page: import("playwright-core").Page) {
  await page.goto("/dev/mail");
  return page.getByRole("article", { name: /^SMS to / }).allInnerTexts();
}

describe.each(VARIANTS)("the en-route SMS ($javaScript, $viewport)", (variant) => {
  it(`marking an order shipped texts the customer; /dev/mail shows it with the order number (${variantName(variant)})`, async () => {
    const customer = await newAccount(`enroute.${variant.javaScript ? "js" : "nojs"}`, { name: "Lakshmi Devi" });
    const number = orderNumber();
    // Digits the store has never texted, so this order's message is the only one to them.
    const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await packedOrder(customer.email, number, phone, "2026-11-26");

    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    await admin.page.goto(`/admin-dashboard/orders/${number}`);
    const form = { intent: "status", status: "order_shipped", version: await admin.page.locator("input[name=version]").first().inputValue() };
    await moveStatus(admin.page, "Shipped");
    await expect.poll(() => toast(admin.page)).toMatch(/^Order status updated to Shipped!/);

    // The admin sees what went out, and to whom.
    const texts = admin.page.getByRole("region", { name: "Text messages" });
    await texts.waitFor();
    expect(await texts.innerText()).toContain(`On its way · SMS to ${phone}`);
    expect(await texts.innerText()).toContain("Sent to the development outbox");
    await inspect(admin.page, "en-route-admin-order", variant, { part: texts, darkScope: '[role="dialog"]' });

    // The same form posted again (a double submit, a replayed request) changes nothing and sends nothing.
    const replay = await admin.page.request.post(`${baseUrl()}/admin-dashboard/orders/${number}`, { form, headers: { Origin: baseUrl() }, maxRedirects: 0 });
    expect(replay.status()).toBe(409);

    const sms = await outboxTexts(admin.page);
    const ours = sms.filter((text) => text.includes(number));
    expect(ours).toHaveLength(1);
    // Newest first: this order's text heads the list, labelled SMS, with the phone number and the delivery.
    expect(sms[0]).toBe(ours[0]);
    expect(ours[0]).toMatch(/^SMS\b/);
    expect(ours[0]).toContain(phone);
    expect(ours[0]).toContain(`Godavari Pulasa: Your Pulasa order ${number} is on its way. Delivery: Thu, 26 November, Evening, 3:00 PM - 8:00 PM (IST).`);
    await inspect(admin.page, "en-route-dev-outbox", variant);
    await admin.close();
  }, 120_000);
});

describe("a text message that could not be sent", () => {
  it("stands out on the admin's order page with its tries and the provider's answer", async () => {
    const customer = await newAccount("enroute.failed", { name: "Lakshmi Devi" });
    const number = orderNumber();
    await packedOrder(customer.email, number, "+919876543210", "2026-11-26");
    await sql(`UPDATE orders SET status = 'order_shipped' WHERE number = '${number}'`);
    await sql(
      `INSERT INTO message_outbox (order_id, kind, to_phone, body, state, tries, next_attempt_at, last_error)
       SELECT id, 'en_route', phone, 'Godavari Pulasa: Your Pulasa order ${number} is on its way.', 'failed', 5, ${Date.now()}, 'The provider answered 503' FROM orders WHERE number = '${number}'`,
    );
    const variant: Variant = { javaScript: false, viewport: "phone" };
    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    await admin.page.goto(`/admin-dashboard/orders/${number}`);
    const texts = admin.page.getByRole("region", { name: "Text messages" });
    expect(await texts.getByRole("alert").innerText()).toBe("Failed after 5 tries: The provider answered 503");
    await inspect(admin.page, "en-route-admin-failed", variant, { part: texts, darkScope: '[role="dialog"]' });
    await admin.close();
  }, 120_000);
});
