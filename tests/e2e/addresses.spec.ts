import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAccount, signIn, toast, useBrowser, VARIANTS, variantName } from "./browser";
import { arrive, ORDER_NUMBER, payInSandbox, SANDBOX_PAGE, submitCheckout } from "./shop";

const open = useBrowser();

/** An address the account has never used (Dowleswaram), by the checkout's field labels. */
const LOCK_ROAD = {
  "First name": "Ravi",
  "Last name": "Kumar",
  "Phone number": "98480 12345",
  Address: "7-1 Lock Road, Dowleswaram",
  City: "Dowleswaram",
  State: "Andhra Pradesh",
  Pincode: "533125",
};

async function fishToCheckout(page: Page) {
  await page.goto("/products");
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect.poll(() => toast(page)).toContain("added to cart");
  await page.goto("/checkout");
  await page.waitForLoadState("networkidle");
}

/** At the sandbox gateway: pays, and returns the order's number once its page is on screen. */
async function pay(page: Page) {
  await arrive(page, SANDBOX_PAGE, "Razorpay sandbox");
  const number = ORDER_NUMBER.exec(await page.getByRole("main").innerText())![0];
  await payInSandbox(page, number);
  return number;
}

const shipTo = (page: Page) => page.getByRole("region", { name: "Delivery address" }).innerText();

describe.each(VARIANTS)("saved addresses ($javaScript, $viewport)", (variant) => {
  it(`a new address at checkout is offered, chosen, at the next one; the profile edits and deletes it (${variantName(variant)})`, async () => {
    const who = await newAccount(`addresses.${variant.javaScript ? "js" : "nojs"}-${variant.viewport}`, { name: "Asha Rani Devi" });
    const { page, context, errors, close } = await open(variant);
    await signIn(page, who);

    // The first checkout: nothing saved, so no choice; the typed address is used and saved.
    await fishToCheckout(page);
    expect(await page.getByRole("radio", { name: "A new address" }).count()).toBe(0);
    await submitCheckout(page, LOCK_ROAD);
    const first = await pay(page);
    expect(await shipTo(page)).toContain("7-1 Lock Road, Dowleswaram");

    // The second: the saved address is offered and chosen; the typed fields stay out of sight until asked for.
    await fishToCheckout(page);
    const saved = page.getByRole("radio", { name: /Ravi Kumar.*7-1 Lock Road, Dowleswaram.*Dowleswaram, Andhra Pradesh 533125/ });
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "A new address" }).isChecked()).toBe(false);
    expect(await page.getByRole("group", { name: "Deliver to" }).innerText()).toContain("9848012345");
    expect(await page.getByLabel("First name").isVisible()).toBe(false);
    await page.getByRole("radio", { name: "A new address" }).check();
    expect(await page.getByLabel("First name").isVisible()).toBe(true);
    await saved.check();
    expect(await page.getByLabel("First name").isVisible()).toBe(false);
    await expectNoAxeViolations(page);
    await page.locator("input[name=delivery]:not([disabled])").first().check();
    await page.getByRole("button", { name: "Pay ₹500" }).click();
    const second = await pay(page);
    expect(second).not.toBe(first);
    expect(await shipTo(page)).toContain("Ravi Kumar");
    expect(await shipTo(page)).toContain("Dowleswaram, Andhra Pradesh 533125");

    // The profile lists it (one address, used twice); Edit checks the fields as the checkout does.
    await page.goto("/profile");
    const book = page.getByRole("region", { name: "Saved addresses" });
    expect(await book.getByRole("listitem").count()).toBe(1);
    expect(await book.innerText()).toContain("Last used");
    await expectNoAxeViolations(page);
    await book.getByRole("link", { name: /^Edit the address Ravi Kumar/ }).click();
    await arrive(page, /\/profile\/addresses\/\d+$/, "Edit address");
    expect(await page.getByLabel("Address", { exact: true }).inputValue()).toBe("7-1 Lock Road, Dowleswaram");
    await page.getByLabel("Address", { exact: true }).fill("Short");
    await page.getByLabel("State").selectOption("Telangana");
    await page.getByRole("button", { name: "Save address" }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("Address must be at least 10 characters");
    expect(await page.locator("main").innerText()).toContain("Pincode 533125 is in Andhra Pradesh: choose Andhra Pradesh as the state, or check the pincode.");
    await expectNoAxeViolations(page);
    await page.getByLabel("Address", { exact: true }).fill("9-2 Lock Road, Dowleswaram");
    await page.getByLabel("State").selectOption("Andhra Pradesh");
    await page.getByRole("button", { name: "Save address" }).click();
    await arrive(page, /\/profile$/, "My Profile");
    await expect.poll(() => toast(page)).toBe("Address saved.");
    expect(await book.innerText()).toContain("9-2 Lock Road, Dowleswaram");

    // A checkout opened in another tab offers it; once it is deleted there, paying with it is refused.
    const tab = await context.newPage();
    await fishToCheckout(tab);
    expect(await tab.getByRole("radio", { name: /9-2 Lock Road, Dowleswaram/ }).isChecked()).toBe(true);

    // Delete asks first; then the empty state. The orders keep the address they were made with.
    await book.locator("summary", { hasText: "Delete" }).click();
    await book.getByRole("button", { name: "Yes, delete this address" }).click();
    await arrive(page, /\/profile$/, "My Profile");
    await expect.poll(() => toast(page)).toBe("Address deleted.");
    expect(await book.innerText()).toContain("No saved addresses yet.");
    await tab.locator("input[name=delivery]:not([disabled])").first().check();
    await tab.getByRole("button", { name: "Pay ₹500" }).click();
    await expect.poll(() => tab.locator("main").innerText()).toContain("That saved address is not in your account. Please choose another address.");
    await expect.poll(() => tab.getByRole("radio", { name: "A new address" }).count()).toBe(0);
    expect(await tab.getByLabel("First name").isVisible()).toBe(true);
    expect(tab.url()).toMatch(/\/checkout$/);
    await page.goto(`/orders/${first}`);
    expect(await shipTo(page)).toContain("7-1 Lock Road, Dowleswaram");
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await close();
  });
});
