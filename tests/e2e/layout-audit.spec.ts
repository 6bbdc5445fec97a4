import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { langOfPath } from "../../app/i18n/lang";
import { expectNoAxeViolations, newAccount, useBrowser, VIEWPORTS, type Variant } from "./browser";
import { coveredThings, faintFields, overflow, splitPrices } from "./layout-checks";
import { makeWorld, pathIn, type World } from "./layout-world";
import { useLocalDb } from "./local-db";

/**
 * The layout audit: every page, as each kind of visitor sees it, at 360, 390, 768 and 1366 px, in the light
 * and the dark theme, with JavaScript on and off. Per page: nothing wider than the screen; no fixed or floating
 * element over a visible link, button, field or price; no price split over two lines; every field's edge at
 * least 3:1 against what is around it; axe-core clean (colour contrast included); a title ending with the
 * store's name. A full-page screenshot of each lands in test-results/layout/.
 */

const open = useBrowser();
const sql = useLocalDb();
/** The store's name a page's title ends with, in the page's language. */
const storeOf = (path: string) => (langOfPath(path.split("?")[0]) === "te" ? "గోదావరి పులస" : "Godavari Pulasa");
const SHOTS = "test-results/layout";

type Who = "visitor" | "shopper" | "admin";
type Theme = "light" | "dark";

/** The theme cookie as the store writes it (Remix's createCookie: base64 of the JSON value). */
const themeCookie = (theme: Theme) => ({ name: "theme", value: Buffer.from(JSON.stringify(theme)).toString("base64") });

const shopper = { email: "", password: "" };
const world: Partial<World> = {};

/** Every page a visitor, a shopper and an admin can open; `{…}` is filled from the world made before the audit. */
const PAGES: { who: Who; path: string }[] = [
  ...[
    "/",
    "/products",
    "/products/fresh-fish",
    "/blogs",
    "/blogs/1",
    "/auctions",
    "/auctions/1",
    // A running auction's log (its head, published at the close).
    "/auctions/1/log",
    "/te/auctions/1/log",
    "/login",
    "/signup",
    "/verify-otp?email=layout%40example.in",
    "/forgot-password",
    "/reset-password?email=layout%40example.in",
    "/help-support",
    "/delivery-info",
    "/returns-refunds",
    "/terms-conditions",
    "/privacy-policy",
    "/no-such-page",
    "/dev/mail",
    "/te",
    "/te/products/fresh-fish",
    // The seed's weighed sample fish.
    "/fish/yanampcs23",
    "/te/fish/yanampcs23",
    // A fish open for the season: its card.
    "/products/{season}",
  ].map((path) => ({ who: "visitor" as const, path })),
  ...[
    "/products",
    "/products/fresh-fish",
    "/cart",
    "/checkout",
    "/orders",
    "/orders/{order}",
    "/orders/{asked}",
    "/orders/{delivered}",
    "/orders/{delivered}/claim",
    "/orders/{wonOrder}/pay",
    "/profile",
    "/profile/addresses/{address}",
    "/notifications",
    "/auctions/2",
    "/auctions/{won}",
    // A closed auction's published log, with its Verify button.
    "/auctions/{won}/log",
    "/te/checkout",
    "/te/orders/{order}",
    "/te/orders/{asked}",
    // Booking a fish for the season, and a pre-booking's place in the queue.
    "/season/{season}",
    "/te/season/{season}",
    "/orders/{prebooked}",
    "/te/orders/{prebooked}",
  ].map((path) => ({ who: "shopper" as const, path })),
  ...[
    "/admin-dashboard",
    "/admin-dashboard/orders/{order}",
    "/admin-dashboard/orders/{asked}",
    "/admin-dashboard/products",
    "/admin-dashboard/products/1",
    "/admin-dashboard/products/{seasonId}?fillDate={today}&fillQty=3",
    "/admin-dashboard/catch",
    "/admin-dashboard/deliveries",
    "/admin-dashboard/claims",
    "/admin-dashboard/claims/{claim}",
    "/admin-dashboard/auctions",
    "/admin-dashboard/landings",
  ].map((path) => ({ who: "admin" as const, path })),
];

type Run = { viewport: Variant["viewport"]; theme: Theme; javaScript: boolean };
const RUNS: Run[] = (["smallPhone", "phone", "tablet", "desktop"] as const).flatMap((viewport) =>
  (["light", "dark"] as const).flatMap((theme) => [true, false].map((javaScript) => ({ viewport, theme, javaScript }))),
);

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
  await page.waitForURL(who === "admin" ? /\/admin-dashboard$/ : /\/$/);
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

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A long e-mail address with no place to break a line but its dots, as real ones are: every page that shows it
  // (the profile, the admin's order and claim) must wrap it rather than grow wider than a phone.
  const tag = "layout.venkata.satyanarayana.murthy.garu";
  Object.assign(shopper, await newAccount(tag, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" }));
  Object.assign(world, await makeWorld(sql, open, shopper, await sessionOf("shopper")));
}, 120_000);

// The season's fish of this audit leaves the catalogue, which the suites after it count as the seed's.
afterAll(() => sql("UPDATE products SET hidden = 1 WHERE slug = ?", world.season ?? ""));

for (const { who, path } of PAGES) {
  describe(`layout audit: ${who} ${path}`, () => {
    for (const { viewport, theme, javaScript } of RUNS) {
      const run = `${VIEWPORTS[viewport].width} px, ${theme}, JavaScript ${javaScript ? "on" : "off"}`;
      it(run, { timeout: 120_000 }, async () => {
        const cookies = [...(await sessionOf(who)), themeCookie(theme)];
        const { page, close } = await open({ javaScript, viewport }, { cookies });
        const url = pathIn(path, world);
        const response = await page.goto(url);
        expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
        if (javaScript) await page.waitForLoadState("networkidle");
        const name = `${who}${url.replace(/[^a-z0-9]+/gi, "_")}-${VIEWPORTS[viewport].width}-${theme}-${javaScript ? "js" : "nojs"}`;
        await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
        expect(await page.title()).toMatch(new RegExp(`${storeOf(path)}$`));
        expect(await overflow(page)).toEqual([]);
        expect(await coveredThings(page)).toEqual([]);
        expect(await splitPrices(page)).toEqual([]);
        expect(await faintFields(page)).toEqual([]);
        await expectNoAxeViolations(page);
        await close();
      });
    }
  });
}
