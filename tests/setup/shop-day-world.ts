import { beforeEach } from "vitest";
import { createProduct } from "~/catalog/admin.server";
import { saveCatch } from "./shop-days";
import type { User } from "~/db/schema";
import { addDays, istDate, type DeliverySlot } from "~/delivery/slots";
import type { Lang } from "~/i18n/lang";
import { createShopOrder } from "~/orders/orders.server";
import { VALID_ADDRESS } from "./address";
import { testDeps } from "./deps";
import { payAdvance } from "./money";
import { one } from "./sql";

/**
 * The shop-day tests' world: a clock at 04:00 IST that moves ten days per test (every slot of the coming days is
 * still bookable), a fish sold per kg and a curry sold per pack, an admin, shoppers, and paid orders made the way
 * the checkout and the sandbox gateway make them. Catch and slots are each test's to plan.
 */
export function setUpShopDayWorld() {
  const world = {
    now: Date.UTC(2027, 2, 1, 22, 30),
    deps: testDeps(),
    today: "",
    fishId: 0,
    curryId: 0,
    admin: null as unknown as User,
    /** The catch of a product for some dates ({ [date]: units }), as the admin saves it. */
    plan: (productId: number, days: Record<string, number>) =>
      saveCatch(
        world.deps,
        productId,
        Object.entries(days).map(([date, quantity]) => ({ date, quantity })),
      ),
    /** Today and the following days (IST), as the admin plans them. */
    day: (n: number) => addDays(world.today, n),
    /** A verified shopper (who can sign in), whose account is in `lang`. */
    newUser: async (lang: Lang = "en") =>
      (
        await one<{ id: number }>(
          "INSERT INTO users (name, email, email_verified_at, lang) VALUES ('Asha Rani', ?, ?, ?) RETURNING id",
          `s.${crypto.randomUUID()}@example.in`,
          Date.now(),
          lang,
        )
      ).id,
    /** A shop order for `lines` on `delivery` by a new shopper (account in `lang`), its ₹500 advance captured through the sandbox. */
    async paidOrder(lines: { productId: number; quantity: number }[], delivery: { date: string; slot: DeliverySlot }, lang: Lang = "en") {
      const user = { id: await world.newUser(lang) };
      const order = await createShopOrder(world.deps, { user, lines, shipping: VALID_ADDRESS, delivery, now: world.now });
      await payAdvance(world.deps, order);
      return order;
    },
    version: async (orderId: number) => (await one<{ version: number }>("SELECT version FROM orders WHERE id = ?", orderId)).version,
    /** Orders holding a slot. */
    booked: async (date: string, slot: DeliverySlot) =>
      (await one<{ n: number }>("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND delivery_slot = ? AND stock_held = 1", date, slot)).n,
  };
  const product = (slug: string, unit: "kg" | "pack", price: number) =>
    createProduct(world.deps, {
      name: unit === "kg" ? "Fresh Pulasa Fish" : "Pulasa Curry",
      slug: `${slug}-${crypto.randomUUID().slice(0, 8)}`,
      description: "From the Godavari, this season.",
      category: unit === "kg" ? "Fresh Fish" : "Curry",
      price,
      unit,
      minQty: 1,
      maxQty: 10,
      image: unit === "kg" ? "fresh-pulasa" : "pulasa-curry",
      sortOrder: 0,
    });
  beforeEach(async () => {
    world.now += 10 * 24 * 60 * 60_000;
    world.deps = { ...testDeps(), now: () => world.now };
    world.today = istDate(world.now);
    world.fishId = await product("fish", "kg", 2_500_000);
    world.curryId = await product("curry", "pack", 2_580_000);
    world.admin = await one<User>(
      "INSERT INTO users (name, email, email_verified_at, is_admin) VALUES ('Store Admin', ?, ?, 1) RETURNING id, name, email, is_admin AS isAdmin",
      `admin.${crypto.randomUUID()}@example.in`,
      Date.now(),
    );
  });
  return world;
}
