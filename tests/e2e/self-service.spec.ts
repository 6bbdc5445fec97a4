import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, newAccount, signIn, toast, useBrowser, variantName, VARIANTS } from "./browser";
import { checkoutOneFish, payInSandbox } from "./shop";

const open = useBrowser();

/** The newest password reset code mailed to `email`, read from the development outbox. */
async function resetCode(email: string): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/dev/mail`)).text();
  const match = /password reset code is (\d{6})/.exec(html.slice(html.indexOf(email)));
  if (!match) throw new Error(`no reset code mailed to ${email}`);
  return match[1];
}

describe.each(VARIANTS)("self-service ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it(`forgot password: code from the outbox, a new password, and the other browser is signed out (${label})`, async () => {
    const who = await newAccount("forgot", { name: "Meena Kumari" });
    const elsewhere = await open(variant);
    await signIn(elsewhere.page, who);

    const { page, errors, close } = await open(variant);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Reset your password");
    await page.getByLabel("Email").fill(who.email);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Send code" }).click();
    await page.waitForURL((url) => url.pathname === "/reset-password" && url.searchParams.get("email") === who.email);
    await expect.poll(() => toast(page)).toBe("If an account exists for that e-mail, we have sent it a 6-digit code.");
    await expect.poll(() => page.locator("h1").innerText()).toBe("Choose a new password");
    await expectNoAxeViolations(page);

    await page.getByLabel("Verification code").fill("000000" === (await resetCode(who.email)) ? "111111" : "000000");
    await page.getByLabel("New password").fill("a-new-monsoon-2027");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => page.getByRole("alert").first().innerText()).toBe("Invalid verification code. Please check the code and try again.");

    await page.getByLabel("Verification code").fill(await resetCode(who.email));
    await page.getByLabel("New password").fill("a-new-monsoon-2027");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/profile");
    await expect.poll(() => toast(page)).toBe("Your password was changed. Every other device was signed out.");

    // The browser signed in before the reset is signed out; the old password no longer works, the new one does.
    await elsewhere.page.goto("/profile");
    await expect.poll(() => elsewhere.page.locator("h1").innerText()).toBe("Please Login");
    await elsewhere.page.goto("/login");
    await elsewhere.page.getByLabel("Email").fill(who.email);
    await elsewhere.page.getByLabel("Password").fill(who.password);
    await elsewhere.page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => elsewhere.page.getByRole("alert").first().innerText()).toBe("Invalid email or password");
    await elsewhere.close();
    // The wrong code is refused with 400, which the browser reports; nothing else may fail.
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
    await close();
  });

  it(`profile: edit the name and phone, change the password (${label})`, async () => {
    const who = await newAccount("profile", { name: "Ravi Teja" });
    const { page, errors, close } = await open(variant);
    await signIn(page, who);
    await page.goto("/profile");
    await page.getByLabel("Full name").fill("Ravi Teja Varma");
    await page.getByLabel("Phone (optional)").fill("98480 12345");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => toast(page)).toBe("Your details were saved.");
    expect(await page.locator("main dl").first().innerText()).toContain("Ravi Teja Varma");
    expect(await page.locator("main dl").first().innerText()).toContain("9848012345");

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("river-winter-2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByRole("alert").first().innerText()).toBe("Your current password is not correct");
    await page.getByLabel("Current password").fill(who.password);
    await page.getByLabel("New password").fill("river-winter-2027");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => toast(page)).toBe("Your password was changed. Every other device was signed out.");
    await expectNoAxeViolations(page);
    // The wrong current password is refused with 401, which the browser reports; nothing else may fail.
    expect(errors.filter((e) => !e.includes("status of 401"))).toEqual([]);
    await close();
  });

  it(`cancel an order before it is shipped: a confirmation step, then the refund on the order (${label})`, async () => {
    const who = await newAccount("cancel", { name: "Kavya Sri" });
    const { page, errors, close } = await open(variant);
    await signIn(page, who);
    const number = await checkoutOneFish(page);
    await payInSandbox(page, number);
    // Nothing happens until the disclosure is opened and the reason given.
    await page.getByText("Cancel order", { exact: true }).click();
    await page.getByLabel("Why are you cancelling?").fill("Ordered for the wrong day");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, cancel this order" }).click();
    // The toast of the payment may still be on screen beside the new one.
    await page.getByRole("status").getByText(`Order ${number} is cancelled.`, { exact: true }).waitFor();
    const card = await page.getByRole("main").innerText();
    expect(card).toContain("Cancelled: Ordered for the wrong day");
    expect(card).toMatch(/Refunded ₹500 on/);
    expect(await page.getByText("Cancel order", { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
