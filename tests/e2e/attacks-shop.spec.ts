import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, newAccount } from "./browser";
import { ADMIN, post, sessionOf } from "./http";
import { roomyDate, useLocalDb } from "./local-db";

/**
 * Attacks on running the shop, against the built store: every admin page and action of the catalogue, the
 * photos, the catch and slots, the deliveries and their CSV, and the admin order page, tried signed out, as a
 * customer and as a forged cross-site post; the product pages' edge cache with planted and real cookies.
 */
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const MARK = `Leakcheck${Date.now()}`;
const world = { number: "", fishId: 0, photoId: 0, slug: "fresh-fish", customer: "", admin: "" };

/** What an attack could have changed: the catalogue, its photos, catch and slots, and every paid order with its lines and money. */
async function snapshot() {
  const rows = await sql(
    `SELECT (SELECT group_concat(x, '|') FROM (SELECT id || ':' || name || ':' || price_paise || ':' || hidden || ':' || unit || ':' || max_qty AS x FROM products ORDER BY id)) AS products,
       (SELECT group_concat(x, '|') FROM (SELECT product_id || ':' || delivery_date || ':' || quantity AS x FROM catch_days ORDER BY 1)) AS catch,
       (SELECT group_concat(x, '|') FROM (SELECT delivery_date || ':' || slot || ':' || capacity AS x FROM delivery_slots ORDER BY 1)) AS slots,
       (SELECT group_concat(x, '|') FROM (SELECT id || ':' || product_id || ':' || position AS x FROM product_photos ORDER BY id)) AS photos,
       (SELECT group_concat(x, '|') FROM (SELECT id || ':' || status || ':' || version || ':' || coalesce(delivery_date, '') || ':' || coalesce(final_total_paise, '') AS x
          FROM orders WHERE status NOT IN ('payment_pending', 'payment_expired') ORDER BY id)) AS orders,
       (SELECT group_concat(x, '|') FROM (SELECT id || ':' || coalesce(weight_grams, '') || ':' || coalesce(packs_delivered, '') AS x FROM order_items ORDER BY id)) AS lines,
       (SELECT count(*) FROM ledger) AS ledger, (SELECT count(*) FROM payments) AS payments`,
  );
  return rows[0];
}

beforeAll(async () => {
  const [fish] = await sql("SELECT id FROM products WHERE slug = 'fresh-fish'");
  world.fishId = Number(fish.id);
  const [photo] = await sql("SELECT id FROM product_photos WHERE product_id = ? ORDER BY position LIMIT 1", world.fishId);
  world.photoId = Number(photo?.id ?? 0);
  // A paid order with a customer's details to look for in what the attacks get back.
  world.number = `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, stock_held, paid_at)
     SELECT ?, id, 'order_raised', 'advance_paid', 2500000, 50000, ?, 'Devi', '+919123456780', '4-2 Temple Street', 'Kovvur', 'Andhra Pradesh', '534350', ?, 'evening', 1, ? FROM users WHERE email = ?`,
    world.number,
    MARK,
    istDay(1),
    Date.now(),
    ADMIN.email,
  );
  await sql(
    "INSERT INTO order_items (order_id, product_id, name, image, price_paise, unit, quantity) SELECT o.id, ?, 'Fresh Pulasa Fish', 'fresh-pulasa', 2500000, 'kg', 1 FROM orders o WHERE o.number = ?",
    world.fishId,
    world.number,
  );
  const customer = await newAccount("attack.shop", { name: "Ravi Kumar" });
  world.customer = await sessionOf(customer);
  world.admin = await sessionOf(ADMIN);
});

const pages = () => [
  "/admin-dashboard/products",
  "/admin-dashboard/products/new",
  `/admin-dashboard/products/${world.fishId}`,
  "/admin-dashboard/catch",
  `/admin-dashboard/deliveries?date=${istDay(1)}`,
  `/admin-dashboard/deliveries.csv?from=${istDay(0)}&to=${istDay(6)}`,
  `/admin-dashboard/orders/${world.number}`,
];

