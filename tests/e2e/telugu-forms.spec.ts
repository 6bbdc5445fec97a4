import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishOnly } from "../../app/i18n/lang";
import { te } from "../../app/i18n/te/messages";
import { baseUrl, useBrowser, type Variant } from "./browser";
import { useLocalDb } from "./local-db";
import { deliveredOrder, wonLot } from "./orders-in-db";

/**
 * Every form of every Telugu shopper page, pressed without JavaScript (on a phone): each answers with a Telugu
 * page (`/te/...`, `lang="te"`, its toast in Telugu), every form on it posts to a Telugu action, and the
 * account's language stays Telugu throughout. Only the payment gateway's own pages (the sandbox) are English.
 */

const open = useBrowser();
const sql = useLocalDb();
const PHONE_NO_JS: Variant = { javaScript: false, viewport: "phone" };
const TELUGU = /[\u0C00-\u0C7F]/;

const who = { email: `telugu.forms.${Date.now()}@example.in`, password: "river-monsoon-2026" };
let page: Page;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ page, close } = await open(PHONE_NO_JS));
});
afterAll(async () => {
  await close();
});

const accountLang = async () => (await sql("SELECT lang FROM users WHERE email = ?", who.email))[0]?.lang;

/** The newest code mailed to the shopper (sign-up or reset), read from the development outbox. */
async function mailedCode(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/dev/mail`)).text();
  const code = /(?:code is|కోడ్:?) (\d{6})/.exec(html.slice(html.indexOf(who.email)))?.[1];
  if (!code) throw new Error(`no code mailed to ${who.email}`);
  return code;
}

/**
 * The page is Telugu: its path under /te (`path`, when given, must match the path and query), `lang="te"`, its
 * toast (if any) in Telugu, every form on it posting to a Telugu action (or to a page that has no Telugu twin),
 * and the account (once there is one) still in Telugu.
 */
async function expectTelugu(path?: RegExp) {
  const url = new URL(page.url());
  expect(url.pathname, page.url()).toMatch(/^\/te(\/|$)/);
  if (path) expect(url.pathname + url.search).toMatch(path);
  expect(await page.locator("html").getAttribute("lang")).toBe("te");
  const toast = page.getByRole("status").locator("p");
  if (await toast.count()) expect(await toast.first().innerText()).toMatch(TELUGU);
  const actions = await page.locator("form").evaluateAll((forms) => forms.map((f) => f.getAttribute("action") ?? ""));
  expect(
    actions.filter((a) => !/^\/te(\/|$|\?)/.test(a) && !englishOnly(a)),
    `forms of ${url.pathname} posting outside Telugu`,
  ).toEqual([]);
  if ((await sql("SELECT 1 FROM users WHERE email = ?", who.email)).length) expect(await accountLang()).toBe("te");
}

/** Presses `button` and waits for the page the browser is sent to (a new document, whatever its address). */
async function press(button: Locator) {
  const before = await page.evaluate(() => performance.timeOrigin);
  await button.click();
  await expect.poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before)).not.toBe(before);
  await page.waitForLoadState("load");
}

const fill = async (values: Record<string, string>, scope: Locator = page.locator("main")) => {
  for (const [name, value] of Object.entries(values)) await scope.locator(`[name="${name}"]`).fill(value);
};
const submitOf = (form: Locator) => form.locator("button[type=submit]").first();
const alertText = () => page.getByRole("alert").first().innerText();

describe("Telugu pages without JavaScript: every form answers in Telugu", () => {
  it("signing up, the code page, signing out and in, and a forgotten password", async () => {
    await page.goto("/te/signup");
    await expectTelugu();
    const signup = page.locator("main form").filter({ has: page.locator("[name=password]") });
    await fill({ name: "లక్ష్మి దేవి", email: who.email, password: who.password }, signup);
    await press(submitOf(signup));
    await expectTelugu(/^\/te\/verify-otp\?email=/);

    const verify = page.locator("main form").filter({ has: page.locator("input[value=verify]") });
    const right = await mailedCode();
    await fill({ otp: right === "000000" ? "111111" : "000000" }, verify);
    await press(submitOf(verify));
    await expectTelugu(/^\/te\/verify-otp/);
    expect(await alertText()).toMatch(TELUGU);
    // Five minutes on, the code can be sent again.
    await sql("UPDATE pending_codes SET sent_at = sent_at - 301000 WHERE email = ?", who.email);
    await page.reload();
    await press(page.locator("main button[value=resend]"));
    await expectTelugu(/^\/te\/verify-otp\?email=/);
    await fill({ otp: await mailedCode() }, verify);
    await press(submitOf(verify));
    await expectTelugu(/^\/te$/);
    expect(await accountLang()).toBe("te");

    const signOut = async () => {
      await page.goto("/te/profile");
      await press(page.locator('main form[action="/te/logout"] button'));
      await expectTelugu(/^\/te$/);
    };
    await signOut();
    await page.goto("/te/login");
    const login = page.locator("main form").filter({ has: page.locator("[name=password]") });
    await fill({ email: who.email, password: "not-the-password" }, login);
    await press(submitOf(login));
    await expectTelugu(/^\/te\/login/);
    expect(await alertText()).toMatch(TELUGU);
    await fill({ email: who.email, password: who.password }, login);
    await press(submitOf(login));
    await expectTelugu(/^\/te$/);
    await signOut();

    await page.goto("/te/forgot-password");
    await expectTelugu();
    const forgot = page.locator("main form").filter({ has: page.locator("[name=email]") });
    await fill({ email: who.email }, forgot);
    await press(submitOf(forgot));
    await expectTelugu(/^\/te\/reset-password\?email=/);
    const reset = page.locator("main form").filter({ has: page.locator("[name=password]") });
    const resetCode = await mailedCode();
    await fill({ otp: resetCode === "000000" ? "111111" : "000000", password: "river-winter-2027" }, reset);
    await press(submitOf(reset));
    await expectTelugu(/^\/te\/reset-password/);
    expect(await alertText()).toMatch(TELUGU);
    await sql("UPDATE pending_codes SET sent_at = sent_at - 301000 WHERE email = ?", who.email);
    await sql("UPDATE rate_limits SET window_start = window_start - 301000 WHERE key = ?", `reset:mail:${who.email}`);
    await page.reload();
    await press(page.locator("main button[value=resend]"));
    await expectTelugu(/^\/te\/reset-password\?email=/);
    who.password = "river-winter-2027";
    await fill({ otp: await mailedCode(), password: who.password }, reset);
    await press(submitOf(reset));
    await expectTelugu(/^\/te\/profile$/);
  });

  it("the theme, adding to the cart, the cart's −, + and Remove, and emptying it", async () => {
    await page.goto("/te/products");
    await page.locator('header summary[aria-label^="థీమ్"]:visible').first().click();
    await press(page.locator('form[action="/te/theme"]:visible').getByRole("button", { name: te.nav.themeDark }));
    await expectTelugu(/^\/te\/products$/);
    expect(await page.locator("html").getAttribute("class")).toContain("dark");

    const addOnCard = () => press(page.locator('main form[action="/te/cart/add"] button').first());
    await addOnCard();
    await expectTelugu(/^\/te\/products$/);
    await page.goto("/te/products/fresh-fish");
    await press(page.locator('main form[action="/te/cart/add"] button'));
    await expectTelugu(/^\/te\/products\/fresh-fish$/);
    await press(page.locator('form[action="/te/cart/summary"] button'));
    await expectTelugu(/^\/te\/products\/fresh-fish$/);

    await page.goto("/te/cart");
    const minus = page.locator('main form[action="/te/cart"] button[name=quantity]').first();
    const plus = page.locator('main form[action="/te/cart"] button[name=quantity]').nth(1);
    const quantity = () => page.locator("main output").first().innerText();
    const before = await quantity();
    await press(plus);
    await expectTelugu(/^\/te\/cart$/);
    expect(await quantity()).not.toBe(before);
    await press(minus);
    await expectTelugu(/^\/te\/cart$/);
    expect(await quantity()).toBe(before);
    await press(page.locator('main form[action="/te/cart"] button[value=remove]'));
    await expectTelugu(/^\/te\/cart$/);
    await page.goto("/te/products");
    await addOnCard();
    await page.goto("/te/cart");
    await press(page.locator('main form[action="/te/cart"] button[value=clear]'));
    await expectTelugu(/^\/te\/cart$/);
    expect(await page.locator('main form[action="/te/cart"] button[value=remove]').count()).toBe(0);
  });

  it("the checkout (refused, then paid at the gateway), the order's cancellation, My Orders' refresh and the notices", async () => {
    await page.goto("/te/products");
    await press(page.locator('main form[action="/te/cart/add"] button').first());
    await page.goto("/te/checkout");
    await expectTelugu();
    const checkout = page.locator("main form").filter({ has: page.locator("[name=zip]") });
    const shipping = { firstName: "లక్ష్మి", lastName: "దేవి", phone: "98765", address: "12-4 మెయిన్ రోడ్, ఇన్నీసుపేట", city: "రాజమండ్రి", zip: "533101" };
    await fill(shipping, checkout);
    await checkout.locator("[name=state]").selectOption("Andhra Pradesh");
    await checkout.locator("input[name=delivery]:not([disabled])").first().check();
    await press(submitOf(checkout));
    await expectTelugu(/^\/te\/checkout$/);
    expect(await alertText()).toContain(te.shop.checkout.fixErrors);
    await fill({ phone: "9876543210" }, checkout);
    await press(submitOf(checkout));
    // The gateway's page is its own (English, as Razorpay's is); paying there returns to the Telugu order page.
    await page.waitForURL(/\/sandbox\/link\/plink_/);
    await press(page.getByRole("button", { name: "Pay", exact: true }));
    await expectTelugu(/^\/te\/orders\/PUL-/);
    const number = new URL(page.url()).pathname.split("/").at(-1)!;
    // The order names its fish and its state in Telugu.
    const order = await page.locator("main").innerText();
    expect(order).toContain("తాజా పులస చేప × 1 కిలో");
    expect(order).toContain("రాజమండ్రి, ఆంధ్రప్రదేశ్ 533101");
    expect(order).not.toMatch(/Fresh Pulasa Fish|Andhra Pradesh/);

    await page.locator("main summary").filter({ hasText: te.shop.orders.cancelTitle }).click();
    await fill({ reason: "ప్రణాళిక మారింది" });
    await press(page.locator("main details form button[type=submit]"));
    await expectTelugu(new RegExp(`^/te/orders/${number}$`));

    await page.goto("/te/orders");
    await press(page.locator('main form[action="/te/orders"] button'));
    await expectTelugu(/^\/te\/orders/);

    await page.goto("/te/notifications");
    await press(page.locator("main button[value=one]").filter({ hasText: number }).first());
    await expectTelugu(new RegExp(`^/te/orders/${number}$`));
    await page.goto("/te/notifications");
    await press(page.locator("main button[value=all]"));
    await expectTelugu(/^\/te\/notifications$/);
  });

  it("the profile's details and password, and a saved address edited (refused, then saved) and deleted", async () => {
    await page.goto("/te/profile");
    const details = page.locator("main form").filter({ has: page.locator("input[value=details]") });
    await fill({ name: "లక్ష్మి దేవి గారు" }, details);
    await press(submitOf(details));
    await expectTelugu(/^\/te\/profile$/);
    const password = page.locator("main form").filter({ has: page.locator("input[value=password]") });
    await fill({ current: "not-the-password", password: "river-summer-2028" }, password);
    await press(submitOf(password));
    await expectTelugu(/^\/te\/profile$/);
    expect(await alertText()).toMatch(TELUGU);

    // The checkout saved its address.
    await page.locator('main a[href^="/te/profile/addresses/"]').first().click();
    await page.waitForLoadState("load");
    const path = new URL(page.url()).pathname;
    await expectTelugu(/^\/te\/profile\/addresses\/\d+$/);
    const edit = page.locator("main form").filter({ has: page.locator("[name=zip]") });
    await fill({ zip: "5331" }, edit);
    await press(submitOf(edit));
    await expectTelugu(new RegExp(`^${path}$`));
    await fill({ zip: "533 101" }, edit);
    await press(submitOf(edit));
    await expectTelugu(/^\/te\/profile$/);
    await page.locator(`main details:has(form[action="${path}"]) summary`).click();
    await press(page.locator(`main form[action="${path}"] button`));
    await expectTelugu(/^\/te\/profile$/);
  });

  it("a delivered order's problem report, a won lot's pay page and an auction's bid", async () => {
    const delivered = await deliveredOrder(sql, who.email);
    await page.goto(`/te/orders/${delivered}/claim`);
    await expectTelugu();
    const claim = page.locator("main form").filter({ has: page.locator("[name=description]") });
    await press(submitOf(claim));
    await expectTelugu(new RegExp(`^/te/orders/${delivered}/claim$`));
    await claim.locator("input[value=transit_damage]").check();
    await fill({ description: "పెట్టె తెరిచి ఉంది, చేప తల నలిగిపోయింది." }, claim);
    await claim.locator("input[type=file]").setInputFiles(["public/media/icon-192.png"]);
    await press(submitOf(claim));
    await expectTelugu(new RegExp(`^/te/orders/${delivered}$`));

    const lot = await wonLot(sql, who.email);
    await page.goto(`/te/orders/${lot}/pay`);
    await expectTelugu();
    const pay = page.locator("main form").filter({ has: page.locator("[name=zip]") });
    await fill({ city: "రాజమండ్రి", zip: "12" }, pay);
    await pay.locator("[name=state]").selectOption("Andhra Pradesh");
    await press(submitOf(pay));
    await expectTelugu(new RegExp(`^/te/orders/${lot}/pay$`));
    await fill({ zip: "533101" }, pay);
    await pay.locator('input[type="radio"][name="delivery"]:not([disabled])').first().check();
    await press(submitOf(pay));
    await page.waitForURL(/\/sandbox\/link\/plink_/);
    await press(page.getByRole("button", { name: "Pay", exact: true }));
    await expectTelugu(new RegExp(`^/te/orders/${lot}$`));

    const auction = 500_000 + Math.floor(Math.random() * 400_000);
    const end = Date.now() + 3_600_000;
    await sql(
      `INSERT INTO auctions (id, title, title_te, description, description_te, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise)
       VALUES (${auction}, 'Telugu forms lot', 'తెలుగు ఫారాల లాట్', 'A Pulasa for the Telugu forms test.', 'తెలుగు ఫారాల పరీక్షకు ఒక పులస.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    await page.goto(`/te/auctions/${auction}`);
    await expectTelugu();
    await fill({ amount: "1000" });
    await press(
      page
        .locator("main form")
        .filter({ has: page.locator("[name=amount]") })
        .locator("button[type=submit]"),
    );
    await expectTelugu(new RegExp(`^/te/auctions/${auction}$`));
  });
});
