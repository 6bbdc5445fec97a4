import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations, newAccount, useBrowser, VIEWPORTS, type Variant } from "./browser";
import { useLocalDb } from "./local-db";

/**
 * The layout audit: every page, as each kind of visitor sees it, checked for what makes a shop feel
 * unfinished on a phone. Per page: nothing wider than the screen; no fixed or floating element over a visible
 * link, button, field or price; axe-core clean (colour contrast included); a title ending with the store's
 * name. A full-page screenshot of each lands in test-results/layout/.
 *
 * Scope (bounded for CI): every page at 390 px, light and dark, JavaScript on and off; a representative
 * subset (home, products, cart, checkout, an auction, the admin dashboard) also at 360, 768 and 1366 px, light
 * and dark, JavaScript on. LAYOUT_FULL=1 runs every page at every width.
 */

const open = useBrowser();
const sql = useLocalDb();
const STORE = "Godavari Pulasa";
const SHOTS = "test-results/layout";
const FULL = process.env.LAYOUT_FULL === "1";

type Who = "visitor" | "shopper" | "admin";
type Theme = "light" | "dark";

/** The theme cookie as the store writes it (Remix's createCookie: base64 of the JSON value). */
const themeCookie = (theme: Theme) => ({ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64") });

const orderNumber = `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;
const shopper = { email: "", password: "" };

const PAGES: { who: Who; path: string; subset?: true }[] = [
  { who: "visitor", path: "/", subset: true },
  { who: "visitor", path: "/products" },
  { who: "visitor", path: "/blogs" },
  { who: "visitor", path: "/blogs/1" },
  { who: "visitor", path: "/auctions" },
  { who: "visitor", path: "/auctions/1" },
  { who: "visitor", path: "/login" },
  { who: "visitor", path: "/signup" },
  { who: "visitor", path: "/forgot-password" },
  { who: "visitor", path: "/help-support" },
  { who: "visitor", path: "/delivery-info" },
  { who: "visitor", path: "/returns-refunds" },
  { who: "visitor", path: "/terms-conditions" },
  { who: "visitor", path: "/privacy-policy" },
  { who: "visitor", path: "/no-such-page" },
  { who: "visitor", path: "/dev/mail" },
  { who: "shopper", path: "/products", subset: true },
  { who: "shopper", path: "/cart", subset: true },
  { who: "shopper", path: "/checkout", subset: true },
  { who: "shopper", path: "/orders" },
  { who: "shopper", path: `/orders/${orderNumber}` },
  { who: "shopper", path: "/profile" },
  { who: "shopper", path: "/notifications" },
  { who: "shopper", path: "/auctions/2", subset: true },
  { who: "admin", path: "/admin-dashboard", subset: true },
  { who: "admin", path: `/admin-dashboard/orders/${orderNumber}` },
  { who: "admin", path: "/admin-dashboard/auctions" },
];

type Run = { viewport: Variant["viewport"]; theme: Theme; javaScript: boolean };
const runsFor = (subset: boolean): Run[] => {
  const runs: Run[] = [];
  for (const theme of ["light", "dark"] as const) {
    for (const javaScript of [true, false]) runs.push({ viewport: "phone", theme, javaScript });
    if (subset || FULL) for (const viewport of ["smallPhone", "tablet", "desktop"] as const) runs.push({ viewport, theme, javaScript: true });
  }
  return runs;
};

const sessions: Partial<Record<Who, { name: string; value: string }[]>> = {};

/** Signs in through the form once per kind of visitor and keeps the session cookie for every run. */
async function sessionOf(who: Who) {
  if (who === "visitor") return [];
  const cached = sessions[who];
  if (cached) return cached;
  const account = who === "admin" ? { email: "admin@pulasa.local", password: "pulasa-admin-local" } : shopper;
  const { page, context, close } = await open({ javaScript: false, viewport: "desktop" });
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/$/);
  if (who === "shopper") {
    // One fish in the cart, so the cart summary shows on the pages that have it.
    await page.goto("/products");
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.waitForLoadState("load");
  }
  const cookies = (await context.cookies()).filter((c) => c.name === "__session").map(({ name, value }) => ({ name, value }));
  await close();
  sessions[who] = cookies;
  return cookies;
}

/**
 * Fixed or sticky elements drawn over a visible link, button, field or price: a target counts as covered when
 * the topmost element at one of its points belongs to a fixed or sticky element that does not contain it.
 * Checked at the top of the page (fixed and sticky) and scrolled to its end (fixed).
 */
async function coveredThings(page: Page) {
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
function overflow(page: Page) {
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

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  Object.assign(shopper, await newAccount("layout", { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" }));
  // A paid order to show in My Orders and on the admin's order page, and its address saved for the checkout and the profile.
  await sql(`INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, stock_held, paid_at)
     SELECT '${orderNumber}', id, 'order_raised', 'advance_paid', 2500000, 50000, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', 1, ${Date.now()} FROM users WHERE email = '${shopper.email}';
     INSERT INTO order_items (order_id, product_id, name, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.image, p.price_paise, 1 FROM orders o, products p WHERE o.number = '${orderNumber}' AND p.slug = 'fresh-fish';
     INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at)
     SELECT id, 'layout', 'Asha', 'Rani Devi', '9876543210', '12-4 Main Road, Innespeta', 'Rajahmundry', 'Andhra Pradesh', '533101', ${Date.now()} FROM users WHERE email = '${shopper.email}';`);
  // A mail with a long unbroken link, as a balance mail has, so the outbox page is checked with one.
  await sql(
    `INSERT INTO mail_outbox ("to", subject, body, created_at) VALUES (?, ?, ?, ?)`,
    shopper.email,
    "Pay the balance",
    `Pay here: http://localhost:8787/pay/${"x".repeat(80)}`,
    Date.now(),
  );
});

describe.each(PAGES)("layout audit: $who $path", ({ who, path, subset }) => {
  it.each(runsFor(Boolean(subset)))(`${who} at %o`, { timeout: 120_000 }, async ({ viewport, theme, javaScript }) => {
    const cookies = [...(await sessionOf(who)), themeCookie(theme)];
    const { page, close } = await open({ javaScript, viewport }, { cookies });
    const url = path;
    await page.goto(url);
    if (javaScript) await page.waitForLoadState("networkidle");
    const name = `${who}${url.replace(/[^a-z0-9]+/gi, "_")}-${VIEWPORTS[viewport].width}-${theme}-${javaScript ? "js" : "nojs"}`;
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
    expect(await page.title()).toMatch(new RegExp(`${STORE}$`));
    expect(await overflow(page)).toEqual([]);
    expect(await coveredThings(page)).toEqual([]);
    await expectNoAxeViolations(page);
    await close();
  });
});
