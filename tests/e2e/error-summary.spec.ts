import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en } from "../../app/i18n/messages";
import { payMessages } from "../../app/i18n/pay.messages";
import { te } from "../../app/i18n/te/messages";
import { payMessages as tePay } from "../../app/i18n/te/pay.messages";
import { baseUrl, expectNoAxeViolations, newAccount, signIn, toast, useBrowser, variantName, VARIANTS, type Variant } from "./browser";
import { useLocalDb } from "./local-db";
import { wonLot } from "./orders-in-db";
import { arrive, SANDBOX_PAGE } from "./shop";

/**
 * A long form refused: 'Please fix the errors in the form' at the top of the form, with a link to each field in
 * error ("label: message"). Without JavaScript the answer page opens on it, however far down the form is (on a
 * phone the checkout's order summary comes first); with JavaScript conform's inline errors and toast stay and the
 * cursor goes to the first field in error, and the toast goes once the form is right or the page is left. The
 * checkout, a won lot's pay page and a saved address's edit page, JavaScript on and off, phone and desktop,
 * English and Telugu. Screenshots of what a phone lands on go to test-results/error-summary/.
 */

const open = useBrowser();
const sql = useLocalDb();
const SHOTS = "test-results/error-summary";
mkdirSync(SHOTS, { recursive: true });

const LANGS = {
  en: { prefix: "", t: en, pay: payMessages },
  te: { prefix: "/te", t: te, pay: tePay },
} as const;
type Lang = keyof typeof LANGS;

const GOOD = { firstName: "Asha", lastName: "Rani Devi", phone: "9876543210", address: "12-4 Main Road, Innespeta", city: "Rajahmundry", zip: "533101" };
const BAD = { ...GOOD, phone: "98765", zip: "12345" };
type Values = typeof GOOD;

/** Types the shipping fields by their labels in the page's language, with Andhra Pradesh as the state. */
async function fillShipping(page: Page, lang: Lang, values: Values) {
  const m = LANGS[lang].t.shop.checkout;
  for (const name of ["firstName", "lastName", "phone", "address", "city", "zip"] as const) await page.getByLabel(m[name], { exact: true }).fill(values[name]);
  await page.getByLabel(m.state, { exact: true }).selectOption("Andhra Pradesh");
}

const summaryOf = (page: Page, lang: Lang) => page.getByRole("alert").filter({ hasText: LANGS[lang].t.shop.checkout.fixErrors });

/** What the summary says: its title, and each link's words and target. */
async function summaryText(summary: Locator) {
  return {
    title: await summary.locator("p").first().innerText(),
    links: await summary.getByRole("link").evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")])),
  };
}

