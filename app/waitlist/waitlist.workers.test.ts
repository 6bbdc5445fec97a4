import { describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all, one } from "../../tests/setup/sql";
import { catchLeft } from "~/catalog/availability.server";
import { createShopOrder, OutOfStockError } from "~/orders/orders.server";
import { action as productAction, loader as productLoader } from "~/routes/products_.$slug";
import { loader as holdLoader } from "~/routes/waitlist.$id";
import { runScheduledJobs } from "../../workers/scheduled";
import { env } from "cloudflare:workers";
import { ConflictError } from "~/lib/errors";
import { addDays, istDate } from "~/delivery/slots";
import { joinWaitlist, leaveWaitlist, serveWaitlist, waitlistPlace } from "./waitlist.server";
import { addToCart, getCartView, setCartQuantity } from "~/cart/cart.server";

const w = setUpShopDayWorld();
const HOLD_MS = 30 * 60_000;

const slugOf = async (id: number) => (await one<{ slug: string }>("SELECT slug FROM products WHERE id = ?", id)).slug;
const entries = (productId: number) =>
  all<{ user_id: number; state: string; stock_held: number; hold_date: string | null; order_id: number | null }>(
    "SELECT user_id, state, stock_held, hold_date, order_id FROM waitlist_entries WHERE product_id = ? ORDER BY id",
    productId,
  );
const left = async (productId: number, date: string) => (await catchLeft(w.deps, [date])).get(productId)?.get(date)?.left ?? 0;
/** A shopper in the fish's line for `quantity`, joined through the domain function. */
const joined = async (quantity: number, lang: "en" | "te" = "en") => {
  const id = await w.newUser(lang);
  await joinWaitlist(w.deps, { id }, w.fishId, { quantity, zip: "533101" });
  return id;
};
const order = (userId: number, quantity: number, date = w.day(0)) =>
  createShopOrder(w.deps, {
    user: { id: userId },
    lines: [{ productId: w.fishId, quantity }],
    shipping: VALID_ADDRESS,
    delivery: { date, slot: "evening" },
    now: w.now,
  });

/** The product page's form post (join or leave), as a browser sends it. */
const post = async (cookie: string | undefined, form: Record<string, string>, lang: "" | "/te" = "") =>
  callRoute(productAction, `${lang}/products/${await slugOf(w.fishId)}`, {
    cookie,
    form,
    params: { slug: await slugOf(w.fishId) },
    // A browser's form post says which page it was sent from: a visitor not signed in comes back to it.
    headers: { Referer: `https://store.test${lang}/products/${await slugOf(w.fishId)}` },
  });

