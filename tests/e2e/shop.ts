import type { Page } from "playwright-core";
import { expect } from "vitest";
import { toast } from "./browser";

/** A delivery address the checkout accepts, by the labels of its fields. */
export const VALID_SHIPPING = {
  "First name": "Asha",
  "Last name": "Rani Devi",
  "Phone number": "9876543210",
  Address: "12-4 Main Road, Innespeta",
  City: "Rajahmundry",
  State: "Andhra Pradesh",
  Pincode: "533101",
};

export const ORDER_NUMBER = /PUL-\d{4}-[A-Z0-9]{4}/;

/**
 * The sandbox gateway's page a checkout lands on: its checkout page with JavaScript (Razorpay Checkout's
 * stand-in), a payment link for the advance without it.
 */
export const SANDBOX_PAGE = /\/sandbox\/(checkout\/order_|link\/plink_)/;

/**
 * Fills the checkout's address fields (choosing 'A new address' first when the account has saved ones), picks
 * the earliest delivery, and presses 'Pay ₹500'.
 */
export async function submitCheckout(page: Page, values: Record<string, string>) {
  const newAddress = page.getByRole("radio", { name: "A new address" });
  if (await newAddress.count()) await newAddress.check();
  for (const [label, value] of Object.entries(values)) {
    if (label === "State") await page.getByLabel("State").selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
  }
  // The earliest delivery date and slot still open.
  await page.locator("input[name=delivery]:not([disabled])").first().check();
  await page.getByRole("button", { name: "Pay ₹500" }).click();
}

/**
 * Types VALID_SHIPPING into a form's address fields by their names (a Telugu page's labels are in Telugu), choosing
 * 'A new address' first when the account has saved ones.
 */
export async function typeAddressByName(page: Page) {
  const newAddress = page.locator('input[name="addressId"][value="new"]');
  if (await newAddress.count()) await newAddress.check();
  const byName: Record<string, string> = {
    firstName: VALID_SHIPPING["First name"],
    lastName: VALID_SHIPPING["Last name"],
    phone: VALID_SHIPPING["Phone number"],
    address: VALID_SHIPPING.Address,
    city: VALID_SHIPPING.City,
    zip: VALID_SHIPPING.Pincode,
  };
  for (const [name, value] of Object.entries(byName)) await page.locator(`[name="${name}"]`).fill(value);
  await page.locator('select[name="state"]').selectOption(VALID_SHIPPING.State);
}

/**
 * With JavaScript the URL changes as a navigation starts, before the new page is on screen: wait for the page
 * itself, settled, before pressing anything on it.
 */
export async function arrive(page: Page, url: RegExp, heading: string) {
  await page.waitForURL(url);
  await page.getByRole("heading", { name: heading, exact: true }).waitFor();
  await page.waitForLoadState("networkidle");
}

/** One fresh fish into the cart and through the checkout, to the sandbox gateway's page; the order number. */
export async function checkoutOneFish(page: Page) {
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect.poll(() => toast(page)).toContain("added to cart");
  await page.goto("/checkout");
  await submitCheckout(page, VALID_SHIPPING);
  await arrive(page, SANDBOX_PAGE, "Razorpay sandbox");
  return ORDER_NUMBER.exec(await page.getByRole("main").innerText())![0];
}

/** Presses Pay on the sandbox's page and waits for the order page it returns to. */
export async function payInSandbox(page: Page, number: string) {
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL(`**/orders/${number}`);
  await expect.poll(() => toast(page)).toBe("Payment successful! Order placed successfully!");
}

/** Adds the first product of the catalogue to the cart and waits for the cart summary. */
export async function addFish(page: Page) {
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await page.getByRole("complementary", { name: "Cart summary" }).waitFor();
}
