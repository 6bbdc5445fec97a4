import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, toast, useBrowser, variantName, VARIANTS } from "./browser";

const open = useBrowser();

/** The newest code mailed to `email`, read from the development outbox like a new user would. */
async function codeFromOutbox(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/dev/mail`);
  expect(res.status).toBe(200);
  const html = await res.text();
  const at = html.indexOf(email);
  expect(at).toBeGreaterThan(-1);
  const match = /verification code is (\d{6})/.exec(html.slice(at));
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

async function enterCode(page: Page, code: string, javaScript: boolean) {
  if (javaScript) {
    // The six slots submit the form by themselves once the sixth digit is typed.
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(code);
  } else {
    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify Email" }).click();
  }
}

async function fillSignup(page: Page, email: string, password: string) {
  await page.getByLabel("Full name").fill("Asha Rani");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Phone (optional)").fill("9876543210");
  await page.getByLabel("Address (optional)").fill("12-4 Main Road, Rajahmundry");
}

async function navLinks(page: Page) {
  return page.getByRole("navigation", { name: "Main navigation" }).getByRole("link").allInnerTexts();
}

describe.each(VARIANTS.filter((v) => v.viewport === "desktop"))("accounts ($javaScript)", (variant) => {
  const label = variantName(variant);
  const email = `asha.${variant.javaScript ? "js" : "nojs"}.${Date.now()}@example.in`;
  const password = "river-monsoon-2026";

  it(`sign up, verify the code from /dev/mail, profile, logout, login (${label})`, async () => {
    const { page, close } = await open(variant);

    await page.goto("/verify-otp");
    await page.waitForURL("**/signup");
    await expect.poll(() => toast(page)).toBe("Email is required for verification");

    await fillSignup(page, email, password);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/verify-otp" && url.searchParams.get("email") === email);
    await expect.poll(() => toast(page)).toBe("Registration successful! Please check your email for verification code.");

    const code = await codeFromOutbox(email);
    expect(await page.getByRole("link", { name: "← Back to sign up" }).getAttribute("href")).toBe("/signup");
    // The resend link waits for the 300 s countdown (the server enforces it too).
    expect(await page.getByRole("button", { name: "Resend code" }).count()).toBe(0);
    if (variant.javaScript) expect(await page.getByText(/You can request a new code in [45]:\d\d/).count()).toBe(1);
    await expectNoAxeViolations(page);

    // Someone else signs up with this e-mail from another browser: a sign-up is not an account, so nothing changes here.
    const other = await open(variant);
    await other.page.goto("/signup");
    await fillSignup(other.page, email, "someone-elses-password");
    await other.page.getByRole("button", { name: "Create account" }).click();
    await other.page.waitForURL((url) => url.pathname === "/verify-otp");
    await other.close();
    // …and the code mailed for THIS sign-up cannot be entered in a browser that did not make it.
    const stranger = await open(variant);
    await stranger.page.goto(`/verify-otp?email=${encodeURIComponent(email)}`);
    expect(await stranger.page.getByRole("alert").first().innerText()).toContain("in this browser");
    expect(await stranger.page.getByRole("button", { name: "Verify Email" }).count()).toBe(0);
    await stranger.close();
    await page.reload();
    const wrong = code === "000000" ? "111111" : "000000";
    if (variant.javaScript) {
      // A whole code arriving in the first slot at once (SMS autofill) fills all six and submits.
      await page.getByRole("textbox", { name: "Digit 1 of 6" }).fill(wrong);
    } else await enterCode(page, wrong, false);
    await expect.poll(() => page.getByRole("alert").first().innerText()).toMatch(/code/i);
    // A wrong code clears the input.
    if (variant.javaScript) expect(await page.getByRole("textbox", { name: "Digit 1 of 6" }).inputValue()).toBe("");
    else expect(await page.getByLabel("Verification code").inputValue()).toBe("");

    await enterCode(page, code, variant.javaScript);
    await page.waitForURL(baseUrl() + "/");
    await expect.poll(() => toast(page)).toBe("Email verified successfully!");
    if (variant.javaScript) {
      // Alt+T takes keyboard users to the toasts.
      await page.keyboard.press("Alt+T");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Notifications");
    }
    expect(await navLinks(page)).toEqual(["Home", "Blogs", "Fresh Catch", "Auctions", "Profile", "My Orders"]);
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "Cart 0 items" }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("link", { name: "Notifications, 0 unread" }).count()).toBeGreaterThan(0);

    await page.goto("/profile");
    const profile = await page.locator("main").innerText();
    for (const part of ["Asha Rani", email, "9876543210", "12-4 Main Road, Rajahmundry", "Member since"]) expect(profile).toContain(part);
    await expectNoAxeViolations(page);

    await page.locator("main").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(baseUrl() + "/");
    await expect.poll(() => toast(page)).toBe("Logged out successfully");
    expect(await navLinks(page)).toEqual(["Home", "Blogs", "Fresh Catch", "Auctions", "Login", "Sign Up"]);

    await page.goto("/profile");
    expect(await page.locator("h1").innerText()).toBe("Please Login");
    await page.getByRole("link", { name: "Go to Login" }).click();
    await page.waitForURL("**/login**");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").first().innerText()).toBe("Invalid email or password");
    expect(await page.getByLabel("Password").inputValue()).toBe("");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/profile");
    await expect.poll(() => toast(page)).toBe("Login successful!");
    expect(await page.locator("h1").innerText()).toBe("My Profile");

    // A signed-in bidder may bid (the auction suite covers bidding itself).
    await page.goto("/auctions/1");
    expect(await page.getByRole("button", { name: "Place Bid" }).isEnabled()).toBe(true);
    expect(await page.getByText("Please login to place a bid").count()).toBe(0);
    await close();
  });
});

describe.each(VARIANTS)("the admin ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it(`navigation bar and menu, Google without configuration, logout (${label})`, async () => {
    const { page, close } = await open(variant);
    await page.goto("/login");
    // Without Google configured the button says so itself and cannot take anyone away from the e-mail form.
    const google = page.getByRole("button", { name: "Continue with Google" });
    expect(await google.isDisabled()).toBe(true);
    expect(await page.locator("#google-unavailable").innerText()).toBe("Google sign-in is not available here. Please use your e-mail and password.");
    expect(
      await page.evaluate(() => document.getElementById(document.querySelector("button[aria-describedby]")?.getAttribute("aria-describedby") ?? "")?.id),
    ).toBe("google-unavailable");

    await page.goto("/login");
    await page.getByLabel("Email").fill("admin@pulasa.local");
    await page.getByLabel("Password").fill("pulasa-admin-local");
    await page.getByRole("button", { name: "Sign in" }).click();
    // An admin lands on their work, the orders, not on the shop's home page.
    await page.waitForURL(baseUrl() + "/admin-dashboard");
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await expect.poll(() => toast(page)).toBe("Login successful!");
    // The shop's pages show the admin's menu (with the link to the page in Telugu, which admin pages have not).
    await page.goto("/");
    const phone = variant.viewport === "phone";
    if (phone) await page.locator("header summary", { hasText: "Menu" }).click();
    const nav = page.getByRole("navigation", { name: phone ? /Menu/ : "Main navigation" });
    const links = ["Home", "Blogs", "Fresh Catch", "Auctions", "Admin Dashboard", "Catch and slots", "Profile"];
    // On a phone the menu ends with the link to the page in Telugu.
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(phone ? [...links, "తెలుగు"] : links);
    expect(await page.getByRole("link", { name: /^Cart/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "My Orders" }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.locator("header").getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await page.waitForURL(baseUrl() + "/");
    await expect.poll(() => toast(page)).toBe("Logged out successfully");
    await close();
  });
});

describe("the code page on a small phone", () => {
  it("keeps all six slots inside the screen", async () => {
    const { page, close } = await open({ javaScript: true, viewport: "phone" });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/signup");
    await fillSignup(page, `small.${Date.now()}@example.in`, "river-monsoon-2026");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/verify-otp");
    const last = await page.getByRole("textbox", { name: "Digit 6 of 6" }).boundingBox();
    expect(last).not.toBeNull();
    expect(last!.x + last!.width).toBeLessThanOrEqual(320 - 16);
    await close();
  });
});