describe("joining a sold-out product's line (the product page's form)", () => {
  it("joins with a quantity and a pincode, then shows the place in English and Telugu", async () => {
    const first = await joined(1);
    const me = await w.newUser();
    const answer = await post(await sessionCookie(me), { intent: "join", quantity: "2", zip: " 533 101 " });
    expect(answer.status).toBe(303);
    expect((await flashOf(answer))?.text).toBe("You joined the waitlist.");
    expect(await waitlistPlace(w.deps, me, w.fishId)).toMatchObject({ state: "waiting", place: 2, quantity: 2 });
    expect(await one("SELECT zip FROM waitlist_entries WHERE user_id = ?", me)).toEqual({ zip: "533101" });
    const slug = await slugOf(w.fishId);
    const en = (await callRoute(productLoader, `/products/${slug}`, { cookie: await sessionCookie(me), params: { slug } })).body as any;
    expect(en.waitlist.place).toBe("You are 2nd in line for 2 kg.");
    const te = (await callRoute(productLoader, `/te/products/${slug}`, { cookie: await sessionCookie(me), params: { slug } })).body as any;
    expect(te.waitlist.place).toBe("2 కిలోలు కోసం వరుసలో మీది 2వ స్థానం.");
    expect(first).toBeGreaterThan(0);
  });

  it("refuses a pincode outside Andhra Pradesh and Telangana, as the checkout does, in the page's language", async () => {
    const me = await w.newUser();
    const en = await post(await sessionCookie(me), { intent: "join", quantity: "1", zip: "110001" });
    expect(en.status).toBe(400);
    expect((en.body as any).error.zip).toEqual(["Sorry, we deliver only in Andhra Pradesh and Telangana for now."]);
    const te = await post(await sessionCookie(me), { intent: "join", quantity: "1", zip: "12" }, "/te");
    expect(te.status).toBe(400);
    expect((te.body as any).error.zip[0]).toBe("పిన్‌కోడ్ సరిగ్గా 6 అంకెలు ఉండాలి");
    expect(await entries(w.fishId)).toEqual([]);
  });

  it("refuses a quantity outside the product's limits, as the cart words it", async () => {
    const me = await w.newUser();
    for (const quantity of ["0", "11", "1.5", "-1", ""]) {
      const answer = await post(await sessionCookie(me), { intent: "join", quantity, zip: "533101" });
      expect(answer.status).toBe(400);
      expect((answer.body as any).error.quantity?.length).toBe(1);
    }
    expect(((await post(await sessionCookie(me), { intent: "join", quantity: "11", zip: "533101" })).body as any).error.quantity[0]).toMatch(/at most 10 kg/i);
    expect(await entries(w.fishId)).toEqual([]);
  });

  it("refuses joining twice, also twice at once: one place", async () => {
    const me = await w.newUser();
    const cookie = await sessionCookie(me);
    const answers = await Promise.all([1, 2, 3].map(() => post(cookie, { intent: "join", quantity: "1", zip: "533101" })));
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409, 409]);
    const again = await post(cookie, { intent: "join", quantity: "1", zip: "533101" });
    expect(again.status).toBe(409);
    expect((again.body as any).error[""]).toEqual(["You are already in this line."]);
    expect(await entries(w.fishId)).toHaveLength(1);
  });

  it("refuses the admin, who has no cart to check a hold out with (a hold would only keep fish from shoppers)", async () => {
    const answer = await post(await sessionCookie(w.admin.id), { intent: "join", quantity: "1", zip: "533101" });
    expect(answer.status).toBe(403);
    expect((answer.body as any).error[""]).toEqual(["The admin account cannot join a waitlist."]);
    expect(await entries(w.fishId)).toEqual([]);
  });

  it("sends a visitor who is not signed in to log in and back, and joins nothing", async () => {
    const slug = await slugOf(w.fishId);
    const answer = await post(undefined, { intent: "join", quantity: "1", zip: "533101" }, "/te");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/te/login?redirectTo=${encodeURIComponent(`/te/products/${slug}`)}`);
    expect(await entries(w.fishId)).toEqual([]);
  });

  it("refuses a product that can be ordered now", async () => {
    await w.plan(w.fishId, { [w.day(0)]: 5 });
    const me = await w.newUser();
    await expect(joinWaitlist(w.deps, { id: me }, w.fishId, { quantity: 1, zip: "533101" })).rejects.toBeInstanceOf(ConflictError);
  });

  it("leaves the line: the places behind move up, and leaving again changes nothing", async () => {
    const a = await joined(1);
    const b = await joined(1);
    const answer = await post(await sessionCookie(a), { intent: "leave" });
    expect(answer.status).toBe(303);
    expect((await flashOf(answer))?.text).toBe("You left the line.");
    expect(await waitlistPlace(w.deps, b, w.fishId)).toMatchObject({ place: 1 });
    expect(await leaveWaitlist(w.deps, a, w.fishId)).toBe(false);
    expect((await entries(w.fishId)).map((e) => e.state)).toEqual(["left", "waiting"]);
  });
});

describe("serving the line when catch comes in", () => {
  it("gives holds in the order shoppers joined, as far as the catch goes, and tells each in their language", async () => {
    const a = await joined(2, "te");
    const b = await joined(3);
    const c = await joined(2);
    await w.plan(w.fishId, { [w.day(0)]: 5 });
    const served = await serveWaitlist(w.deps, w.now);
    expect(served.map((s) => s.userId)).toEqual([a, b]);
    expect((await entries(w.fishId)).map((e) => [e.user_id, e.state, e.stock_held])).toEqual([
      [a, "held", 1],
      [b, "held", 1],
      [c, "waiting", 0],
    ]);
    // Held units are stock: others see none left.
    expect(await left(w.fishId, w.day(0))).toBe(0);
    const mails = await all<{ to: string; subject: string; body: string }>(
      'SELECT m."to", m.subject, m.body FROM mail_outbox m JOIN users u ON u.email = m."to" WHERE u.id IN (?, ?) ORDER BY m.id',
      a,
      b,
    );
    expect(mails).toHaveLength(2);
    expect(mails[0].body).toContain("వరుసలో మీ వంతు వచ్చింది");
    expect(mails[0].body).toMatch(new RegExp(`/te/waitlist/\\d+`));
    expect(mails[1].body).toContain("Your turn on the waitlist: 3 kg of Fresh Pulasa Fish");
    expect(mails[1].body).toMatch(/https:\/\/store\.test\/waitlist\/\d+/);
  });

  it("the catch screen's save serves the line", async () => {
    const a = await joined(1);
    const { action: catchAction } = await import("~/routes/admin-dashboard_.catch");
    // The screen's own clock is the real one: tomorrow by it.
    const tomorrow = addDays(istDate(Date.now()), 1);
    const answer = await callRoute(catchAction, "/admin-dashboard/catch", {
      cookie: await sessionCookie(w.admin.id),
      form: { [`catch.${w.fishId}.${tomorrow}`]: "4" },
    });
    expect(answer.status).toBe(302);
    expect((await entries(w.fishId)).map((e) => [e.user_id, e.state])).toEqual([[a, "held"]]);
  });

  it("passes over a shopper who already has an order for the product, who keeps their place", async () => {
    await w.plan(w.fishId, { [w.day(0)]: 1 });
    const a = await joined(1).catch(() => 0);
    expect(a).toBe(0); // not sold out yet: joining is refused
    const buyer = await w.newUser();
    await order(buyer, 1);
    await joinWaitlist(w.deps, { id: buyer }, w.fishId, { quantity: 1, zip: "533101" });
    const next = await joined(1);
    await w.plan(w.fishId, { [w.day(0)]: 2 });
    const served = await serveWaitlist(w.deps, w.now);
    expect(served.map((s) => s.userId)).toEqual([next]);
    expect((await entries(w.fishId)).map((e) => [e.user_id, e.state])).toEqual([
      [buyer, "waiting"],
      [next, "held"],
    ]);
  });

  it("passes over a shopper made an admin since they joined: an admin cannot check a hold out", async () => {
    const madeAdmin = await joined(1);
    const next = await joined(1);
    await one("UPDATE users SET is_admin = 1 WHERE id = ?", madeAdmin);
    await w.plan(w.fishId, { [w.day(0)]: 1 });
    expect((await serveWaitlist(w.deps, w.now)).map((s) => s.userId)).toEqual([next]);
  });

  it("never gives one shopper two holds of a product, also when served twice at once", async () => {
    const a = await joined(1);
    const b = await joined(1);
    await w.plan(w.fishId, { [w.day(0)]: 1, [w.day(1)]: 1 });
    const runs = await Promise.all([serveWaitlist(w.deps, w.now), serveWaitlist(w.deps, w.now), serveWaitlist(w.deps, w.now)]);
    expect(
      runs
        .flat()
        .map((s) => s.userId)
        .sort(),
    ).toEqual([a, b].sort());
    expect(await one("SELECT count(*) AS n FROM waitlist_entries WHERE product_id = ? AND stock_held = 1", w.fishId)).toEqual({ n: 2 });
    expect(await left(w.fishId, w.day(0))).toBe(0);
    expect(await left(w.fishId, w.day(1))).toBe(0);
  });

  it("a hold not used in time passes to the next in line when the scheduled job runs later", async () => {
    const a = await joined(2);
    const b = await joined(2);
    await w.plan(w.fishId, { [w.day(0)]: 2 });
    await serveWaitlist(w.deps, w.now);
    await runScheduledJobs(env as never, w.now + HOLD_MS - 1);
    expect((await entries(w.fishId)).map((e) => e.state)).toEqual(["held", "waiting"]);
    await runScheduledJobs(env as never, w.now + HOLD_MS);
    expect((await entries(w.fishId)).map((e) => [e.user_id, e.state, e.stock_held])).toEqual([
      [a, "lapsed", 0],
      [b, "held", 1],
    ]);
  });
});

describe("a hold's link and its checkout", () => {
  const served = async (quantity = 2, catchKg = quantity) => {
    const me = await joined(quantity);
    await w.plan(w.fishId, { [w.day(0)]: catchKg });
    await serveWaitlist(w.deps, w.now);
    const { id } = await one<{ id: number }>("SELECT id FROM waitlist_entries WHERE user_id = ?", me);
    return { me, id };
  };

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