/** The summary lists the phone and the pincode, linked to their fields, and sits above the form's first field. */
async function expectSummary(page: Page, lang: Lang) {
  const m = LANGS[lang].t.shop;
  const summary = summaryOf(page, lang);
  await summary.waitFor();
  const phoneId = await page.getByLabel(m.checkout.phone, { exact: true }).getAttribute("id");
  const zipId = await page.getByLabel(m.checkout.zip, { exact: true }).getAttribute("id");
  expect(await summaryText(summary)).toEqual({
    title: m.checkout.fixErrors,
    links: [
      [`${m.checkout.phone}: ${m.shippingErrors.phone}`, `#${phoneId}`],
      [`${m.checkout.zip}: ${m.shippingErrors.zip}`, `#${zipId}`],
    ],
  });
  const atTop = await summary.evaluate((el) => {
    const first = el.closest("form")!.querySelector("input:not([type=hidden]), select");
    return first !== null && Boolean(el.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(atTop).toBe(true);
  // What was typed is kept.
  expect(await page.getByLabel(m.checkout.phone, { exact: true }).inputValue()).toBe(BAD.phone);
  return { summary, phoneId: phoneId!, zipId: zipId! };
}

/** Whether `locator` is on screen, whole (or its first half, with `part`), below the sticky header. */
const onScreen = (locator: Locator, part = false) =>
  locator.evaluate((el, part) => {
    const r = el.getBoundingClientRect();
    const header = document.querySelector("header")!.getBoundingClientRect().bottom;
    return r.height > 0 && r.top >= header - 1 && (part ? r.top + r.height / 2 : r.bottom) <= window.innerHeight;
  }, part);

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

/**
 * The refused press's answer: without JavaScript the page opens on the summary (focused, on screen); with it the
 * cursor is in the first field in error. A link of the summary leads to its field either way.
 */
async function expectLanding(page: Page, variant: Variant, lang: Lang, shot: string) {
  const { summary, phoneId, zipId } = await expectSummary(page, lang);
  if (!variant.javaScript) {
    await expect.poll(() => focusedId(page)).toBe(await summary.getAttribute("id"));
    expect(await onScreen(summary)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shot}-${variant.viewport}-${lang}.png` });
  } else {
    await expect.poll(() => focusedId(page)).toBe(phoneId);
  }
  await expectNoAxeViolations(page);
  await summary.getByRole("link").nth(1).click();
  if (variant.javaScript) await expect.poll(() => focusedId(page)).toBe(zipId);
  else await expect.poll(() => new URL(page.url()).hash).toBe(`#${zipId}`);
  await expect.poll(() => onScreen(page.locator(`[id="${zipId}"]`), true)).toBe(true);
}

/** A shopper signed in with one fish in the cart, on the checkout page in `lang` (the page's clock faked, with `clock`). */
async function atCheckout(variant: Variant, lang: Lang, clock = false) {
  const { prefix, t } = LANGS[lang];
  const browser = await open(variant);
  if (clock) await browser.page.clock.install();
  const who = await newAccount(`summary.${lang}`, { name: "Asha Rani Devi" });
  await signIn(browser.page, who);
  await browser.page.goto(`${prefix}/products`);
  await browser.page.getByRole("button", { name: t.products.addToCart }).first().click();
  await expect.poll(() => toast(browser.page)).toContain(t.cart.added.replace("{name} ", ""));
  await browser.page.goto(`${prefix}/checkout`);
  await browser.page.locator("input[name=delivery]:not([disabled])").first().check();
  return { ...browser, who };
}

describe.each(VARIANTS)("the checkout refused ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it.each(["en", "te"] as const)(`a summary of the errors at the top of the form, landed on, each linked to its field (%s, ${label})`, async (lang) => {
    const { page, close } = await atCheckout(variant, lang);
    const m = LANGS[lang].t.shop.checkout;
    await fillShipping(page, lang, BAD);
    await page.getByRole("button", { name: m.pay }).click();
    if (!variant.javaScript) await page.waitForLoadState("load");
    await expectLanding(page, variant, lang, "checkout");

    // Put right, the same press goes to the gateway.
    await fillShipping(page, lang, GOOD);
    await page.getByRole("button", { name: m.pay }).click();
    await arrive(page, SANDBOX_PAGE, "Razorpay sandbox");
    await close();
  });
});

describe.each(VARIANTS.filter((v) => v.javaScript))("the checkout's toast of a refused press ($javaScript, $viewport)", (variant) => {
  // The page's clock is stopped once the toast shows, so it can only go because the page takes it away.
  const stopClock = async (page: Page) => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

  it(`goes once the form is right, and is never shown over the gateway's page (${variantName(variant)})`, async () => {
    const { page, close } = await atCheckout(variant, "en", true);
    const m = en.shop.checkout;
    const fixToast = page.getByRole("status").filter({ hasText: m.fixErrors });
    await fillShipping(page, "en", BAD);
    await page.getByRole("button", { name: m.pay }).click();
    await expect.poll(() => toast(page)).toBe(m.fixErrors);
    await stopClock(page);
    await page.getByLabel(m.phone, { exact: true }).fill(GOOD.phone);
    expect(await fixToast.count()).toBe(1);
    await page.getByLabel(m.zip, { exact: true }).fill(GOOD.zip);
    await expect.poll(() => fixToast.count()).toBe(0);

    // Refused again, then put right by the press itself: the gateway's page shows no refusal.
    await page.getByLabel(m.phone, { exact: true }).fill(BAD.phone);
    await page.getByRole("button", { name: m.pay }).click();
    await expect.poll(() => fixToast.count()).toBe(1);
    await page.getByLabel(m.phone, { exact: true }).fill(GOOD.phone);
    await page.getByRole("button", { name: m.pay }).click();
    await page.clock.resume();
    await arrive(page, SANDBOX_PAGE, "Razorpay sandbox");
    expect(await fixToast.count()).toBe(0);
    await close();
  });

  it(`goes when the page is left (${variantName(variant)})`, async () => {
    const { page, close } = await atCheckout(variant, "en", true);
    const m = en.shop.checkout;
    const fixToast = page.getByRole("status").filter({ hasText: m.fixErrors });
    await fillShipping(page, "en", BAD);
    await page.getByRole("button", { name: m.pay }).click();
    await expect.poll(() => fixToast.count()).toBe(1);
    await stopClock(page);
    // The shop's name in the header leads home.
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => fixToast.count()).toBe(0);
    await close();
  });
});

describe.each(VARIANTS)("a won lot's pay page refused ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);

  it.each(["en", "te"] as const)(`shows the same summary, landed on, and then pays (%s, ${label})`, async (lang) => {
    const { prefix, pay } = LANGS[lang];
    const { page, close } = await open(variant);
    const who = await newAccount(`lot.${lang}`, { name: "Asha Rani Devi" });
    await signIn(page, who);
    const number = await wonLot(sql, who.email);
    await page.goto(`${prefix}/orders/${number}/pay`);
    // The lot's delivery date and slot are chosen; only the phone and the pincode are wrong.
    const slot = page.locator('input[type="radio"][name="delivery"]:not([disabled])').first();
    await fillShipping(page, lang, BAD);
    await slot.check();
    await page.getByRole("button", { name: pay.payButton }).click();
    if (!variant.javaScript) await page.waitForLoadState("load");
    await expectLanding(page, variant, lang, "pay");
    await fillShipping(page, lang, GOOD);
    await slot.check();
    await page.getByRole("button", { name: pay.payButton }).click();
    await arrive(page, SANDBOX_PAGE, "Razorpay sandbox");
    await close();
  });
});

describe.each(VARIANTS)("a saved address's edit page refused ($javaScript, $viewport)", (variant) => {
  it(`shows the same summary (${variantName(variant)})`, async () => {
    const { page, close } = await open(variant);
    const who = await newAccount("address.summary", { name: "Asha Rani Devi" });
    await signIn(page, who);
    const [{ id }] = await sql(
      `INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at)
       SELECT id, 'summary', 'Asha', 'Rani Devi', '9876543210', '12-4 Main Road, Innespeta', 'Rajahmundry', 'Andhra Pradesh', '533101', ${Date.now()} FROM users WHERE email = ? RETURNING id`,
      who.email,
    );
    await page.goto(`/te/profile/addresses/${id}`);
    await fillShipping(page, "te", BAD);
    await page.getByRole("button", { name: "చిరునామా సేవ్ చేయండి" }).click();
    if (!variant.javaScript) await page.waitForLoadState("load");
    await expectLanding(page, variant, "te", "address");
    await close();
  });
});
