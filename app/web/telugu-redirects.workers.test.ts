import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { one } from "../../tests/setup/sql";
import { te } from "~/i18n/te/messages";
import { action as googleAction } from "~/routes/auth.google";
import { action as cartAction } from "~/routes/cart";
import { action as summaryAction } from "~/routes/cart.summary";
import { loader as logoutLoader } from "~/routes/logout";
import { action as themeAction } from "~/routes/theme";

/**
 * A form posted from a Telugu page without JavaScript is answered with a Telugu page, including when what it
 * sends leaves the way back open (no return path, no Referer): an English page would switch the account's
 * language. The English pages are answered in English.
 */
describe("the answers of plain form posts keep the page's language", () => {
  it("the cart's −, + and Remove go back to the cart in the language they were pressed in", async () => {
    const { id } = await one<{ id: number }>(
      "INSERT INTO users (name, email, email_verified_at) VALUES ('Lakshmi', 'te.cart.redirect@example.in', 1) RETURNING id",
    );
    await env.DB.prepare(
      "INSERT INTO products (id, slug, name, description, price_paise, image, category, max_qty) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT (id) DO NOTHING",
    ).run();
    const cookie = await sessionCookie(id);
    const forms: Record<string, string>[] = [{ intent: "set", productId: "1", quantity: "2" }, { intent: "remove", productId: "1" }, { intent: "clear" }];
    for (const form of forms) {
      expect(await callRoute(cartAction, "/te/cart", { cookie, form })).toMatchObject({ status: 303, location: "/te/cart" });
      expect(await callRoute(cartAction, "/cart", { cookie, form })).toMatchObject({ status: 303, location: "/cart" });
    }
  });

  it("the theme, without a page to go back to, goes to the home page in the page's language", async () => {
    expect(await callRoute(themeAction, "/te/theme", { form: { theme: "dark" } })).toMatchObject({ status: 302, location: "/te" });
    expect(await callRoute(themeAction, "/te/theme", { form: { theme: "dark", redirectTo: "/te/products?x=1" } })).toMatchObject({
      location: "/te/products?x=1",
    });
    expect(await callRoute(themeAction, "/theme", { form: { theme: "dark" } })).toMatchObject({ location: "/" });
  });

  it("closing the cart summary without a Referer, and a plain visit to logout, go home in the page's language", async () => {
    expect(await callRoute(summaryAction, "/te/cart/summary", { form: {} })).toMatchObject({ status: 303, location: "/te" });
    expect(await callRoute(summaryAction, "/te/cart/summary", { form: {}, headers: { Referer: "https://store.test/te/products" } })).toMatchObject({
      location: "/te/products",
    });
    expect(await callRoute(summaryAction, "/cart/summary", { form: {} })).toMatchObject({ location: "/" });
    const logout = async (args: Parameters<typeof logoutLoader>[0]) => logoutLoader(args);
    expect(await callRoute(logout as never, "/te/logout")).toMatchObject({ status: 302, location: "/te" });
    expect(await callRoute(logout as never, "/logout")).toMatchObject({ location: "/" });
  });

  it("Google sign-in pressed on a Telugu page when it is not available goes back to that page, saying so in Telugu", async () => {
    const answer = await callRoute(googleAction, "/auth/google", { form: { lang: "te" }, headers: { Referer: "https://store.test/te/signup" } });
    expect(answer).toMatchObject({ status: 302, location: "/te/signup" });
    expect((await flashOf(answer))?.text).toBe(te.auth.googleUnavailable);
    const english = await callRoute(googleAction, "/auth/google", { form: {}, headers: { Referer: "https://store.test/login" } });
    expect(english).toMatchObject({ location: "/login" });
  });
});
