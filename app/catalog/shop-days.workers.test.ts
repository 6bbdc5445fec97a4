import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { catchLeftOn, saveCatch, saveSlots } from "../../tests/setup/shop-days";
import { changeOrderStatus } from "~/admin/orders.server";
import type { User } from "~/db/schema";
import { addDays, istDate } from "~/delivery/slots";
import { InvalidInputError } from "~/lib/errors";
import { createShopOrder, OutOfStockError, SlotFullError } from "~/orders/orders.server";
import { RESERVATION_MS } from "~/orders/rules";
import { releaseExpiredOrders } from "~/orders/stock.server";
import { payAdvance } from "../../tests/setup/money";
import { createProduct, setProductHidden, updateProduct } from "./admin.server";
import { listProducts } from "./catalog.server";
import { readCatalogueVersion } from "./site-version.server";
import { withEdgeCache } from "../../workers/edge-cache";
import { VALID_ADDRESS } from "../../tests/setup/address";

const shipping = VALID_ADDRESS;
// 04:00 IST on a test day: both of today's slots are still bookable (morning until 05:00, evening until 13:00).
let now = Date.UTC(2027, 0, 9, 22, 30);
let deps = testDeps();
let today = "";
let productId = 0;

async function newUser() {
  return (await env.DB.prepare("INSERT INTO users (name, email) VALUES ('Shopper', ?) RETURNING id")
    .bind(`s.${crypto.randomUUID()}@example.in`)
    .first<{ id: number }>())!.id;
}
const booked = async (date: string, slot: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND delivery_slot = ? AND stock_held = 1")
    .bind(date, slot)
    .first<{ n: number }>())!.n;
const form = (over: Partial<Parameters<typeof createProduct>[1]> = {}) => ({
  name: "Test Pulasa",
  slug: `p-${crypto.randomUUID().slice(0, 8)}`,
  description: "A test fish from the river.",
  category: "Fresh Fish",
  price: 2_500_000,
  unit: "kg" as const,
  minQty: 1,
  maxQty: 10,
  image: "fresh-pulasa" as const,
  sortOrder: 0,
  ...over,
});

beforeEach(async () => {
  now += 10 * 24 * 60 * 60_000;
  deps = { ...testDeps(), now: () => now };
  today = istDate(now);
  productId = await createProduct(deps, form());
});

