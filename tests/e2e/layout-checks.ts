import type { Page } from "playwright-core";

/**
 * What the layout audit measures in a page, each returning a list of what is wrong (empty when nothing is):
 * overflow past the screen, floating things over what people press or read, form fields whose edge cannot be
 * seen (under 3:1 against what is around them), and prices broken across two lines.
 */

/**
 * Fixed or sticky elements drawn over a visible link, button, field or price: a target counts as covered when
 * the topmost element at one of its points belongs to a fixed or sticky element that does not contain it.
 * Checked at the top of the page (fixed and sticky) and scrolled to its end (fixed).
 */
export async function coveredThings(page: Page) {
  const check = (withSticky: boolean) =>
    page.evaluate((withSticky) => {
      const describe = (el: Element) => {
        const text = (el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${text}"`;
      };
      const floatingAncestor = (el: Element | null) => {
        for (let e = el; e; e = e.parentElement) {
          const position = getComputedStyle(e).position;
          if (position === "fixed" || (withSticky && position === "sticky")) return e;
        }
        return null;
      };
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        return r.width > 1 && r.height > 1 && cs.visibility !== "hidden" && cs.display !== "none" && Number(cs.opacity) > 0;
      };
      const prices = [...document.querySelectorAll("body *")].filter((el) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /₹\s?[\d,]+/.test(n.textContent ?? "")),
      );
      const targets = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary"), ...prices].filter(shown);
      const found: string[] = [];
      for (const t of targets) {
        const r = t.getBoundingClientRect();
        const points = [
          [r.left + r.width / 2, r.top + r.height / 2],
          [r.left + 2, r.top + 2],
          [r.right - 2, r.bottom - 2],
        ];
        for (const [x, y] of points) {
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
          const top = document.elementFromPoint(x, y);
          if (!top || t.contains(top) || top.contains(t)) continue;
          const cover = floatingAncestor(top);
          // A modal dialog's own overlay is the page while it is open.
          if (cover && !cover.contains(t) && !cover.querySelector('[aria-modal="true"]')) {
            found.push(`${describe(cover)} covers ${describe(t)}`);
            break;
          }
        }
      }
      return found;
    }, withSticky);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  const atTop = await check(true);
  // Scrolled, the page slides under the sticky header by design: only fixed things count there.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }));
  const atEnd = await check(false);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  return [...new Set([...atTop, ...atEnd])];
}

/** Elements reaching past the right edge, and how wide the page scrolls. */
export function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroll = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (scroll <= width) return [];
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
    return [`page scrolls to ${scroll}px on a ${width}px screen`, ...wide];
  });
}

/**
 * Fields (text-like inputs, selects, text areas) a person cannot make out: neither their edge nor their fill
 * reaches 3:1 against the colour around them. Disabled fields are left out, as WCAG leaves them out; check
 * boxes and radios are drawn by the browser.
 */
export function faintFields(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const n = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0, n.length > 3 ? n[3] : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1) as Rgba;
    const luminance = ([r, g, b]: Rgba) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The colour an element is drawn on: its ancestors' backgrounds, composed from the page down. */
    const around = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e = el.parentElement; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
      return layers.reverse().reduce((under, layer) => over(layer, under), [255, 255, 255, 1] as Rgba);
    };
    const textLike =
      ":is(input:not([type=hidden], [type=checkbox], [type=radio], [type=file], [type=range], [type=color], [type=submit], [type=button]), select, textarea)";
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement>(`${textLike}:not(:disabled)`)) {
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (r.width <= 1 || r.height <= 1 || r.right < 0 || cs.visibility === "hidden") continue;
      const outside = around(el);
      const fill = over(parse(cs.backgroundColor), outside);
      const edge = Number.parseFloat(cs.borderTopWidth) > 0 ? over(parse(cs.borderTopColor), outside) : fill;
      const best = Math.max(ratio(edge, outside), ratio(fill, outside));
      if (best < 3) found.push(`<${el.tagName.toLowerCase()} name="${el.name}"> edge ${best.toFixed(2)}:1`);
    }
    return found;
  });
}

/** Prices (₹ amounts) whose digits are split over two lines. */
export function splitPrices(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(/₹\s?[\d,]+(\.\d\d)?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) found.push(`"${match[0]}" in <${node.parentElement?.tagName.toLowerCase()}>`);
      }
    }
    return found;
  });
}
