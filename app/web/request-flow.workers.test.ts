import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadContext } from "../../tests/setup/load-context";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { createSession } from "~/auth/session.server";
import { commitSessionCookie } from "~/web/credentials.server";
import { getConfig } from "~/config.server";
import { formatRupees } from "~/lib/money";
import { action as addToCart } from "~/routes/cart.add";
import { action as login } from "~/routes/login";
import { action as logout } from "~/routes/logout";
import { action as notificationsAction } from "~/routes/notifications";
import { verifiedUser } from "../../tests/setup/auth-api";
import { one } from "../../tests/setup/sql";

/** A verified shopper with a live session; returns the Cookie header a browser would send. */
async function signedInShopper(email: string) {
  const user = await env.DB.prepare("INSERT INTO users (name, email, email_verified_at) VALUES ('Lakshmi Devi', ?, ?) RETURNING id")
    .bind(email, Date.now())
    .first<{ id: number }>();
  const token = await createSession((await loadContext(new Request("https://store.test/"))).deps, user!.id);
  const cookie = (await commitSessionCookie(getConfig(env), token)).split(";")[0];
  return { userId: user!.id, cookie };
}

async function run(fn: typeof addToCart, path: string, cookie: string, body = "", headers: Record<string, string> = {}) {
  const request = new Request(`https://store.test${path}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
  return (await fn({ request, context: await loadContext(request), params: {} })) as Response;
}

const cartCount = (userId: number) =>
  env.DB.prepare("SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_items WHERE user_id = ?").bind(userId).first<{ n: number }>();

describe("one way through a request", () => {
  it("a signed-in shopper adds to the cart and goes back to the page they were on", async () => {
    const { userId, cookie } = await signedInShopper("cart.shopper@example.in");
    const product = await env.DB.prepare(
      "INSERT INTO products (slug, name, description, price_paise, image, category) VALUES ('p1', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish') RETURNING id",
    ).first<{ id: number }>();
    await plannedDelivery([product!.id], Date.now(), 5);
    const res = await run(addToCart, "/cart/add", cookie, `productId=${product!.id}`, { Referer: "https://store.test/products?sort=new" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/products?sort=new");
    expect((await cartCount(userId))?.n).toBe(1);
  });

  it("a visitor's 'Add to Cart' is remembered through sign-in and added once signed in", async () => {
    const product = await one<{ id: number }>(
      "INSERT INTO products (slug, name, description, price_paise, image, category) VALUES ('p3', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish') RETURNING id",
    );
    await plannedDelivery([product.id], Date.now(), 5);
    const asked = await run(addToCart, "/cart/add", "", `productId=${product.id}`, { Referer: "https://store.test/products" });
    expect(asked.headers.get("Location")).toBe("/login?redirectTo=%2Fproducts");
    const pending = asked.headers
      .getSetCookie()
      .find((c) => c.startsWith("__pending_add="))!
      .split(";")[0];
    await verifiedUser("pending.cart@example.in");
    const signedIn = await run(login as typeof addToCart, "/login", pending, "email=pending.cart%40example.in&password=godavari-2026&redirectTo=%2Fproducts");
    expect(signedIn.headers.get("Location")).toBe("/products");
    const userId = (await one<{ id: number }>("SELECT id FROM users WHERE email = 'pending.cart@example.in'")).id;
    expect((await cartCount(userId))?.n).toBe(1);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("__pending_add=;"))).toBe(true);
  });

  it("the quantity a visitor chose on a product page is remembered through sign-in too", async () => {
    const product = await one<{ id: number }>(
      "INSERT INTO products (slug, name, description, price_paise, image, category, max_qty) VALUES ('p4', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish', 5) RETURNING id",
    );
    await plannedDelivery([product.id], Date.now(), 5);
    const asked = await run(addToCart, "/cart/add", "", `productId=${product.id}&quantity=3`, { Referer: "https://store.test/products/p4" });
    const pending = asked.headers
      .getSetCookie()
      .find((c) => c.startsWith("__pending_add="))!
      .split(";")[0];
    await verifiedUser("pending.qty@example.in");
    await run(login as typeof addToCart, "/login", pending, "email=pending.qty%40example.in&password=godavari-2026&redirectTo=%2Fproducts");
    const userId = (await one<{ id: number }>("SELECT id FROM users WHERE email = 'pending.qty@example.in'")).id;
    expect((await cartCount(userId))?.n).toBe(3);
  });

  it("a notice leads to its order or its auction, and nowhere else", async () => {
    const { userId, cookie } = await signedInShopper("notice.shopper@example.in");
    const notice = await one<{ id: number }>(
      "INSERT INTO notifications (user_id, type, title, message, auction_id) VALUES (?, 'outbid', 'Outbid', 'Someone bid more.', 7) RETURNING id",
      userId,
    );
    const open = async (target: string) =>
      (
        await run(notificationsAction as typeof addToCart, "/notifications", cookie, `intent=one&id=${notice.id}&open=${encodeURIComponent(target)}`)
      ).headers.get("Location");
    expect(await open("auction-7")).toBe("/auctions/7");
    expect(await open("PUL-2611-AB12")).toBe("/orders/PUL-2611-AB12");
    for (const target of ["//evil.example", "auction-7/../../admin", "javascript:alert(1)"]) expect(await open(target)).toBe("/notifications");
  });

  it("logout ends the session on the server and empties the cart", async () => {
    const { userId, cookie } = await signedInShopper("logout.shopper@example.in");
    await env.DB.prepare(
      "INSERT INTO products (slug, name, description, price_paise, image, category) VALUES ('p2', 'Pulasa Curry', 'x', 2580000, 'pulasa-curry', 'Curry')",
    ).run();
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) SELECT ?, id, 2 FROM products WHERE slug = 'p2'").bind(userId).run();
    const res = await run(logout, "/logout", cookie);
    expect(res.status).toBe(302);
    expect((await cartCount(userId))?.n).toBe(0);
    expect((await loadContext(new Request("https://store.test/", { headers: { Cookie: cookie } }))).deps.user).toBeNull();
  });

  it("refuses to start in production without a SESSION_SECRET of at least 32 characters", () => {
    expect(() => getConfig({ ...env, ENVIRONMENT: "production", SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET is required in production/);
    expect(() => getConfig({ ...env, ENVIRONMENT: "production", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(getConfig({ ...env, ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
  });

  it("formats rupees exactly as workerd's Intl does for en-IN", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
    for (const paise of [0, 50_000, 2_500_000, 12_345_678, 1_00_00_000_00, 2_512_350])
      expect(formatRupees(paise, { decimals: 2 })).toBe(intl.format(paise / 100));
  });
});
