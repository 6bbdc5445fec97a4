import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { DELIVERY_WINDOW_DAYS, upcomingDates } from "~/delivery/slots";
import { addToCart, cartPreview, clearCart, getCart, setCartQuantity } from "./cart.server";

const deps = testDeps();
let userId = 0;
/** Items in a cart (the sum of its quantities), as the header's count shows it. */
const cartCount = async (user: number) => (await cartPreview(deps, user)).items;

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, sort_order, max_qty) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 'Fresh Fish', 0, 5)",
    ),
    // Curry: caught only for a date beyond what the checkout offers, so sold out for now.
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, sort_order, min_qty) VALUES (2, 'curry', 'Pulasa Curry', 'd', 2580000, 'pulasa-curry', 'Curry', 1, 2)",
    ),
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, hidden) VALUES (3, 'old', 'Old Fish', 'd', 100, 'fresh-pulasa', 'Fresh Fish', 1)",
    ),
    ...upcomingDates(Date.now(), DELIVERY_WINDOW_DAYS).map((date) =>
      env.DB.prepare("INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (1, ?1, 40), (3, ?1, 40)").bind(date),
    ),
    env.DB.prepare("INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (2, ?, 40)").bind(upcomingDates(Date.now(), 5)[4]),
    env.DB.prepare("INSERT INTO users (name, email) VALUES ('Asha', 'asha@example.in')"),
  ]);
  userId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'asha@example.in'").first<{ id: number }>())!.id;
});

describe("the server-side cart", () => {
  it("adds a product as a new line, then raises its quantity", async () => {
    expect(await addToCart(deps, userId, 1)).toEqual({ name: "Fresh Pulasa Fish", notice: null });
    expect(await addToCart(deps, userId, 1)).toEqual({ name: "Fresh Pulasa Fish", notice: null });
    expect(await cartCount(userId)).toBe(2);
  });

  it("takes the quantity a product page chose: a new line at it, then that many more, never above the maximum per order", async () => {
    const shopper = (await env.DB.prepare("INSERT INTO users (name, email) VALUES ('Ravi', 'ravi.qty@example.in') RETURNING id").first<{ id: number }>())!.id;
    expect(await addToCart(deps, shopper, 1, 3)).toEqual({ name: "Fresh Pulasa Fish", notice: null });
    expect(await cartCount(shopper)).toBe(3);
    expect(await addToCart(deps, shopper, 1, 3)).toEqual({ name: "Fresh Pulasa Fish", notice: "At most 5 kg of Fresh Pulasa Fish per order" });
    expect(await cartCount(shopper)).toBe(5);
    const other = (await env.DB.prepare("INSERT INTO users (name, email) VALUES ('Sita', 'sita.qty@example.in') RETURNING id").first<{ id: number }>())!.id;
    expect((await addToCart(deps, other, 1, 9))?.notice).toBe("At most 5 kg of Fresh Pulasa Fish per order");
    expect(await cartCount(other)).toBe(5);
  });

  it("refuses a sold-out product, a hidden one and an unknown one, changing nothing", async () => {
    expect(await addToCart(deps, userId, 2)).toBeNull();
    expect(await addToCart(deps, userId, 3)).toBeNull();
    expect(await addToCart(deps, userId, 99)).toBeNull();
    expect(await cartCount(userId)).toBe(2);
  });

  it("counts 0 for a user with no cart", async () => {
    expect(await cartCount(userId + 1000)).toBe(0);
  });
});

describe("cart rules", () => {
  it("never goes above the product's maximum per order: +, a set quantity and many adds at once are all capped", async () => {
    await clearCart(deps, userId);
    await addToCart(deps, userId, 1);
    expect(await setCartQuantity(deps, userId, 1, 9)).toEqual({ kind: "capped", quantity: 5, limit: "max" });
    expect(await setCartQuantity(deps, userId, 1, 6)).toMatchObject({ kind: "capped", quantity: 5 });
    await Promise.all(Array.from({ length: 10 }, () => addToCart(deps, userId, 1)));
    expect(await cartCount(userId)).toBe(5);
  });

  it("starts a line at the product's minimum and never goes below it but to remove the line", async () => {
    await clearCart(deps, userId);
    await env.DB.prepare("UPDATE products SET min_qty = 3 WHERE id = 1").run();
    await addToCart(deps, userId, 1);
    expect(await cartCount(userId)).toBe(3);
    expect(await setCartQuantity(deps, userId, 1, 2)).toEqual({ kind: "capped", quantity: 3, limit: "min" });
    expect(await setCartQuantity(deps, userId, 1, 0)).toEqual({ kind: "removed" });
    await env.DB.prepare("UPDATE products SET min_qty = 1 WHERE id = 1").run();
  });

  it("− to 0 removes the line, as does a negative quantity; Remove and Clear empty it", async () => {
    await clearCart(deps, userId);
    await addToCart(deps, userId, 1);
    expect(await setCartQuantity(deps, userId, 1, 0)).toEqual({ kind: "removed" });
    expect(await getCart(deps, userId)).toEqual([]);
    await addToCart(deps, userId, 1);
    expect(await setCartQuantity(deps, userId, 1, -3)).toEqual({ kind: "removed" });
    expect(await setCartQuantity(deps, userId, 1, 2)).toEqual({ kind: "missing" });
    await addToCart(deps, userId, 1);
    await clearCart(deps, userId);
    expect(await cartCount(userId)).toBe(0);
  });

  it("previews the first two lines, how many more, and the total", async () => {
    await clearCart(deps, userId);
    await addToCart(deps, userId, 1);
    await addToCart(deps, userId, 1);
    expect(await cartPreview(deps, userId)).toEqual({
      items: 2,
      lines: [{ name: "Fresh Pulasa Fish", quantity: 2, unit: "kg" }],
      more: 0,
      totalPaise: 5_000_000,
    });
  });
});
