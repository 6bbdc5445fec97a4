import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { plannedDelivery } from "../tests/setup/shop-days";
import { sessionCookie } from "../tests/setup/routes";
import { spyD1 } from "../tests/setup/d1-spy";
import { one } from "../tests/setup/sql";
import { getLoadContext } from "./load-context";
import { cartPreview } from "~/cart/cart.server";
import { unreadCount } from "~/notifications/notifications.server";
import { loader as rootLoader } from "~/root";
import { loader as ordersLoader } from "~/routes/orders._index";
import { loader as productsLoader } from "~/routes/products";

/**
 * A page costs its D1 round trips in latency: the session with what the root shows of its user is one, the
 * page's own data another. Counted here as the Worker makes them: the load context first, then the root's and
 * the page's loaders side by side, over a D1 binding that counts each call to the database (through whichever
 * session the request opened).
 */
type Loader = (args: never) => unknown;

/** A page request as the Worker serves it: its D1 round trips, and the root's and the page's data. */
async function servePage(path: string, cookie: string | null, pageLoader: Loader) {
  const { binding, seen } = spyD1(env.DB);
  const request = new Request(`https://store.test${path}`, { headers: cookie ? { Cookie: cookie, Accept: "text/html" } : { Accept: "text/html" } });
  const waitUntil = () => {};
  const context = await getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, DB: binding }, ctx: { waitUntil, passThroughOnException: () => {}, props: {} }, cf: undefined, caches } as never },
  });
  const args = { request, context, params: {} } as never;
  const [root, page] = await Promise.all([rootLoader(args), pageLoader(args) as Promise<unknown>]);
  const rootData = ((root as { data?: unknown }).data ?? root) as { cartCount: number; cartPreview: unknown; unreadNotifications: number; user: unknown };
  return { trips: seen.trips, root: rootData, page: page as Record<string, unknown[]> };
}

let shopper: { id: number; cookie: string };

beforeAll(async () => {
  const now = Date.now();
  const user = await one<{ id: number }>("INSERT INTO users (name, email, email_verified_at) VALUES ('Lakshmi Devi', 'trips@example.in', ?) RETURNING id", now);
  const ids: number[] = [];
  for (const slug of ["pulasa", "pulusu", "prawns"]) {
    const row = await one<{ id: number }>(
      "INSERT INTO products (slug, name, description, price_paise, image, category) VALUES (?, ?, 'x', 2500000, 'fresh-pulasa', 'Fresh Fish') RETURNING id",
      slug,
      `Fresh ${slug}`,
    );
    ids.push(row.id);
  }
  await plannedDelivery(ids, now, 5);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity, created_at) VALUES (?1, ?2, 2, 1), (?1, ?3, 1, 2), (?1, ?4, 1, 3)").bind(
      user.id,
      ...ids,
    ),
    env.DB.prepare("INSERT INTO notifications (user_id, type, title, message) VALUES (?1, 'note', 'a', 'b'), (?1, 'note', 'c', 'd')").bind(user.id),
    env.DB.prepare(
      `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip)
       VALUES ('PUL-TRIP-1', ?, 'order_raised', 'advance_paid', 5000000, 50000, 'Lakshmi', 'Devi', '+919000000000', '1 Main Road', 'Rajahmundry', 'AP', '533101')`,
    ).bind(user.id),
  ]);
  await env.DB.prepare(
    "INSERT INTO order_items (order_id, product_id, name, price_paise, quantity) SELECT id, ?, 'Fresh pulasa', 2500000, 2 FROM orders WHERE number = 'PUL-TRIP-1'",
  )
    .bind(ids[0])
    .run();
  shopper = { id: user.id, cookie: await sessionCookie(user.id) };
});

describe("D1 round trips of a page", () => {
  it("signed in, /products takes two: the session with the root's data, then the catalogue", async () => {
    const { trips, root, page } = await servePage("/products", shopper.cookie, productsLoader);
    expect(trips).toBeLessThanOrEqual(2);
    expect(page.products).toHaveLength(3);
    expect(root.user).toEqual({ name: "Lakshmi Devi", isAdmin: false });
    expect(root.unreadNotifications).toBe(2);
    expect(root.cartCount).toBe(4);
  });

  it("signed in, /orders takes two: the session with the root's data, then the orders with their lines and money", async () => {
    const { trips, page } = await servePage("/orders", shopper.cookie, ordersLoader);
    expect(trips).toBeLessThanOrEqual(2);
    expect(page.orders).toEqual([expect.objectContaining({ number: "PUL-TRIP-1", items: [expect.objectContaining({ quantity: 2 })] })]);
  });

  it("releases a reservation that has run out before /orders shows it", async () => {
    const late = await one<{ id: number }>(
      "INSERT INTO users (name, email, email_verified_at) VALUES ('Ravi Kumar', 'late.trips@example.in', ?) RETURNING id",
      Date.now(),
    );
    await env.DB.prepare(
      `INSERT INTO orders (number, user_id, status, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, reserved_until, stock_held)
       VALUES ('PUL-TRIP-2', ?, 'payment_pending', 2500000, 50000, 'Ravi', 'Kumar', '+919000000001', '2 Main Road', 'Rajahmundry', 'AP', '533101', ?, 1)`,
    )
      .bind(late.id, Date.now() - 1000)
      .run();
    const { page } = await servePage("/orders", await sessionCookie(late.id), ordersLoader);
    expect(page.orders).toEqual([expect.objectContaining({ number: "PUL-TRIP-2", status: "payment_expired" })]);
    expect(await one("SELECT status, stock_held FROM orders WHERE number = 'PUL-TRIP-2'")).toEqual({ status: "payment_expired", stock_held: 0 });
  });

  it("rendered for a visitor with another cookie, /products takes one", async () => {
    const { trips, page, root } = await servePage("/products", "x=1", productsLoader);
    expect(trips).toBeLessThanOrEqual(1);
    expect(page.products).toHaveLength(3);
    expect(root.user).toBeNull();
  });

  it("gives the root the same cart summary and unread count as the cart and the notices compute them", async () => {
    const { root } = await servePage("/products", shopper.cookie, productsLoader);
    const deps = (await getLoadContext({ request: new Request("https://store.test/"), context: { cloudflare: { env } as never } })).deps;
    const preview = await cartPreview(deps, shopper.id);
    expect(root.cartCount).toBe(preview.items);
    expect(root.cartPreview).toEqual(preview);
    expect(root.unreadNotifications).toBe(await unreadCount(deps, shopper.id));
  });
});
