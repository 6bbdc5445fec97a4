import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import type { User } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { testDeps } from "./deps";
import { catchLeftOn, plannedDelivery } from "./shop-days";
import { payAdvance } from "./money";
import { one } from "./sql";

/**
 * The admin tests' shared world: the fish in stock, a fresh admin and customer per test, a paid order as the
 * checkout leaves it, and the order's version, line and the product's stock to read back.
 */
export function setUpAdminWorld() {
  const deps = testDeps();
  const shipping = {
    firstName: "Lakshmi",
    lastName: "Devi",
    phone: "9876543210",
    address: "4-2 Temple Street",
    city: "Kovvur",
    state: "Andhra Pradesh",
    zip: "534350",
  };
  const newUser = (email: string, isAdmin = false): Promise<User> =>
    one<User>(
      "INSERT INTO users (name, email, email_verified_at, is_admin) VALUES (?, ?, ?, ?) RETURNING id, name, email, is_admin AS isAdmin",
      isAdmin ? "Store Admin" : "Lakshmi Devi",
      email,
      Date.now(),
      isAdmin ? 1 : 0,
    );
  const world = {
    deps,
    shipping,
    newUser,
    admin: null as unknown as User,
    customer: null as unknown as User,
    /** A paid shop order (advance captured through the sandbox, stock held), as the checkout leaves it. */
    async paidOrder(userId: number, kg = 2) {
      const product = await one<{ id: number }>("SELECT id FROM products WHERE slug = 'fresh'");
      const now = Date.now();
      const delivery = await plannedDelivery([product.id], now, 50);
      const order = await createShopOrder(deps, { user: { id: userId }, lines: [{ productId: product.id, quantity: kg }], shipping, delivery, now });
      await payAdvance(deps, order);
      return { id: order.id, number: order.number, productId: product.id };
    },
    version: async (number: string) => (await one<{ version: number }>("SELECT version FROM orders WHERE number = ?", number)).version,
    itemId: async (orderId: number) => (await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", orderId)).id,
    /** What is left of the fish's catch for the date paidOrder books. */
    stock: async (id: number) => catchLeftOn(id, (await plannedDelivery([id], Date.now(), 50)).date),
    /** Orders holding the evening slot of the date paidOrder books. */
    slotBooked: async () =>
      (
        await one<{ n: number }>(
          "SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND delivery_slot = 'evening' AND stock_held = 1",
          (await plannedDelivery([], Date.now())).date,
        )
      ).n,
  };
  beforeEach(async () => {
    await env.DB.prepare(
      "INSERT INTO products (slug, name, description, price_paise, image, category, max_qty) VALUES ('fresh', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT(slug) DO NOTHING",
    ).run();
    world.admin = await newUser(`admin.${crypto.randomUUID()}@example.in`, true);
    world.customer = await newUser(`customer.${crypto.randomUUID()}@example.in`);
  });
  return world;
}
