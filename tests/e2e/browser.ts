import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const VIEWPORTS = {
  smallPhone: { width: 360, height: 780 },
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1366, height: 900 },
} as const;

export type Variant = { javaScript: boolean; viewport: keyof typeof VIEWPORTS };

/** Every page is checked with JavaScript off and on, at phone and desktop widths. */
export const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: false, viewport: "desktop" },
  { javaScript: true, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

export function variantName(v: Variant) {
  return `${v.javaScript ? "JS on" : "JS off"}, ${v.viewport}`;
}

const rand = () => Math.floor(Math.random() * 250) + 1;

export function baseUrl() {
  return inject("baseUrl");
}

/** One Chromium per test file. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return async function open(variant: Variant, options: { cookies?: { name: string; value: string }[] } = {}) {
    if (!state.browser) throw new Error("browser not started");
    const context: BrowserContext = await state.browser.newContext({
      javaScriptEnabled: variant.javaScript,
      viewport: VIEWPORTS[variant.viewport],
      baseURL: baseUrl(),
      // Each browser is its own client address (the local server passes the header on), as real shoppers are:
      // the per-address login and sign-up limits of one test never throttle another.
      extraHTTPHeaders: { "CF-Connecting-IP": `10.${rand()}.${rand()}.${rand()}` },
    });
    if (options.cookies) {
      await context.addCookies(options.cookies.map((c) => ({ ...c, url: baseUrl() })));
    }
    const page = await context.newPage();
    if (!variant.javaScript) scriptlessPages.add(page);
    else waitForHydrationOnLoad(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    return { page, context, errors, close: () => context.close() };
  };
}

/**
 * Pages load their modules after the page has loaded, and a press before they have hydrated it does what it does
 * without JavaScript. With JavaScript on, a page a test opens (goto, reload, or a URL it waits for) is used once it
 * is hydrated (`<html data-hydrated>`), as a shopper's first press usually comes; pages without modules at once.
 */
function waitForHydrationOnLoad(page: Page) {
  const hydrated = () =>
    page.waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="x-late-module"], script[type="module"]'),
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args: Parameters<Page["reload"]>) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  page.waitForURL = async (...args: Parameters<Page["waitForURL"]>) => {
    await waitForURL(...args);
    await hydrated();
  };
}

/** Pages opened with JavaScript disabled: axe needs scripts, so they are audited in a copy. */
const scriptlessPages = new WeakSet<Page>();

/**
 * Runs axe-core in the page; the test fails on any violation, listing them. A page without JavaScript is
 * audited as a script-free copy of its current DOM, served at its own URL in a JavaScript-enabled page of the
 * same size (axe cannot run where scripts are off, and the copy renders exactly what the visitor sees).
 * `include` (a CSS selector) limits the audit to that part of the page.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  let target = page;
  let cleanup = async () => {};
  if (scriptlessPages.has(page)) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({ viewport: page.viewportSize(), baseURL: baseUrl() });
    target = await context.newPage();
    await target.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await target.goto(page.url());
    cleanup = () => context.close();
  }
  // Colours are judged at rest, not halfway through a transition (a button fading back from its busy state).
  await target.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await target.evaluate(AXE_SOURCE);
  const violations = await target.evaluate(async (include) => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(include ? { include: [include] } : document, { resultTypes: ["violations"] });
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }, options.include ?? null);
  await cleanup();
  expect(violations).toEqual([]);
}

/** The text of the toast on screen (the newest, when several are stacked). */
export function toast(page: Page) {
  return page.getByRole("status").locator("p").first().innerText();
}

/** A verified account made through the JSON API (the accounts suite covers the sign-up pages themselves). */
export async function newAccount(tag: string, details: { name: string; address?: string }) {
  const email = `${tag}.${Date.now()}.${rand()}@example.in`;
  const password = "river-monsoon-2026";
  const ip = `10.${rand()}.${rand()}.${rand()}`;
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${baseUrl()}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const registered = await post("/api/auth/register", { email, password, phone: "9876543210", ...details });
  expect(registered.status).toBe(201);
  const { tempToken } = (await registered.json()) as { tempToken: string };
  const html = await (await fetch(`${baseUrl()}/dev/mail`)).text();
  const code = /verification code is (\d{6})/.exec(html.slice(html.indexOf(email)))?.[1];
  // The code is accepted only with the temporary token of the sign-up it was mailed for.
  expect((await post("/api/auth/verify-otp", { email, otp: code }, tempToken)).status).toBe(200);
  return { email, password };
}

/** The development admin the seed creates. */
export const DEV_ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };

/** Signs in through the login form and waits for the page it lands on: the home page, or an admin's dashboard. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(baseUrl() + (who.email === DEV_ADMIN.email ? "/admin-dashboard" : "/"));
}

/** Moves the admin's open order on to `label`: its one button when that is the only move, else chosen from the list. */
export async function moveStatus(page: Page, label: string) {
  const only = page.getByRole("button", { name: `Mark as ${label}`, exact: true });
  if ((await only.count()) > 0) return only.click();
  await page.getByRole("combobox", { name: "Order status" }).selectOption({ label });
  await page.getByRole("button", { name: "Update status" }).click();
}
