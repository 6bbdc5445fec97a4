import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAccount, toast, useBrowser, variantName, type Variant } from "./browser";
import { submitCheckout, VALID_SHIPPING as VALID } from "./shop";

const open = useBrowser();

/** A verified shopper (the checkout fills the address the profile holds). */
const newShopper = (tag: string) => newAccount(`shopper.${tag}`, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" });

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto("/login?redirectTo=/products");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/products");
}

const cartBadge = (page: Page) =>
  page
    .getByRole("link", { name: /^Cart \d+ items?$/ })
    .first()
    .evaluate((link) => {
      // The link's name: its text without the parts hidden from assistive technology.
      const copy = link.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("[aria-hidden=true]").forEach((el) => el.remove());
      return copy.textContent?.replace(/\s+/g, " ").trim();
    });
const errorOf = (page: Page, label: string) =>
  page.evaluate((l) => {
    const input = [...document.querySelectorAll("label")].find((el) => el.textContent === l)?.control;
    return input ? (document.getElementById(`${input.id}-error`)?.textContent ?? "") : "missing";
  }, label);

/**
 * With JavaScript the URL changes as a navigation starts, before the new page is on screen (and the checkout
 * page has a 'Pay ₹500' button too): wait for the page itself, settled, before pressing anything on it.
 */
async function arrive(page: Page, url: RegExp, heading: string) {
  await page.waitForURL(url);
  await page.getByRole("heading", { name: heading, exact: true }).waitFor();
  await page.waitForLoadState("networkidle");
}
/** The gateway's page a checkout lands on: the sandbox's checkout with JavaScript, a payment link for the advance without. */
const atSandbox = (page: Page, variant: Variant) =>
  arrive(page, variant.javaScript ? /\/sandbox\/checkout\/order_/ : /\/sandbox\/link\/plink_/, "Razorpay sandbox");

const FIELDS = ["First name", "Last name", "Phone number", "Address", "City", "State", "Pincode"];

// Two variants keep the suite short while covering both axes: JavaScript off on a phone, on at desktop width.
const RUNS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