describe("today's catch at checkout", () => {
  it("30 concurrent checkouts for the last kilo: exactly one wins, the others are told it is sold out", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 1 }]);
    const users = await Promise.all(Array.from({ length: 30 }, newUser));
    const results = await Promise.allSettled(
      users.map((id) =>
        createShopOrder(deps, { user: { id }, lines: [{ productId, quantity: 1 }], shipping, delivery: { date: today, slot: "evening" }, now }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect(await catchLeftOn(productId, today)).toBe(0);
    // The product now says so, and offers the next date with stock.
    await saveCatch(deps, productId, [{ date: addDays(today, 2), quantity: 7 }]);
    const [card] = (await listProducts(deps)).filter((p) => p.id === productId);
    expect(card.days.slice(0, 3)).toEqual([
      { date: today, left: 0 },
      { date: addDays(today, 1), left: 0 },
      { date: addDays(today, 2), left: 7 },
    ]);
    expect(card.orderable).toBe(true);
  });

  it("a slot takes no more orders than its capacity, whatever runs at once", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 100 }]);
    await saveSlots(deps, [{ date: today, slot: "morning", capacity: 2 }]);
    const users = await Promise.all(Array.from({ length: 8 }, newUser));
    const results = await Promise.allSettled(
      users.map((id) =>
        createShopOrder(deps, { user: { id }, lines: [{ productId, quantity: 1 }], shipping, delivery: { date: today, slot: "morning" }, now }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SlotFullError);
    expect(await booked(today, "morning")).toBe(2);
    expect(await catchLeftOn(productId, today)).toBe(98);
  });

  it("checkout → expiry (run twice at once) → re-checkout: catch and slot come back exactly once", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 3 }]);
    await saveSlots(deps, [{ date: today, slot: "evening", capacity: 1 }]);
    const first = await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 3 }],
      shipping,
      delivery: { date: today, slot: "evening" },
      now,
    });
    expect(first.deliveryDate).toBe(today);
    expect(await catchLeftOn(productId, today)).toBe(0);
    const later = now + RESERVATION_MS;
    const expired = await Promise.all([releaseExpiredOrders(deps, later), releaseExpiredOrders(deps, later)]);
    expect(expired[0] + expired[1]).toBe(1);
    expect(await catchLeftOn(productId, today)).toBe(3);
    expect(await booked(today, "evening")).toBe(0);
    const again = await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 3 }],
      shipping,
      delivery: { date: today, slot: "evening" },
      now: later,
    });
    expect(again.status).toBe("payment_pending");
    expect(await catchLeftOn(productId, today)).toBe(0);
    expect(await booked(today, "evening")).toBe(1);
  });

  it("an admin's cancel of a paid order gives back its catch and its slot once, however often it is pressed", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 5 }]);
    const order = await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 2 }],
      shipping,
      delivery: { date: today, slot: "morning" },
      now,
    });
    await payAdvance(deps, order);
    const admin = (await env.DB.prepare("INSERT INTO users (name, email, is_admin) VALUES ('Admin', ?, 1) RETURNING *")
      .bind(`a.${crypto.randomUUID()}@example.in`)
      .first())!;
    const adminUser = { ...admin, isAdmin: true } as unknown as User;
    const { version } = (await env.DB.prepare("SELECT version FROM orders WHERE id = ?").bind(order.id).first<{ version: number }>())!;
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => changeOrderStatus(deps, adminUser, { number: order.number, version, to: "order_cancelled", reason: "No catch" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await catchLeftOn(productId, today)).toBe(5);
    expect(await booked(today, "morning")).toBe(0);
  });

  it("refuses a slot past its cut-off, a date outside the next 3 days, a hidden product and quantities outside its limits", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 50 }]);
    await updateProduct(deps, productId, form({ minQty: 2, maxQty: 4, slug: `lim-${productId}` }));
    const user = { id: await newUser() };
    const attempt = (over: Partial<Parameters<typeof createShopOrder>[1]>) =>
      createShopOrder(deps, { user, lines: [{ productId, quantity: 2 }], shipping, delivery: { date: today, slot: "evening" }, now, ...over });
    // 08:00 IST: the morning slot (7:00) has started.
    await expect(attempt({ now: now + 4 * 3_600_000, delivery: { date: today, slot: "morning" } })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt({ delivery: { date: addDays(today, 3), slot: "evening" } })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt({ delivery: { date: addDays(today, -1), slot: "evening" } })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt({ lines: [{ productId, quantity: 1 }] })).rejects.toThrow("Order at least 2 kg of Test Pulasa");
    await expect(attempt({ lines: [{ productId, quantity: 5 }] })).rejects.toThrow("At most 4 kg of Test Pulasa per order");
    await setProductHidden(deps, productId, true);
    await expect(attempt({})).rejects.toThrow("Test Pulasa is no longer sold. Please remove it from your cart.");
    expect(await catchLeftOn(productId, today)).toBe(50);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(user.id).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("the admin's catch", () => {
  it("never goes below what orders hold, and a refused save changes no date", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 4 }]);
    await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 3 }],
      shipping,
      delivery: { date: today, slot: "evening" },
      now,
    });
    const tomorrow = addDays(today, 1);
    await expect(
      saveCatch(deps, productId, [
        { date: tomorrow, quantity: 9 },
        { date: today, quantity: 2 },
      ]),
    ).rejects.toThrow(/^Test Pulasa, .*: 3 kg already ordered; the catch cannot be less$/);
    expect(await catchLeftOn(productId, tomorrow)).toBe(0);
    await expect(saveCatch(deps, productId, [{ date: addDays(today, 7), quantity: 1 }])).rejects.toBeInstanceOf(InvalidInputError);
    await expect(saveCatch(deps, productId, [{ date: today, quantity: -1 }])).rejects.toBeInstanceOf(InvalidInputError);
    await saveCatch(deps, productId, [{ date: today, quantity: 3 }]);
    expect(await catchLeftOn(productId, today)).toBe(0);
  });

  it("lowering the catch while checkouts run never oversells", async () => {
    await saveCatch(deps, productId, [{ date: today, quantity: 10 }]);
    const users = await Promise.all(Array.from({ length: 10 }, newUser));
    await Promise.allSettled([
      ...users.map((id) =>
        createShopOrder(deps, { user: { id }, lines: [{ productId, quantity: 1 }], shipping, delivery: { date: today, slot: "evening" }, now }),
      ),
      saveCatch(deps, productId, [{ date: today, quantity: 4 }]),
    ]);
    expect(await catchLeftOn(productId, today)).toBeGreaterThanOrEqual(0);
  });
});

describe("public pages follow the catalogue at once", () => {
  it("a cached products page is left behind by a price change, a hidden product and the last kilo sold", async () => {
    const cache = await caches.open(`catalogue-${crypto.randomUUID()}`);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p) };
    const page = async () => {
      const res = await withEdgeCache(
        new Request("https://store.test/products"),
        ctx,
        cache,
        async () => ({
          response: new Response(JSON.stringify((await listProducts(deps)).find((p) => p.id === productId) ?? null), {
            headers: { "Cache-Control": "public, max-age=0, s-maxage=300" },
          }),
          personal: false,
        }),
        () => readCatalogueVersion(env.DB),
      );
      await Promise.all(pending.splice(0));
      return { cache: res.headers.get("x-cache"), product: JSON.parse(await res.text()) as { pricePaise: number; days: { left: number }[] } | null };
    };
    await saveCatch(deps, productId, [{ date: today, quantity: 1 }]);
    expect((await page()).cache).toBe("MISS");
    expect((await page()).cache).toBe("HIT");
    await updateProduct(deps, productId, form({ price: 2_600_000, slug: `price-${productId}` }));
    expect(await page()).toMatchObject({ cache: "MISS", product: { pricePaise: 2_600_000 } });
    expect((await page()).cache).toBe("HIT");
    await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 1 }],
      shipping,
      delivery: { date: today, slot: "evening" },
      now,
    });
    const sold = await page();
    expect(sold.cache).toBe("MISS");
    expect(sold.product?.days[0].left).toBe(0);
    await setProductHidden(deps, productId, true);
    expect(await page()).toEqual({ cache: "MISS", product: null });
  });
});
