import { describe, expect, it } from "vitest";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { all, one } from "../../tests/setup/sql";
import { setUpWaitlistWorld } from "../../tests/setup/waitlist";
import { loader as productLoader } from "~/routes/products_.$slug";
import { runScheduledJobs } from "../../workers/scheduled";
import { env } from "cloudflare:workers";
import { ConflictError } from "~/lib/errors";
import { addDays, istDate } from "~/delivery/slots";
import { joinWaitlist, leaveWaitlist, serveWaitlist, waitlistPlace } from "./waitlist.server";

const { w, slugOf, entries, left, joined, order, post } = setUpWaitlistWorld();
const HOLD_MS = 30 * 60_000;

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
