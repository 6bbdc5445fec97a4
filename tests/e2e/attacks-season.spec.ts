import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./browser";
import { ADMIN, post, sessionOf } from "./http";
import { useLocalDb } from "./local-db";

/**
 * Attacks on the season's booking page and the admin's season switch over plain HTTP, as a browser without
 * JavaScript posts them: whatever is typed, the answer is the page itself with its own refusal in the page's
 * language, never a server error, and nothing is written.
 */
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const world = { slug: "", shopper: "", cookie: "", admin: "" };
const ADDRESS = {
  firstName: "Ravi",
  lastName: "Kumar",
  phone: "9876543210",
  address: "12 River Road, Rajahmundry",
  city: "Rajahmundry",
  state: "Andhra Pradesh",
  zip: "533101",
};
const FIX = { en: "Please fix the errors below", te: "దయచేసి కింది లోపాలను సరిచేయండి" };

const ordersOf = async () => Number((await sql("SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = ?", world.shopper))[0].n);

beforeAll(async () => {
  // A product of this run, open for the season, last in the catalogue.
  world.slug = `season-attack-${Math.random().toString(36).slice(2, 8)}`;
  await sql(
    `INSERT INTO products (slug, name, name_te, description, price_paise, image, category, unit, min_qty, max_qty, sort_order, season_until)
     VALUES (?, 'Season Pulasa', 'సీజన్ పులస', 'From the Godavari, booked for the season.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 5, 9999, ?)`,
    world.slug,
    istDay(30),
  );
  const account = await newAccount("season-attack", { name: "Season Attack" });
  world.shopper = account.email;
  world.admin = await sessionOf(ADMIN);
  world.cookie = await sessionOf(account);
});

// This run's fish leaves the catalogue, which the suites after it count as the seed's.
afterAll(() => sql("UPDATE products SET hidden = 1 WHERE slug = ?", world.slug));

describe("the booking page without JavaScript", () => {
  for (const lang of ["en", "te"] as const) {
    it.each([
      ["quantity", "Infinity"],
      ["quantity", "1e23"],
      ["latestDate", "2026-13-01"],
      ["latestDate", "2026-12-32"],
    ])(`(${lang}) a %s of %s is refused on the page in its language, and nothing is written`, async (field, value) => {
      const before = await ordersOf();
      const res = await post(
        `${lang === "te" ? "/te" : ""}/season/${world.slug}`,
        { quantity: "1", latestDate: istDay(10), ceiling: "20", ...ADDRESS, [field]: value },
        { Cookie: `__session=${world.cookie}` },
      );
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toContain("text/html");
      expect(await res.text()).toContain(FIX[lang]);
      expect(await ordersOf()).toBe(before);
    });
  }
});

describe("the admin's season switch", () => {
  it("on a product that does not exist is a 404 page, and a date with no such month is refused beside the form", async () => {
    for (const intent of ["season-open", "season-close"]) {
      const res = await post("/admin-dashboard/products/999999", { intent, until: istDay(20) }, { Cookie: `__session=${world.admin}` });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toContain("text/html");
    }
    const [product] = await sql("SELECT id, season_until FROM products WHERE slug = ?", world.slug);
    const res = await post(`/admin-dashboard/products/${product.id}`, { intent: "season-open", until: "2027-13-01" }, { Cookie: `__session=${world.admin}` });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose a last date after today and at most a year ahead");
    expect((await sql("SELECT season_until FROM products WHERE slug = ?", world.slug))[0].season_until).toBe(product.season_until);
  });
});
