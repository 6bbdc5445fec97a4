import { describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { one } from "../../tests/setup/sql";
import { setProductHidden } from "~/catalog/admin.server";
import { formatDeliveryDate } from "~/delivery/slots";
import { createShopOrder } from "~/orders/orders.server";
import { action as cartAction } from "~/routes/cart";
import { action as addAction } from "~/routes/cart.add";
import { changeCart } from "./actions.server";
import { addToCart, getCartView } from "./cart.server";

const w = setUpShopDayWorld();
const inCart = async (userId: number, productId: number) =>
  (await one<{ quantity: number } | null>("SELECT quantity FROM cart_items WHERE user_id = ? AND product_id = ?", userId, productId))?.quantity ?? 0;
const set = (userId: number, productId: number, quantity: number) => changeCart(w.deps, userId, { intent: "set", productId, quantity });
/** Another shopper's order for `kg` of the fish on tomorrow's evening: the catch left for it goes down. */
const sell = async (kg: number) =>
  createShopOrder(w.deps, {
    user: { id: await w.newUser() },
    lines: [{ productId: w.fishId, quantity: kg }],
    shipping: VALID_ADDRESS,
    delivery: { date: w.day(1), slot: "evening" },
    now: w.now,
  });

describe("the cart holds no more than one delivery date can supply", () => {
  it("adds up to what the best date has left, then says how much is left and for when, whatever runs at once", async () => {
    await w.plan(w.fishId, { [w.today]: 2, [w.day(1)]: 3, [w.day(2)]: 1 });
    const user = await w.newUser();
    for (let i = 0; i < 3; i++) expect(await addToCart(w.deps, user, w.fishId)).toEqual({ name: "Fresh Pulasa Fish", notice: null });
    expect(await addToCart(w.deps, user, w.fishId)).toEqual({ name: "Fresh Pulasa Fish", notice: "Only 3 kg of Fresh Pulasa Fish left for tomorrow." });
    expect(await inCart(user, w.fishId)).toBe(3);
    const other = await w.newUser();
    await Promise.all(Array.from({ length: 10 }, () => addToCart(w.deps, other, w.fishId)));
    expect(await inCart(other, w.fishId)).toBe(3);
    // Of equal dates the earliest is named.
    await w.plan(w.fishId, { [w.today]: 3 });
    expect((await addToCart(w.deps, user, w.fishId))?.notice).toBe("Only 3 kg of Fresh Pulasa Fish left for today.");
  });

  it("counts only the checkout's dates: not a catch 3 days ahead, not a day whose slots have closed", async () => {
    await w.plan(w.fishId, { [w.day(3)]: 50 });
    expect(await addToCart(w.deps, await w.newUser(), w.fishId)).toBeNull();
    await w.plan(w.fishId, { [w.today]: 6, [w.day(1)]: 2 });
    // 16:00 IST: today's evening slot closed at 13:00, so tomorrow's 2 kg is all there is.
    const late = { ...w.deps, now: () => w.now + 12 * 3_600_000 };
    const user = await w.newUser();
    await addToCart(late, user, w.fishId);
    await addToCart(late, user, w.fishId);
    expect((await addToCart(late, user, w.fishId))?.notice).toBe("Only 2 kg of Fresh Pulasa Fish left for tomorrow.");
  });

  it("a quantity set above the catch is capped at it, above the maximum per order at that, each with its message", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 4 });
    await w.plan(w.curryId, { [w.day(2)]: 40 });
    const user = await w.newUser();
    await addToCart(w.deps, user, w.fishId);
    await addToCart(w.deps, user, w.curryId);
    expect(await set(user, w.fishId, 8)).toEqual({ type: "error", text: "Only 4 kg of Fresh Pulasa Fish left for tomorrow." });
    expect(await inCart(user, w.fishId)).toBe(4);
    expect(await set(user, w.curryId, 12)).toEqual({ type: "error", text: "At most 10 packs of Pulasa Curry per order" });
    expect(await inCart(user, w.curryId)).toBe(10);
    await w.plan(w.curryId, { [w.day(2)]: 7 });
    expect(await set(user, w.curryId, 9)).toEqual({ type: "error", text: `Only 7 packs of Pulasa Curry left for ${formatDeliveryDate(w.day(2))}.` });
    expect(await set(user, w.fishId, 3)).toBeNull();
  });

  it("when others buy the catch a line comes down to what is left; sold out, it can only come down or go", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 10 });
    const user = await w.newUser();
    await set(user, w.fishId, 0);
    for (let i = 0; i < 4; i++) await addToCart(w.deps, user, w.fishId);
    await sell(8);
    expect((await getCartView(w.deps, user))[0]).toMatchObject({ quantity: 4, limit: 2, note: "Only 2 kg of Fresh Pulasa Fish left for tomorrow." });
    expect((await addToCart(w.deps, user, w.fishId))?.notice).toBe("Only 2 kg of Fresh Pulasa Fish left for tomorrow.");
    expect(await inCart(user, w.fishId)).toBe(2);
    await sell(2);
    expect((await getCartView(w.deps, user))[0]).toMatchObject({ limit: 0, note: "Fresh Pulasa Fish is sold out for the next 3 days." });
    expect(await addToCart(w.deps, user, w.fishId)).toBeNull();
    expect(await set(user, w.fishId, 3)).toEqual({ type: "error", text: "Fresh Pulasa Fish is sold out for the next 3 days." });
    expect(await inCart(user, w.fishId)).toBe(2);
    expect(await set(user, w.fishId, 1)).toBeNull();
    expect(await inCart(user, w.fishId)).toBe(1);
    await setProductHidden(w.deps, w.fishId, true);
    expect(await set(user, w.fishId, 2)).toEqual({ type: "error", text: "Fresh Pulasa Fish is sold out for the next 3 days." });
    expect(await changeCart(w.deps, user, { intent: "remove", productId: w.fishId })).toBeNull();
    expect(await inCart(user, w.fishId)).toBe(0);
  });
});

