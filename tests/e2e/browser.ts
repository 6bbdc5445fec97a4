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
  phone: { width: 390, height: 844 },
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
    });
    if (options.cookies) {
      await context.addCookies(options.cookies.map((c) => ({ ...c, url: baseUrl() })));
    }
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    return { page, context, errors, close: () => context.close() };
  };
}

/** Runs axe-core in the page; the test fails on any violation, listing them. */
export async function expectNoAxeViolations(page: Page) {
  // Scripts are injected through the protocol, so this works even with JavaScript disabled for the page... except
  // that a disabled page cannot run them at all; callers run axe in JavaScript-enabled variants only.
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
  expect(violations).toEqual([]);
}
