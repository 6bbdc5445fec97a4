import { describe, expect, it } from "vitest";
import type { Lang } from "~/i18n/lang";
import { testDeps } from "../../tests/setup/deps";
import { one } from "../../tests/setup/sql";
import { notify, notifyAdmins } from "./notify.server";

/** A notice's e-mail ends with the page its bell entry opens, as an address the reader can follow. */

async function person(lang: Lang, isAdmin = false) {
  const email = `links.${crypto.randomUUID()}@example.in`;
  const { id } = await one<{ id: number }>(
    "INSERT INTO users (name, email, email_verified_at, lang, is_admin) VALUES ('Asha Rani', ?, ?, ?, ?) RETURNING id",
    email,
    Date.now(),
    lang,
    isAdmin ? 1 : 0,
  );
  return { id, email };
}

const lastMail = async (email: string) => (await one<{ body: string }>('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', email)).body;
const words = { title: "Order update", message: "Something happened." };

describe("a notice's e-mail leads to its order or auction", () => {
  it("a customer's to the order, in the account's language, at the address the request came to", async () => {
    const deps = testDeps({}, { origin: "https://store.test" });
    const english = await person("en");
    const telugu = await person("te");
    await notify(deps, { userId: english.id, type: "note", words, orderId: 1, orderNumber: "PUL-2703-AB2C" });
    await notify(deps, { userId: telugu.id, type: "note", words, orderId: 1, orderNumber: "PUL-2703-AB2C" });
    expect(await lastMail(english.email)).toContain("Something happened.\n\nView your order: https://store.test/orders/PUL-2703-AB2C\n");
    expect(await lastMail(telugu.email)).toContain("Something happened.\n\nమీ ఆర్డర్ చూడండి: https://store.test/te/orders/PUL-2703-AB2C\n");
  });

  it("an admin's to the order in the dashboard; an auction's to the auction", async () => {
    const deps = testDeps({}, { origin: "https://store.test" });
    const admin = await person("en", true);
    const bidder = await person("en");
    await notifyAdmins(deps, { type: "note", ...words, orderId: 1, orderNumber: "PUL-2703-AB2C" });
    await notify(deps, { userId: bidder.id, type: "outbid", words, auctionId: 42 });
    expect(await lastMail(admin.email)).toContain("Open the order in the dashboard: https://store.test/admin-dashboard/orders/PUL-2703-AB2C\n");
    expect(await lastMail(bidder.email)).toContain("View the auction: https://store.test/auctions/42\n");
  });

  it("outside a request (the scheduled job) uses SITE_URL; with neither, and for a notice about nothing, adds no line", async () => {
    const customer = await person("en");
    const job = testDeps({ SITE_URL: "https://pulasa.example/" }, { origin: "" });
    await notify(job, { userId: customer.id, type: "refund", words, orderId: 1, orderNumber: "PUL-2703-AB2C" });
    expect(await lastMail(customer.email)).toContain("View your order: https://pulasa.example/orders/PUL-2703-AB2C\n");
    await notify(testDeps({}, { origin: "" }), { userId: customer.id, type: "refund", words, orderId: 1, orderNumber: "PUL-2703-AB2C" });
    expect(await lastMail(customer.email)).not.toMatch(/View your order|https?:/);
    await notify(testDeps(), { userId: customer.id, type: "note", words });
    expect(await lastMail(customer.email)).not.toMatch(/View|https?:/);
  });
});