describe("the message reaches the page the shopper pressed on, with and without JavaScript", () => {
  it("Add to Cart on a product page, and the cart's + as a plain form and as a fetcher", async () => {
    // The pages run on the real clock: plan the last date the checkout offers today.
    await plannedDelivery([w.fishId], Date.now(), 2);
    const slug = (await one<{ slug: string }>("SELECT slug FROM products WHERE id = ?", w.fishId)).slug;
    const user = await w.newUser();
    const cookie = await sessionCookie(user);
    const add = () =>
      callRoute(addAction, "/cart/add", { cookie, form: { productId: String(w.fishId) }, headers: { Referer: `https://store.test/products/${slug}` } });
    expect(await flashOf(await add())).toEqual({ type: "success", text: "Fresh Pulasa Fish added to cart" });
    await add();
    const third = await add();
    expect(third).toMatchObject({ status: 303, location: `/products/${slug}` });
    expect((await flashOf(third))?.text).toMatch(/^Only 2 kg of Fresh Pulasa Fish left for /);
    expect(await inCart(user, w.fishId)).toBe(2);

    const plus = { intent: "set", productId: String(w.fishId), quantity: "3", from: "2" };
    const plain = await callRoute(cartAction, "/cart", { cookie, form: plus });
    expect(plain).toMatchObject({ status: 303, location: "/cart" });
    expect((await flashOf(plain))?.text).toMatch(/^Only 2 kg of Fresh Pulasa Fish left for /);
    const fetcher = await callRoute(cartAction, "/cart", { cookie, form: { ...plus, js: "1" } });
    expect(fetcher).toMatchObject({ status: 200, body: { ok: true } });
    expect((await flashOf(fetcher))?.text).toMatch(/^Only 2 kg of Fresh Pulasa Fish left for /);
    expect(await inCart(user, w.fishId)).toBe(2);
  });
});
