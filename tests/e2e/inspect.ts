import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoAxeViolations, type Variant } from "./browser";

/** Screenshots for reviewing the layout, light and dark, when E2E_SCREENSHOTS names a folder. */
const SHOTS = process.env.E2E_SCREENSHOTS ? path.resolve(process.env.E2E_SCREENSHOTS) : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** The dark theme exactly as the server renders it for the theme cookie: class "dark" and its color-scheme. */
const setScheme = (page: Page, scheme: "light" | "dark") =>
  page.evaluate((s) => {
    document.documentElement.className = s === "dark" ? "dark" : "";
    document.documentElement.style.colorScheme = s;
  }, scheme);

/**
 * The page checked as a visitor sees it: nothing wider than the window, axe in the light and the dark theme
 * (contrast differs), and a screenshot of each when asked, of `part` (an element) or of the whole page. The
 * page is left in the light theme. `darkScope` limits the dark audit to what this suite is about (the
 * admin's order panel, not the dashboard list behind it).
 */
export async function inspect(page: Page, name: string, variant: Variant, options: { part?: Locator; darkScope?: string } = {}) {
  // A page's text can be read before its stylesheet applies; its layout only after.
  await page.waitForLoadState("load");
  // Nothing is wider than the window (a phone would scroll sideways), the admin's order panel included.
  const overflowing = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>('[role="dialog"], main *')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === "visible")
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`),
  );
  expect(overflowing).toEqual([]);
  for (const scheme of ["light", "dark"] as const) {
    await setScheme(page, scheme);
    // Colours depend on neither JavaScript nor width: the dark theme is audited in the run with JavaScript
    // (without it axe audits a copy of the page in a second browser, which is slow).
    if (scheme === "light") await expectNoAxeViolations(page);
    else if (variant.javaScript) await expectNoAxeViolations(page, { include: options.darkScope });
    if (SHOTS) await screenshot(page, path.join(SHOTS, `${name}-${variant.viewport}-${variant.javaScript ? "js" : "nojs"}-${scheme}.png`), options.part);
  }
  await setScheme(page, "light");
}

/** The toast would cover what is under it; it is left out of the pictures. */
const NO_TOAST = "#toast-dismiss ~ [role=status] { display: none !important; }";

/**
 * A picture of one element (or the whole page), as it lies on the page scrolled to the top, so the sticky
 * header does not cover it. The admin's order is a panel scrolling inside a fixed overlay, which a page
 * screenshot cuts at the window: the window is made as tall as that panel meanwhile.
 */
async function screenshot(page: Page, file: string, part?: Locator) {
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return Math.max(...[...document.querySelectorAll(".overflow-y-auto")].map((e) => e.scrollHeight), window.innerHeight);
  });
  if (height > size.height) await page.setViewportSize({ width: size.width, height });
  const clip = part ? ((await part.boundingBox()) ?? undefined) : undefined;
  await page.screenshot({ path: file, fullPage: true, clip, animations: "disabled", style: NO_TOAST });
  if (height > size.height) await page.setViewportSize(size);
}

export type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes (as Playwright measures them) share any area. */
export const overlaps = (a: Box, b: Box) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

/** WCAG contrast of an element's text on its own background. */
export const contrastOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
      };
      const cs = getComputedStyle(el);
      const [a, b] = [lum(rgb(cs.color)), lum(rgb(cs.backgroundColor))].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    });