describe.each(RUNS)("checkout ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it(`cart → checkout with every message → failed payment keeps the cart → paid order in My Orders (${label})`, async () => {
    const who = await newShopper(`${variant.javaScript ? "js" : "nojs"}-${variant.viewport}`);
    const { page, errors, close } = await open(variant);
    await login(page, who);

    // Add both products, then change quantities on the cart page.
    // By name: other files may add products of their own to the catalogue meanwhile.
    const addTo = (name: string) =>
      page.locator("main article", { has: page.getByRole("heading", { name, exact: true }) }).getByRole("button", { name: "Add to Cart" });
    await addTo("Fresh Pulasa Fish").click();
    await expect.poll(() => toast(page)).toContain("added to cart");
    await addTo("Pulasa Curry").click();
    await expect.poll(() => cartBadge(page)).toBe("Cart 2 items");

    await page.goto("/cart");
    await page.getByRole("button", { name: "Add one more Fresh Pulasa Fish" }).click();
    await expect.poll(() => page.getByLabel("Quantity of Fresh Pulasa Fish").innerText()).toBe("2 kg");
    await page.getByRole("button", { name: "Remove one Pulasa Curry" }).click();
    await expect.poll(() => page.getByLabel("Quantity of Pulasa Curry").count()).toBe(0);
    await expect.poll(() => cartBadge(page)).toBe("Cart 2 items");
    const summary = await page.getByRole("region", { name: "Order Summary" }).innerText();
    expect(summary).toContain("Subtotal (estimated for about 2 kg)");
    expect(summary).toContain("₹50,000");
    expect(summary).toContain("₹49,500");
    expect(summary).toContain("Payment Required Now");
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL("**/checkout");
    // Prefilled from the profile: the name split at the first space, the phone as 10 digits.
    expect(await page.getByLabel("First name").inputValue()).toBe("Asha");
    expect(await page.getByLabel("Last name").inputValue()).toBe("Rani Devi");
    expect(await page.getByLabel("Phone number").inputValue()).toBe("9876543210");

    await submitCheckout(page, Object.fromEntries(FIELDS.map((f) => [f, ""])));
    await expect.poll(() => errorOf(page, "First name")).toBe("First name is required");
    expect(await Promise.all(FIELDS.map((f) => errorOf(page, f)))).toEqual([
      "First name is required",
      "Last name is required",
      "Phone number is required",
      "Address is required",
      "City is required",
      "State is required",
      "Pincode is required",
    ]);
    await expectNoAxeViolations(page);

    await submitCheckout(page, { "First name": "A", "Last name": "R", "Phone number": "98765", Address: "Short", City: "R", Pincode: "5331" });
    await expect.poll(() => errorOf(page, "First name")).toBe("First name must be at least 2 characters");
    expect(await Promise.all(["Last name", "Phone number", "Address", "City", "Pincode"].map((f) => errorOf(page, f)))).toEqual([
      "Last name must be at least 2 characters",
      "Phone number must be exactly 10 digits",
      "Address must be at least 10 characters",
      "City must be at least 2 characters",
      "Pincode must be exactly 6 digits",
    ]);

    // An unserviceable pincode (Bengaluru) is refused.
    await submitCheckout(page, { ...VALID, Pincode: "560001" });
    await expect.poll(() => errorOf(page, "Pincode")).toBe("Sorry, we deliver only in Andhra Pradesh and Telangana for now.");
    expect(page.url()).toContain("/checkout");

    // One press from checkout to the gateway; a failed payment keeps the cart.
    await submitCheckout(page, VALID);
    await atSandbox(page, variant);
    const firstGatewayPage = page.url();
    const sandboxText = await page.getByRole("main").innerText();
    expect(sandboxText).toContain("Godavari Pulasa · ₹500 Token Advance");
    expect(sandboxText).toContain("Asha Rani Devi");
    expect(sandboxText).toContain(who.email);
    expect(sandboxText).toContain("+919876543210");
    expect(await page.getByText("₹500").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Fail" }).click();
    if (variant.javaScript) {
      // Checkout's failure returns to the checkout.
      await page.waitForURL("**/checkout");
      await expect.poll(() => toast(page)).toBe("Payment verification failed");
    } else {
      // Like Razorpay's link page, a failed payment keeps the shopper on it, where the link can still be paid.
      await page.getByText("Payment failed", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(1);
      await page.goto("/checkout");
    }
    await expect.poll(() => cartBadge(page)).toBe("Cart 2 items");

    // Checking out again resumes the same unpaid order (without JavaScript, its same payment link); paying
    // succeeds: the order's page, the toast, the cart emptied, the order in My Orders.
    await submitCheckout(page, VALID);
    await atSandbox(page, variant);
    const sandboxUrl = page.url();
    if (!variant.javaScript) expect(sandboxUrl).toBe(firstGatewayPage);
    const number = /PUL-\d{4}-[A-Z0-9]{4}/.exec(await page.getByRole("main").innerText())![0];
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(`**/orders/${number}`);
    await expect.poll(() => toast(page)).toBe("Payment successful! Order placed successfully!");
    const card = await page.getByRole("article").innerText();
    expect(card).toContain(`Order ${number}`);
    expect(card).toContain("Order Raised");
    expect(card).toContain("Your order has been received and is being reviewed.");
    expect(card).toMatch(/Delivery: \w{3}, \d{1,2} [A-Z][a-z]+ · (Morning, 7:00 AM – 11:00 AM|Evening, 3:00 PM – 8:00 PM) \(IST\)/);
    expect(card).toMatch(/pay_[A-Za-z0-9]{14}/);
    await expect.poll(() => cartBadge(page)).toBe("Cart 0 items");
    await expectNoAxeViolations(page);

    // Back on the gateway's page after paying: nothing to pay again.
    await page.goto(sandboxUrl);
    await page.getByRole("heading", { name: "Already paid" }).waitFor();
    expect(await page.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);
    await page.goto(`/orders/${number}/pay`);
    await page.waitForURL(`**/orders/${number}`);
    await expect.poll(() => toast(page)).toBe("Already paid");

    await page.goto("/orders");
    const list = await page.getByRole("main").innerText();
    expect(list).toContain(`Order ${number}`);
    // The failed attempt was the same order, resumed: one order, nothing expired behind the shopper's back.
    expect(list.match(/Order PUL-/g)).toHaveLength(1);
    expect(list).not.toContain("Payment Expired");
    await expectNoAxeViolations(page);
    // Without JavaScript an invalid form is answered 400 by design; the browser logs that, nothing else.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await close();
  });
});

describe("guards and the floating cart (JS off, phone)", () => {
  it("checkout guards with the spec's toasts, 404 for someone else's order, the empty state, closing the summary", async () => {
    const who = await newShopper("guard");
    const { page, close } = await open({ javaScript: false, viewport: "phone" });
    await page.goto("/checkout");
    await page.waitForURL("**/login?redirectTo=%2Fcheckout");
    await expect.poll(() => toast(page)).toBe("Please login to access checkout");
    await login(page, who);
    // An empty cart's checkout says so and leads back to the products.
    await page.goto("/checkout");
    expect(new URL(page.url()).pathname).toBe("/checkout");
    expect(await page.getByRole("heading", { name: "Your cart is empty" }).count()).toBe(1);
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await page.waitForURL("**/products");

    // The floating summary: on other pages, not on the cart; closed for the session, without JavaScript.
    await page.goto("/products");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.goto("/blogs");
    const summary = page.getByRole("complementary", { name: "Cart summary" });
    // Whole rupees, and what is due now beside the estimate.
    expect(await summary.innerText()).toMatch(/1 item in cart[\s\S]*Estimated ₹25,000\s*(·\s*)?₹500 advance due now/);
    expect(await summary.innerText()).not.toContain("₹25,000.00");
    await expectNoAxeViolations(page);
    await page.goto("/cart");
    expect(await summary.count()).toBe(0);
    await page.goto("/blogs");
    await summary.getByRole("button", { name: "Close cart summary" }).click();
    await page.waitForURL("**/blogs");
    expect(await summary.count()).toBe(0);
    await page.goto("/");
    expect(await summary.count()).toBe(0);

    const res = await page.goto("/orders/PUL-2611-2345");
    expect(res?.status()).toBe(404);
    await page.goto("/orders");
    expect(await page.getByRole("heading", { name: "No Orders Yet" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Start Shopping" }).getAttribute("href")).toBe("/");
    await close();
  });
});
