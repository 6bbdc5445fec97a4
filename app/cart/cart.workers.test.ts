import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { addToCart, cartPreview, clearCart, getCart, setCartQuantity } from "./cart.server";

const deps = { db: getDb(env) };
let userId = 0;
/** Items in a cart (the sum of its quantities), as the header's count shows it. */
const cartCount = async (user: number) => (await cartPreview(deps, user)).items;

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, stock, category, sort_order) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 5, 'Fresh Fish', 0)",
    ),
    env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, stock, category, sort_order) VALUES (2, 'curry', 'Pulasa Curry', 'd', 2580000, 'pulasa-curry', 0, 'Curry', 1)",
    ),
    env.DB.prepare("INSERT INTO users (name, email) VALUES ('Asha', 'asha@example.in')"),
  ]);
  userId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'asha@example.in'").first<{ id: number }>())!.id;
});

describe("the server-side cart", () => {
  it("adds a product as a new line, then raises its quantity", async () => {
    expect(await addToCart(deps, userId, 1)).toEqual({ name: "Fresh Pulasa Fish" });
    expect(await addToCart(deps, userId, 1)).toEqual({ name: "Fresh Pulasa Fish" });
    expect(await cartCount(userId)).toBe(2);
  });

  it("refuses a sold-out product and an unknown one, changing nothing", async () => {
    expect(await addToCart(deps, userId, 2)).toBeNull();
    expect(await addToCart(deps, userId, 99)).toBeNull();
    expect(await cartCount(userId)).toBe(2);
  });

  it("counts 0 for a user with no cart", async () => {
    expect(await cartCount(userId + 1000)).toBe(0);
  });
});

describe("cart rules", () => {
  it("never goes above the stock: +, a set quantity and many adds at once are all capped", async () => {
    await clearCart(deps, userId);
    await addToCart(deps, userId, 1);
    expect(await setCartQuantity(deps, userId, 1, 9)).toEqual({ kind: "capped", quantity: 5, stock: 5 });
    expect(await setCartQuantity(deps, userId, 1, 6)).toMatchObject({ kind: "capped", quantity: 5 });
    await Promise.all(Array.from({ length: 10 }, () => addToCart(deps, userId, 1)));
    expect(await cartCount(userId)).toBe(5);
  });

  it("never above the most one order may take of a fish (50 kg), whatever the stock", async () => {
    await env.DB.prepare("UPDATE products SET stock = 500 WHERE id = 1").run();
    await clearCart(deps, userId);
    await addToCart(deps, userId, 1);
    expect(await setCartQuantity(deps, userId, 1, 80)).toMatchObject({ kind: "capped", quantity: 50 });
    await addToCart(deps, userId, 1);
    expect(await cartCount(userId)).toBe(50);
    await env.DB.prepare("UPDATE products SET stock = 5 WHERE id = 1").run();
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
    expect(await cartPreview(deps, userId)).toEqual({ items: 2, lines: [{ name: "Fresh Pulasa Fish", quantity: 2 }], more: 0, totalPaise: 5_000_000 });
  });
});
