import { describe, expect, it } from "vitest";
import { action as adminProduct } from "~/routes/admin-dashboard_.products.$id";
import { action as book } from "~/routes/season.$slug";
import { setUpSeasonWorld } from "../../tests/setup/season";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { callRoute, sessionCookie } from "../../tests/setup/routes";
import { one } from "../../tests/setup/sql";

const s = setUpSeasonWorld();
const { w } = s;

const written = () => one<{ orders: number }>("SELECT count(*) AS orders FROM orders");
const slugOf = async () => (await one<{ slug: string }>("SELECT slug FROM products WHERE id = ?", w.fishId)).slug;

describe("the booking page's post with a last date no calendar has", () => {
  it.each([
    ["en", "2027-13-01", "Choose the last date you accept delivery"],
    ["te", "2027-12-32", "డెలివరీ తీసుకునే చివరి తేదీని ఎంచుకోండి"],
    ["en", "2027-00-10", "Choose the last date you accept delivery"],
  ] as const)("(%s, %s) is refused beside the field, and nothing is written", async (lang, latestDate, message) => {
    const slug = await slugOf();
    const cookie = await sessionCookie(await w.newUser(lang));
    const before = await written();
    const path = `${lang === "te" ? "/te" : ""}/season/${slug}`;
    const answer = await callRoute(book, path, {
      cookie,
      params: { slug },
      form: { ...VALID_ADDRESS, quantity: "1", latestDate, ceiling: "20" },
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain(message);
    expect(await written()).toEqual(before);
  });
});

describe("the admin's season switch on a product that does not exist", () => {
  it.each(["season-open", "season-close"])("%s answers 404 and opens nothing", async (intent) => {
    const cookie = await sessionCookie(w.admin.id);
    const before = await one("SELECT count(*) AS n FROM products WHERE season_until IS NOT NULL");
    const answer = await callRoute(adminProduct, "/admin-dashboard/products/999999", {
      cookie,
      params: { id: "999999" },
      form: { intent, until: w.day(20) },
    });
    expect(answer.status).toBe(404);
    expect(await one("SELECT count(*) AS n FROM products WHERE season_until IS NOT NULL")).toEqual(before);
  });
});

describe("the admin's season switch with an intent it does not know", () => {
  it("changes nothing and answers 400", async () => {
    const cookie = await sessionCookie(w.admin.id);
    const before = await one("SELECT season_until FROM products WHERE id = ?", w.fishId);
    const answer = await callRoute(adminProduct, `/admin-dashboard/products/${w.fishId}`, {
      cookie,
      params: { id: String(w.fishId) },
      form: { intent: "season-extend", until: w.day(3) },
    });
    expect(answer.status).toBe(400);
    expect(await one("SELECT season_until FROM products WHERE id = ?", w.fishId)).toEqual(before);
  });
});
