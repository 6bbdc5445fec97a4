import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, newAccount, signIn, useBrowser } from "./browser";
import { ADMIN, post, sessionOf } from "./http";
import { roomyDate, useLocalDb } from "./local-db";
import { arrive, SANDBOX_PAGE, submitCheckout, VALID_SHIPPING } from "./shop";

/**
 * "Tell me when it lands": two shoppers join a sold-out fish's line (one in Telugu on a phone without
 * JavaScript, one in English on a desktop with it), the seller adds catch on the catch screen, each is mailed a
 * hold in their language, and the link opens the checkout with the held quantity.
 */
const open = useBrowser();
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);

/** A product of this run on sale with no catch at all: sold out for every date offered. Last in the catalogue. */
async function soldOutProduct() {
  const slug = `waitlist-pulasa-${tag()}`;
  const [row] = await sql(
    `INSERT INTO products (slug, name, description, price_paise, image, category, unit, min_qty, max_qty, sort_order)
     VALUES (?, 'Waitlist Pulasa', 'From the Godavari, for the waitlist.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 5, 9999) RETURNING id`,
    slug,
  );
  return { id: Number(row.id), slug };
}

/** The newest hold link mailed to `email` (the outbox lists the newest first). */
async function holdLink(email: string): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/dev/mail`)).text();
  const from = html.indexOf(email);
  expect(from).toBeGreaterThan(-1);
  const link = /https?:\/\/[^\s<"]+\/waitlist\/\d+/.exec(html.slice(from))?.[0];
  expect(link).toBeDefined();
  return new URL(link!).pathname;
}

async function join(page: Page, labels: { quantity: string; zip: string; join: string }, quantity: string, zip: string) {
  await page.getByLabel(labels.quantity).selectOption(quantity);
  await page.getByLabel(labels.zip).fill(zip);
  await page.getByRole("button", { name: labels.join }).click();
}

describe("a sold-out fish's waitlist", () => {
  it("joins in Telugu (phone, JS off) and English (desktop, JS on); the catch serves the line in order and the mailed link checks out the held quantity", async () => {
    const product = await soldOutProduct();
    const ravi = await newAccount("waitlist-te", { name: "Ravi Kumar" });
    const asha = await newAccount("waitlist-en", { name: "Asha Rani" });

    // Telugu, phone, no JavaScript: a wrong pincode is refused beside its field, then the shopper joins first.
    const te = await open({ javaScript: false, viewport: "phone" });
    await te.page.goto(`/te/products/${product.slug}`);
    await te.page.getByRole("link", { name: "వరుసలో చేరడానికి లాగిన్ చేయండి" }).click();
    await te.page.waitForURL(/\/te\/login\?redirectTo=/);
    await te.page.getByLabel("ఈమెయిల్", { exact: true }).fill(ravi.email);
    await te.page.getByLabel("పాస్‌వర్డ్", { exact: true }).fill(ravi.password);
    await te.page.getByRole("button", { name: "లాగిన్", exact: true }).click();
    await te.page.waitForURL(new RegExp(`/te/products/${product.slug}$`));
    const teLabels = { quantity: "మీకు కావలసిన పరిమాణం", zip: "డెలివరీ పిన్‌కోడ్", join: "వరుసలో చేరండి" };
    await join(te.page, teLabels, "2", "110001");
    await expect.poll(() => te.page.getByTestId("waitlist").innerText()).toContain("ప్రస్తుతం మేము ఆంధ్రప్రదేశ్, తెలంగాణలో మాత్రమే డెలివరీ చేస్తాం");
    await join(te.page, teLabels, "2", "533101");
    await expect.poll(() => te.page.getByTestId("waitlist").innerText()).toContain("2 కిలోలు కోసం వరుసలో మీది 1వ స్థానం.");

    // English, desktop, JavaScript on: second in line; joining again is not offered, leaving is.
    const en = await open({ javaScript: true, viewport: "desktop" });
    await signIn(en.page, asha);
    await en.page.goto(`/products/${product.slug}`);
    await join(en.page, { quantity: "How much you want", zip: "Delivery pincode", join: "Join the waitlist" }, "1", "500 001");
    await expect.poll(() => en.page.getByTestId("waitlist").innerText()).toContain("You are 2nd in line for 1 kg.");
    await expect.poll(() => en.page.getByRole("button", { name: "Leave the line" }).count()).toBe(1);

    // The seller adds 3 kg for tomorrow on the catch screen: both are served, in order.
    const putBack = await roomyDate(sql, istDay(1));
    const admin = await sessionOf(ADMIN);
    const saved = await post("/admin-dashboard/catch", { [`catch.${product.id}.${istDay(1)}`]: "3" }, { Cookie: `__session=${admin}` });
    expect(saved.status).toBe(302);
    const holds = await sql("SELECT quantity, state, hold_date FROM waitlist_entries WHERE product_id = ? ORDER BY id", product.id);
    expect(holds).toEqual([
      { quantity: 2, state: "held", hold_date: istDay(1) },
      { quantity: 1, state: "held", hold_date: istDay(1) },
    ]);

    // Each is mailed in their language, with their link; the Telugu link leads to the Telugu checkout with 2 kg.
    const teLink = await holdLink(ravi.email);
    expect(teLink).toMatch(/^\/te\/waitlist\/\d+$/);
    await te.page.goto(teLink);
    await te.page.waitForURL(/\/te\/checkout$/);
    expect(await te.page.getByRole("main").innerText()).toContain("Waitlist Pulasa");
    expect(await te.page.getByRole("main").innerText()).toMatch(/2 కిలోలు/);
    // Another account's browser is refused the same link.
    await en.page.goto(teLink.replace(/^\/te/, ""));
    expect(await en.page.getByRole("alert").innerText()).toContain("This link was sent to another account.");

    // The English shopper follows their link and pays the advance for the held 1 kg.
    const enLink = await holdLink(asha.email);
    await en.page.goto(enLink);
    await en.page.waitForURL(/\/checkout$/);
    expect(await en.page.getByRole("main").innerText()).toContain("Waitlist Pulasa");
    await submitCheckout(en.page, VALID_SHIPPING);
    await arrive(en.page, SANDBOX_PAGE, "Razorpay sandbox");
    const ended = await sql("SELECT state, order_id FROM waitlist_entries WHERE product_id = ? ORDER BY id", product.id);
    expect(ended[1].state).toBe("used");
    expect(ended[1].order_id).not.toBeNull();
    await te.close();
    await en.close();
    // This run's fish leaves the catalogue, which the suites after it count as the seed's.
    await sql("UPDATE products SET hidden = 1 WHERE id = ?", product.id);
    await putBack();
  });
});
