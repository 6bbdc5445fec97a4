import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, expectNoAxeViolations, useBrowser, type Variant } from "./browser";

/**
 * The English home page suggests the Telugu shop to a browser that prefers Telugu: a note in Telugu with a plain
 * link, added by the browser (the server's page is the same for everyone), moving nothing, covering no button on
 * a phone, and gone for good once closed.
 */

const open = useBrowser();
const NOTE = "ఈ దుకాణాన్ని తెలుగులో చూడండి";
const PHONE: Variant = { javaScript: true, viewport: "phone" };

/** A page whose browser lists `languages` first, counting every layout shift from the start. */
async function browserPreferring(languages: string[], variant = PHONE) {
  const opened = await open(variant);
  await opened.page.addInitScript((langs) => {
    Object.defineProperty(Navigator.prototype, "languages", { get: () => langs });
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  }, languages);
  return opened;
}

/** Buttons and links on screen (other than the note's own) whose boxes the note's box overlaps. */
async function coveredControls(page: Page) {
  return page.evaluate(() => {
    const note = document.querySelector('p[lang="te"]')!;
    const n = note.getBoundingClientRect();
    return [...document.querySelectorAll("a, button, summary, input, select")]
      .filter((el) => !note.contains(el))
      .filter((el) => {
        // Not drawn: in a closed menu (<details>), hidden, or transparent.
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
        const r = el.getBoundingClientRect();
        return r.left < n.right && r.right > n.left && r.top < n.bottom && r.bottom > n.top;
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });
}

describe("the suggestion of the Telugu shop", () => {
  it("is in every visitor's server page never, and in a Telugu reader's browser once hydrated", async () => {
    const html = await (await fetch(`${baseUrl()}/`, { headers: { "Accept-Language": "te-IN,te;q=0.9" } })).text();
    expect(html).not.toContain(NOTE);

    const { page, errors, close } = await browserPreferring(["te-IN", "en-IN"]);
    await page.goto("/");
    const link = page.getByRole("link", { name: NOTE });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/te");
    expect(await coveredControls(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "మూసివేయండి" }).click();
    expect(await page.getByText(NOTE).count()).toBe(0);
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText(NOTE).count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it("takes its reader to the Telugu home page, and is not shown there nor to a browser without Telugu", async () => {
    const telugu = await browserPreferring(["te"], { javaScript: true, viewport: "desktop" });
    await telugu.page.goto("/");
    await telugu.page.getByRole("link", { name: NOTE }).click();
    await telugu.page.waitForURL(`${baseUrl()}/te`);
    await telugu.page.waitForLoadState("networkidle");
    expect(await telugu.page.getByText(NOTE).count()).toBe(0);
    await telugu.close();

    const english = await browserPreferring(["en-IN", "hi"]);
    await english.page.goto("/");
    await english.page.getByRole("heading", { level: 1 }).waitFor();
    await english.page.waitForLoadState("networkidle");
    expect(await english.page.getByText(NOTE).count()).toBe(0);
    await english.close();
  });
});
