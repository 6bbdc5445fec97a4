import { describe, expect, it } from "vitest";
import { spyD1 } from "../../tests/setup/d1-spy";
import { callRoute, sessionCookie } from "../../tests/setup/routes";
import { all, one } from "../../tests/setup/sql";
import { setUpWaitlistWorld } from "../../tests/setup/waitlist";
import { OutOfStockError } from "~/orders/orders.server";
import { loader as holdLoader } from "~/routes/waitlist.$id";
import { runScheduledJobs } from "../../workers/scheduled";
import { env } from "cloudflare:workers";
import { leaveWaitlist, serveWaitlist } from "./waitlist.server";
import { addToCart, getCartView, setCartQuantity } from "~/cart/cart.server";
import { getConfig } from "~/config.server";
import { appCookies } from "~/web/cookies.server";

const { w, entries, left, joined, order } = setUpWaitlistWorld();
const HOLD_MS = 30 * 60_000;

describe("a hold's link and its checkout", () => {
  const served = async (quantity = 2, catchKg = quantity) => {
    const me = await joined(quantity);
    await w.plan(w.fishId, { [w.day(0)]: catchKg });
    await serveWaitlist(w.deps, w.now);
    const { id } = await one<{ id: number }>("SELECT id FROM waitlist_entries WHERE user_id = ?", me);
    return { me, id };
  };

  it("is opened on the primary: what is held and the cart it fills are never read from a replica", async () => {
    const { me, id } = await served(2);
    // The shopper's browser holds a bookmark, so the page's own reads may come from a replica.
    const session = env.DB.withSession("first-primary");
    await session.prepare("SELECT 1").run();
    const bookmark = (await appCookies(getConfig(env)).bookmark.serialize(session.getBookmark())).split(";")[0];
    const spy = spyD1(env.DB);
    const cookie = `${await sessionCookie(me)}; ${bookmark}`;
    const mine = await callRoute(holdLoader, `/waitlist/${id}`, { cookie, params: { id: String(id) }, env: { DB: spy.binding } });
    expect(spy.seen.sessions[0].start).toBe(session.getBookmark());
    expect(mine.location).toBe("/checkout");
    // (The header's cart count is read with the session, from the shopper's copy: it is not the hold's.)
    const holds = (q: string) => /\b(waitlist_entries|catch_days)\b/.test(q) || (/\bcart_items\b/.test(q) && !/^\s*select\b/i.test(q));
    const touching = spy.seen.sessions.filter((s) => s.statements.some(holds));
    expect(touching.map((s) => s.start)).toEqual(["first-primary"]);
  });

  it("opens the checkout with the held quantity for its shopper; another account is refused and changes nothing", async () => {
    const { me, id } = await served(3);
    const other = await w.newUser();
    const refused = await callRoute(holdLoader, `/waitlist/${id}`, { cookie: await sessionCookie(other), params: { id: String(id) } });
    expect(refused.status).toBe(403);
    expect((refused.body as any).message).toBe("This link was sent to another account. Log in with the account that joined the line.");
    expect(await all("SELECT * FROM cart_items WHERE user_id = ?", other)).toEqual([]);
    const signedOut = await callRoute(holdLoader, `/te/waitlist/${id}`, { params: { id: String(id) } });
    expect(signedOut.location).toBe(`/te/login?redirectTo=${encodeURIComponent(`/te/waitlist/${id}`)}`);
    const mine = await callRoute(holdLoader, `/te/waitlist/${id}`, { cookie: await sessionCookie(me), params: { id: String(id) } });
    expect(mine.location).toBe("/te/checkout");
    expect(await all("SELECT product_id, quantity FROM cart_items WHERE user_id = ?", me)).toEqual([{ product_id: w.fishId, quantity: 3 }]);
    // Another account's checkout cannot take the held fish.
    await expect(order(other, 1)).rejects.toBeInstanceOf(OutOfStockError);
    const placed = await order(me, 3);
    expect(placed.status).toBe("payment_pending");
    expect(await entries(w.fishId)).toEqual([{ user_id: me, state: "used", stock_held: 0, hold_date: w.day(0), order_id: placed.id }]);
    expect(await left(w.fishId, w.day(0))).toBe(0);
    const again = await callRoute(holdLoader, `/waitlist/${id}`, { cookie: await sessionCookie(me), params: { id: String(id) } });
    expect((again.body as any).message).toBe("This hold has already become an order.");
  });

  it("the cart counts the held fish as the holder's: not sold out to them, and the line may be set to the held kilos", async () => {
    const { me, id } = await served(3);
    const other = await w.newUser();
    await callRoute(holdLoader, `/waitlist/${id}`, { cookie: await sessionCookie(me), params: { id: String(id) } });
    const [held] = await getCartView(w.deps, me);
    expect(held).toMatchObject({ quantity: 3, limit: 3, note: "Only 3 kg of Fresh Pulasa Fish left for today." });
    expect(await setCartQuantity(w.deps, me, w.fishId, 2)).toEqual({ kind: "updated", quantity: 2 });
    expect(await setCartQuantity(w.deps, me, w.fishId, 3)).toEqual({ kind: "updated", quantity: 3 });
    // Anyone else finds it sold out.
    expect(await addToCart(w.deps, other, w.fishId, 1)).toBeNull();
  });

  it("says a lapsed hold has run out", async () => {
    const { me, id } = await served(1);
    await runScheduledJobs(env as never, w.now + HOLD_MS);
    const answer = await callRoute(holdLoader, `/waitlist/${id}`, { cookie: await sessionCookie(me), params: { id: String(id) } });
    expect(answer.status).toBe(409);
    expect((answer.body as any).message).toMatch(/^This hold ran out/);
  });

  it("a hold given up by leaving the line passes to the next in line at once", async () => {
    const { me } = await served(1);
    const next = await joined(1);
    expect(await leaveWaitlist(w.deps, me, w.fishId)).toBe(true);
    expect((await entries(w.fishId)).map((e) => [e.user_id, e.state])).toEqual([
      [me, "left"],
      [next, "held"],
    ]);
  });

  it("says a hold its shopper gave up by leaving the line has ended, not that it ran out", async () => {
    const { me, id } = await served(1);
    await leaveWaitlist(w.deps, me, w.fishId);
    const answer = await callRoute(holdLoader, `/waitlist/${id}`, { cookie: await sessionCookie(me), params: { id: String(id) } });
    expect(answer.status).toBe(409);
    expect((answer.body as any).message).toBe("You left this line, so this hold ended. You can join the line again on the product's page.");
  });

  it("a hold used twice at once makes one order", async () => {
    const { me } = await served(2, 4);
    const results = await Promise.allSettled([order(me, 2), order(me, 2), order(me, 2)]);
    const made = results.filter((r) => r.status === "fulfilled");
    expect(made).toHaveLength(1);
    expect(await one("SELECT count(*) AS n FROM orders WHERE user_id = ? AND stock_held = 1", me)).toEqual({ n: 1 });
    expect(await entries(w.fishId)).toMatchObject([{ state: "used", stock_held: 0 }]);
  });

  it("others' checkouts fired together while holds live never sell more than was caught", async () => {
    const holders = [await joined(2), await joined(3)];
    await w.plan(w.fishId, { [w.day(0)]: 8 });
    await serveWaitlist(w.deps, w.now);
    const others = await Promise.all(Array.from({ length: 8 }, () => w.newUser()));
    const results = await Promise.allSettled([...others.map((id) => order(id, 1)), ...holders.map((id, i) => order(id, [2, 3][i]))]);
    const sold = await one<{ kg: number }>(
      "SELECT sum(i.quantity) AS kg FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.stock_held = 1 AND i.product_id = ? AND o.delivery_date = ?",
      w.fishId,
      w.day(0),
    );
    const held = await one<{ kg: number }>("SELECT coalesce(sum(quantity), 0) AS kg FROM waitlist_entries WHERE product_id = ? AND stock_held = 1", w.fishId);
    expect(sold.kg + held.kg).toBeLessThanOrEqual(8);
    // Both holders got their order; three of the others shared the 3 kg nobody held.
    expect(results.slice(8).every((r) => r.status === "fulfilled")).toBe(true);
    expect(results.slice(0, 8).filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(sold.kg).toBe(8);
  });

  it("the catch cannot be set below what holds and orders keep", async () => {
    await served(3, 3);
    await expect(w.plan(w.fishId, { [w.day(0)]: 2 })).rejects.toThrow();
    expect(await left(w.fishId, w.day(0))).toBe(0);
  });
});