/** Every admin action of running the shop, each a post that would change something if it were let through. */
function actions(version: string): [string, Record<string, string> | FormData][] {
  const photo = new FormData();
  photo.set("intent", "photo-add");
  photo.set("alt", "A planted photo");
  photo.set("file", new Blob([readFileSync("public/media/og-image.jpg")], { type: "image/jpeg" }), "x.jpg");
  const product = {
    name: "Cheap Fish",
    slug: "cheap-fish",
    description: "Planted by an attacker.",
    category: "Fresh Fish",
    price: "1",
    unit: "kg",
    minQty: "1",
    maxQty: "50",
    image: "fresh-pulasa",
  };
  const order = `/admin-dashboard/orders/${world.number}`;
  return [
    ["/admin-dashboard/products", { intent: "hide", id: String(world.fishId) }],
    ["/admin-dashboard/products/new", { intent: "product", ...product }],
    [`/admin-dashboard/products/${world.fishId}`, { intent: "product", ...product, slug: "fresh-fish" }],

    [`/admin-dashboard/products/${world.fishId}`, { intent: "photo-delete", photo: String(world.photoId) }],
    [`/admin-dashboard/products/${world.fishId}`, { intent: "photo-down", photo: String(world.photoId) }],
    [`/admin-dashboard/products/${world.fishId}`, photo],
    [
      "/admin-dashboard/catch",
      {
        [`catch.${world.fishId}.${istDay(2)}`]: "9999",
        [`catch.${world.fishId}.${istDay(3)}`]: "",
        [`cap.${istDay(1)}.morning`]: "0",
        [`cap.${istDay(1)}.evening`]: "0",
      },
    ],
    [order, { intent: "status", status: "order_confirmed", version }],
    [order, { intent: "weights", version, "weight-1": "10" }],
    [order, { intent: "cod", version }],
    [order, { intent: "cancel", reason: "Forged", version }],
    [order, { intent: "move", delivery: `${istDay(2)}.morning`, version }],
  ];
}

const orderVersion = async () => String((await sql("SELECT version FROM orders WHERE number = ?", world.number))[0].version);

describe("running the shop is the admin's alone", () => {
  it("every admin page and its data answer the signed-out and customers with a redirect, leaking nothing", async () => {
    for (const [who, cookie, to] of [
      ["signed out", "", /^\/login\?redirectTo=/],
      ["customer", `__session=${world.customer}`, /^\/$/],
    ] as const) {
      for (const path of pages()) {
        const headers = cookie ? { Cookie: cookie } : undefined;
        const page = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers });
        expect([who, path, page.status, page.headers.get("location")]).toEqual([who, path, 302, expect.stringMatching(to)]);
        // The same loader through Remix's data request: a redirect too, never the data.
        const data = await fetch(`${baseUrl()}${path.replace(/(\?|$)/, ".data$1")}`, { redirect: "manual", headers });
        const body = (await page.text()) + (await data.text());
        expect([who, path, data.status < 500]).toEqual([who, path, true]);
        for (const secret of [MARK, "9123456780", "Delivery date", "Catch left", "Estimated"])
          expect([who, path, body.includes(secret)]).toEqual([who, path, false]);
      }
    }
  });

  it("every admin action, signed out, as a customer and as a forged cross-site post with the admin's own session, changes nothing", async () => {
    const before = await snapshot();
    const version = await orderVersion();
    for (const [path, form] of actions(version)) {
      expect((await post(path, form)).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect((await post(path, form, { Cookie: `__session=${world.customer}` })).headers.get("location")).toBe("/");
      const forged: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
      for (const headers of forged) expect((await post(path, form, { Cookie: `__session=${world.admin}`, ...headers })).status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await sql("SELECT count(*) AS n FROM products WHERE slug = 'cheap-fish'"))[0].n).toBe(0);
  });

  it("the admin's own replayed order form is refused once its version has moved, changing nothing", async () => {
    const admin = { Cookie: `__session=${world.admin}` };
    const version = await orderVersion();
    const move = { intent: "move", delivery: `${istDay(2)}.morning`, version };
    // The other suites' orders may have filled that slot; a move into a full slot is refused for its own reason.
    const putBack = await roomyDate(sql, istDay(2));
    expect((await post(`/admin-dashboard/orders/${world.number}`, move, admin)).status).toBe(302);
    await putBack();
    const after = await snapshot();
    for (const [path, form] of actions(version).filter(([path]) => path.includes("/orders/"))) {
      const res = await post(path, form, admin);
      expect([path, form instanceof FormData ? "" : form.intent, res.status]).toEqual([path, form instanceof FormData ? "" : form.intent, 409]);
    }
    expect(await snapshot()).toEqual(after);
  });
});

describe("product pages in the edge cache", () => {
  it("a planted or real session cookie, or a flash, never puts a personal page into the cache", async () => {
    const tag = `t${Date.now()}`;
    const url = `${baseUrl()}/products/${world.slug}?${tag}`;
    const add = await post("/cart/add", { productId: String(world.fishId) }, { Cookie: `__session=${world.customer}`, Referer: url });
    const flash = add.headers
      .getSetCookie()
      .find((c) => c.startsWith("__flash="))!
      .split(";")[0];
    for (const cookie of ["__session=x", `__session =${world.customer}`, `theme=dark; __session=${world.customer}; ${flash}`, flash]) {
      const res = await fetch(url, { headers: { Cookie: cookie } });
      expect([cookie, res.status, res.headers.get("cache-control"), res.headers.get("x-cache")]).toEqual([cookie, 200, "private, no-store", "BYPASS"]);
      await res.text();
    }
    const first = await fetch(url);
    const second = await fetch(url);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
    const html = await second.text();
    // What only a signed-in visitor's page has: the sign-out form, their name, their toast.
    for (const personal of ['action="/logout"', "Ravi Kumar", "Fresh Pulasa Fish added to cart"]) expect(html).not.toContain(personal);
  });
});
