import { describe, expect, it } from "vitest";
import { newAccount, signIn, toast, useBrowser, type Variant } from "./browser";
import { useLocalDb } from "./local-db";
import { addFish } from "./shop";

/** Forms on a phone: what people type is normalised, every problem is named at once, codes and sign-in explain themselves. */

const open = useBrowser();
const sql = useLocalDb();
const phoneJs: Variant = { javaScript: true, viewport: "phone" };
const phoneNoJs: Variant = { javaScript: false, viewport: "phone" };

const shopper = (tag: string) => newAccount(`forms.${tag}`, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" });

describe("forms", () => {
  it("with JavaScript, a checkout with errors toasts the spec's words and marks the fields that became valid", async () => {
    const who = await shopper("checkout-js");
    const { page, close } = await open(phoneJs);
    await signIn(page, who);
    await addFish(page);
    await page.goto("/checkout");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Phone number", { exact: true }).fill("98480abcde");
    await page.getByRole("button", { name: "Pay ₹500" }).click();
    await expect.poll(() => toast(page)).toBe("Please fix the errors in the form");
    expect(await page.getByLabel("First name").getAttribute("data-valid")).toBe("");
    expect(await page.getByLabel("Phone number", { exact: true }).getAttribute("data-valid")).toBeNull();
    // Written the way Indians write it, the number is accepted and the field turns valid.
    await page.getByLabel("Phone number", { exact: true }).fill("98480 12345");
    await page.getByLabel("Address").focus();
    await expect.poll(() => page.getByLabel("Phone number", { exact: true }).getAttribute("data-valid")).toBe("");
    await close();
  });

  it("with JavaScript, a won lot's address form toasts the spec's words and marks the fields that became valid", async () => {
    const who = await shopper("pay-js");
    const number = `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;
    // A won auction's order starts without a full address, so its pay page asks for one.
    await sql(`INSERT INTO orders (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, reserved_until, stock_held)
       SELECT '${number}', id, 'payment_pending', 'advance_due', 'auction', 120000, 50000, 'Asha', 'Rani Devi', '', '', '', '', '', ${Date.now() + 3_600_000}, 0 FROM users WHERE email = '${who.email}'`);
    const { page, close } = await open(phoneJs);
    await signIn(page, who);
    await page.goto(`/orders/${number}/pay`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Pay ₹500" }).click();
    await expect.poll(() => toast(page)).toBe("Please fix the errors in the form");
    expect(await page.getByLabel("First name").getAttribute("data-valid")).toBe("");
    expect(await page.getByLabel("City").getAttribute("data-valid")).toBeNull();
    await close();
  });

  it("without JavaScript, '+91 98480 12345' and '533 101' go through; a Telangana pincode with Andhra Pradesh is refused by name", async () => {
    const who = await shopper("checkout-nojs");
    const { page, close } = await open(phoneNoJs);
    await signIn(page, who);
    await page.goto("/products");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.goto("/checkout");
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) {
        if (label === "State") await page.getByLabel("State").selectOption(value);
        else await page.getByLabel(label, { exact: true }).fill(value);
      }
      await page.locator("input[name=delivery]:not([disabled])").first().check();
      await page.getByRole("button", { name: "Pay ₹500" }).click();
    };
    expect(await page.getByLabel("Phone number", { exact: true }).getAttribute("inputmode")).toBe("numeric");
    expect(await page.getByLabel("Pincode").getAttribute("autocomplete")).toBe("postal-code");
    await fill({
      "First name": "Asha",
      "Last name": "Rani",
      "Phone number": "+91 98480 12345",
      Address: "12-4 Main Road, Innespeta",
      City: "Hyderabad",
      State: "Andhra Pradesh",
      Pincode: "500001",
    });
    await page.waitForLoadState("load");
    expect(await page.locator("main").innerText()).toContain("Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode.");
    await fill({ State: "Andhra Pradesh", City: "Rajahmundry", Pincode: "533 101" });
    await page.waitForURL(/\/sandbox\/link\//);
    const stored = (await sql(`SELECT o.phone, o.zip FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = '${who.email}'`))[0];
    expect(stored).toEqual({ phone: "+919848012345", zip: "533101" });
    await close();
  });

  it("the admin's auction form shows every problem at once, beside its field", async () => {
    const { page, close } = await open(phoneNoJs);
    await signIn(page, { email: "admin@pulasa.local", password: "pulasa-admin-local" });
    await page.goto("/admin-dashboard/auctions");
    await page.getByRole("button", { name: "Create Auction" }).click();
    await page.waitForLoadState("load");
    for (const [field, error] of [
      ["title", "Title must be 3 to 120 characters"],
      ["description", "Description must be 10 to 2000 characters"],
      ["starting_price", "Starting price must be a whole number of rupees"],
      ["end_time", "Enter a valid end time"],
    ]) {
      expect(await page.locator(`#${field}-error`).innerText()).toBe(error);
      expect(await page.locator(`[name=${field}]`).getAttribute("aria-describedby")).toBe(`${field}-error`);
    }
    await close();
  });

  it("resending a code restarts the 300 s countdown", async () => {
    const { page, close } = await open(phoneJs);
    await page.clock.install();
    const email = `phone.resend.${Date.now()}@example.in`;
    await page.goto("/signup");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Full name").fill("Ravi Kumar");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("river-monsoon-2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/verify-otp/);
    await page.getByText(/You can request a new code in (5:00|4:5\d)/).waitFor();
    // Five minutes pass, for the page and for the server's record of the last code.
    await sql(`UPDATE pending_codes SET sent_at = sent_at - 301000 WHERE email = '${email}'`);
    await page.clock.fastForward("05:01");
    await page.getByRole("button", { name: "Resend code" }).click();
    await expect.poll(() => toast(page)).toBe("OTP resent successfully!");
    await page.getByText(/You can request a new code in (5:00|4:5\d)/).waitFor();
    await close();
  });

  it("without Google configured, the button says so and the e-mail form stays", async () => {
    const { page, close } = await open(phoneJs);
    await page.goto("/login");
    expect(await page.getByRole("button", { name: "Continue with Google" }).isDisabled()).toBe(true);
    expect(await page.locator("#google-unavailable").innerText()).toBe("Google sign-in is not available here. Please use your e-mail and password.");
    await close();
  });
});
