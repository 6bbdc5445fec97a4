import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import type { User } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { testDeps } from "./deps";
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
      const order = await createShopOrder(deps, { user: { id: userId }, lines: [{ productId: product.id, quantity: kg }], shipping, now: Date.now() });
      await payAdvance(deps, order);
      return { id: order.id, number: order.number, productId: product.id };
    },
    version: async (number: string) => (await one<{ version: number }>("SELECT version FROM orders WHERE number = ?", number)).version,
    itemId: async (orderId: number) => (await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", orderId)).id,
    stock: async (id: number) => (await one<{ stock: number }>("SELECT stock FROM products WHERE id = ?", id)).stock,
  };
  beforeEach(async () => {
    await env.DB.prepare(
      "INSERT INTO products (slug, name, description, price_paise, image, stock, category) VALUES ('fresh', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 50, 'Fresh Fish') ON CONFLICT(slug) DO NOTHING",
    ).run();
    world.admin = await newUser(`admin.${crypto.randomUUID()}@example.in`, true);
    world.customer = await newUser(`customer.${crypto.randomUUID()}@example.in`);
  });
  return world;
}
