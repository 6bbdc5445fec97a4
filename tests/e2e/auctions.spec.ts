import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/cloudflare";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { queryLocal } from "../../scripts/lib/local.mjs";
import { expectNoAxeViolations, useBrowser } from "./browser";
import { PERSIST_TO } from "./global-setup";

const open = useBrowser();

/** The development secret the local store signs cookies with (no SESSION_SECRET is configured locally). */
const DEV_SECRET = "local-development-only-secret-do-not-use-in-production";

/** A verified bidder with a live session, made straight in the local database (sign-up is tested elsewhere). */
async function bidder(id: number, name: string) {
  const token = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(token).digest("base64url");
  queryLocal(
    PERSIST_TO,
    `INSERT INTO users (id, name, email, email_verified_at) VALUES (${id}, '${name}', 'bidder${id}.${Date.now()}@example.in', ${Date.now()}); INSERT INTO sessions (id, user_id, purpose, expires_at) VALUES ('${hash}', ${id}, 'session', ${Date.now() + 3_600_000});`,
  );
  const cookie = createCookie("__session", { secrets: [DEV_SECRET] });
  const serialized = await cookie.serialize(token);
  const value = serialized.split(";")[0].slice("__session=".length);
  return [{ name: "__session", value }];
}

async function toast(page: Page) {
  return page.getByRole("status").locator("p").first().innerText();
}

describe("live auction: two bidders, JavaScript off and on", () => {
  it("bids from a JS-off page show up live on the other page, soft close extends the end, standings update", async () => {
    const id = 900 + Math.floor(Math.random() * 90);
    // Ends in 100 s: any bid is inside the last 2 minutes, so it extends the end (soft close).
    const end = Date.now() + 100_000;
    queryLocal(
      PERSIST_TO,
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise) VALUES (${id}, 'E2E Pulasa lot', 'A fresh Godavari Pulasa for the end-to-end test.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000)`,
    );
    const live = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(7001, "Latha Devi") });
    const plain = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(7002, "Mohan Rao") });

    await live.page.goto(`/auctions/${id}`);
    await live.page.getByTestId("live").waitFor();
    const endBefore = await live.page.getByTestId("end-time").locator("time").getAttribute("datetime");
    await expectNoAxeViolations(live.page);

    // JS-off bidder: a plain form post, redirected back with the result as a toast.
    await plain.page.goto(`/auctions/${id}`);
    await expectNoAxeViolations(plain.page);
    await plain.page.getByLabel("Your bid (₹)").fill("1000");
    const sentAt = Date.now();
    await plain.page.getByRole("button", { name: "Place Bid" }).click();
    await plain.page.waitForURL(`**/auctions/${id}`);
    expect(await toast(plain.page)).toBe("Bid placed successfully!");
    expect(await plain.page.getByTestId("standing").innerText()).toContain("You are the highest bidder");

    // The other page updates over its WebSocket, within a second of the bid.
    await live.page.getByTestId("current-price").getByText("₹1,000").waitFor({ timeout: 1_000 + (Date.now() - sentAt) });
    expect(await live.page.getByTestId("bid-history").innerText()).toContain("Mohan R.");
    const endAfter = await live.page.getByTestId("end-time").locator("time").getAttribute("datetime");
    expect(new Date(endAfter!).getTime()).toBeGreaterThan(new Date(endBefore!).getTime());

    // A bid below the minimum is refused with the spec's words; then the JS bidder takes the lead.
    await live.page.getByLabel("Your bid (₹)").fill("1050");
    await live.page.getByLabel("Your bid (₹)").evaluate((el) => el.removeAttribute("min"));
    await live.page.getByRole("button", { name: "Place Bid" }).click();
    await expect.poll(() => toast(live.page)).toBe("The minimum bid is ₹1,100");
    await live.page.getByLabel("Your bid (₹)").fill("1100");
    await live.page.getByRole("button", { name: "Place Bid" }).click();
    await expect.poll(() => toast(live.page)).toBe("Bid placed successfully!");
    await expect.poll(() => live.page.getByTestId("standing").innerText()).toContain("You are the highest bidder");

    await plain.page.reload();
    expect(await plain.page.getByTestId("standing").innerText()).toContain("You have been outbid");
    expect(await plain.page.getByTestId("current-price").innerText()).toBe("₹1,100");
    const outbid = queryLocal(PERSIST_TO, `SELECT type FROM notifications WHERE user_id = 7002 AND auction_id = ${id}`);
    expect(outbid).toEqual([{ type: "outbid" }]);
    await expectNoAxeViolations(plain.page);
    expect(live.errors).toEqual([]);
    await live.close();
    await plain.close();
  });
});
