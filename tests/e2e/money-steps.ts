import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { moveStatus, newAccount, signIn, toast, type useBrowser, type Variant } from "./browser";
import { inspect } from "./inspect";
import { checkoutOneFish, payInSandbox } from "./shop";

/** The steps of the money suite, as the shopper and the admin take them in the browser. */

/** One fresh fish through the cart and checkout, the ₹500 advance paid on the sandbox's page; the order number. */
export async function placePaidOrder(page: Page, variant: Variant, email: string, checks: { backToSandbox?: boolean } = {}) {
  // One press from checkout to the gateway's page.
  const number = await checkoutOneFish(page);
  const sandboxUrl = page.url();

  // The sandbox shows what Razorpay's page shows: to whom, for what, prefilled with the customer's details.
  const card = await page.getByRole("main").innerText();
  for (const text of ["Godavari Pulasa · ₹500 Token Advance", number, "₹500", "Asha Rani Devi", email, "+919876543210"]) expect(card).toContain(text);
  if (checks.backToSandbox) await inspect(page, "sandbox-checkout", variant, { part: page.getByRole("main") });

  await payInSandbox(page, number);

  if (checks.backToSandbox) {
    // Back to the gateway's page after paying: it says so and offers nothing to pay.
    await page.goBack();
    await page.waitForURL(sandboxUrl);
    await page.getByRole("heading", { name: "Already paid" }).waitFor();
    expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Fail" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "View the order" }).getAttribute("href")).toBe(`/orders/${number}`);
    await inspect(page, "sandbox-checkout-paid", variant, { part: page.getByRole("main") });
  }
  return number;
}

export async function openOrder(page: Page, number: string) {
  await page.goto(`/admin-dashboard/orders/${number}`);
  await page.getByRole("heading", { name: number, level: 1 }).waitFor();
  await page.waitForLoadState("networkidle");
}

export async function setStatus(page: Page, label: string) {
  await moveStatus(page, label);
  await expect.poll(() => toast(page)).toMatch(new RegExp(`^Order status updated to ${label}! Notification sent to customer\\.`));
}

export async function weigh(page: Page, grams: number, expected: string) {
  await page.getByLabel("Weight (grams)").fill(String(grams));
  await page.getByRole("button", { name: "Save weights" }).click();
  await expect.poll(() => toast(page)).toBe(expected);
}

/** A money action's confirmation panel (native <details>): its summary opens it. */
export const panel = (page: Page, summary: string) => page.locator("details").filter({ has: page.locator("summary", { hasText: summary }) });
export const payments = (page: Page) => page.getByRole("region", { name: "Payments" });

/** Opens the panel (a press on its summary) unless it is open already. */
export async function openPanel(page: Page, summary: string) {
  const details = panel(page, summary);
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await details.locator("summary").click();
  await expect.poll(() => details.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
  return details;
}

export async function requestBalance(page: Page, amount: string) {
  const details = await openPanel(page, "Request balance");
  expect(await details.innerText()).toContain(`Send the customer a payment link for the balance of ${amount}?`);
  await details.getByRole("button", { name: "Yes, go ahead" }).click();
  await expect.poll(() => toast(page)).toBe(`Balance of ${amount} requested. The customer has been sent a payment link.`);
}

/** The ledger's entries as text, one string each (a table's rows, or a list's items on a phone). */
export async function ledgerRows(page: Page) {
  await page.waitForLoadState("load");
  return payments(page).locator("tbody tr, ol > li").filter({ visible: true }).allInnerTexts();
}

/** The customer's card of one order in My Orders. */
export const cardIn = (page: Page, number: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name: `Order ${number}` }) });

/** The balance link the customer was sent, as My Orders offers it ('Pay balance ₹X'). */
export async function balanceLink(page: Page, number: string, amount: string) {
  await page.goto("/orders");
  const pay = cardIn(page, number).getByRole("link", { name: `Pay balance ${amount}` });
  const href = await pay.getAttribute("href");
  expect(href).toMatch(/\/sandbox\/link\/plink_/);
  return { pay, href: href! };
}

/**
 * Pay pressed on a link page opened while the link was live: the POST reaches the gateway, which takes
 * nothing and sends the shopper back to the same page, now saying why.
 */
export async function payOnStalePage(page: Page, href: string, number: string) {
  // Without JavaScript the form posts to the page's URL; with it Remix posts to the same path + ".data".
  const at = new URL(href).pathname;
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && [at, `${at}.data`].includes(new URL(r.url()).pathname));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await posted;
  await page.waitForURL(href);
  await expectClosedLink(page, number);
}

/** A closed link's page: why, no Pay button, a way to the order. */
export async function expectClosedLink(page: Page, number: string) {
  await page.getByRole("heading", { name: "This payment link is closed" }).waitFor();
  expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "View the order" }).getAttribute("href")).toBe(`/orders/${number}`);
}

type Open = ReturnType<typeof useBrowser>;

/**
 * A new shopper and the development admin, each signed in in a browser of their own for the whole describe
 * block (each flow in it makes its own order); closed after it.
 */
export function useShopperAndAdmin(open: Open, variant: Variant, tag: string) {
  const sessions = {} as { email: string; shopper: Awaited<ReturnType<Open>>; admin: Awaited<ReturnType<Open>> };
  beforeAll(async () => {
    const who = await newAccount(`shopper.${tag}-${variant.javaScript ? "js" : "nojs"}-${variant.viewport}`, {
      name: "Asha Rani Devi",
      address: "12-4 Main Road, Rajahmundry",
    });
    sessions.email = who.email;
    sessions.shopper = await open(variant);
    await signIn(sessions.shopper.page, who);
    sessions.admin = await open(variant);
    await signIn(sessions.admin.page, { email: "admin@pulasa.local", password: "pulasa-admin-local" });
  });
  afterAll(async () => {
    await sessions.shopper?.close();
    await sessions.admin?.close();
  });
  return sessions;
}
