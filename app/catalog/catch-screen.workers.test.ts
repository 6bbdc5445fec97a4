import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { catchLeftOn } from "../../tests/setup/shop-days";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all } from "../../tests/setup/sql";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { addDays, formatDeliveryDate, istDate } from "~/delivery/slots";
import { createShopOrder } from "~/orders/orders.server";
import { action, loader } from "~/routes/admin-dashboard_.catch";
import { CatchBelowHeldError, savePlan } from "./admin.server";
import { readCatalogueVersion } from "./site-version.server";

const w = setUpShopDayWorld();

const capacities = async (date: string) =>
  Object.fromEntries(
    (await all<{ slot: string; capacity: number }>("SELECT slot, capacity FROM delivery_slots WHERE delivery_date = ?", date)).map((r) => [r.slot, r.capacity]),
  );

describe("the catch screen's one save", () => {
  it("saves every product's catch and every slot's capacity at once, and public pages follow", async () => {
    const before = await readCatalogueVersion(env.DB);
    await savePlan(w.deps, {
      catches: [
        { productId: w.fishId, date: w.day(0), quantity: 12 },
        { productId: w.fishId, date: w.day(1), quantity: 8 },
        { productId: w.curryId, date: w.day(0), quantity: 30 },
      ],
      slots: [
        { date: w.day(0), slot: "morning", capacity: 5 },
        { date: w.day(0), slot: "evening", capacity: 0 },
      ],
    });
    expect([await catchLeftOn(w.fishId, w.day(0)), await catchLeftOn(w.fishId, w.day(1)), await catchLeftOn(w.curryId, w.day(0))]).toEqual([12, 8, 30]);
    expect(await capacities(w.day(0))).toEqual({ morning: 5, evening: 0 });
    expect(await readCatalogueVersion(env.DB)).toBe(before + 1);
  });

  it("refuses a catch below what is ordered, naming the product and the date, and saves nothing else either", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 5 });
    await w.plan(w.curryId, { [w.day(1)]: 5 });
    await w.paidOrder(
      [
        { productId: w.fishId, quantity: 3 },
        { productId: w.curryId, quantity: 2 },
      ],
      { date: w.day(1), slot: "evening" },
    );
    const refused = savePlan(w.deps, {
      catches: [
        { productId: w.fishId, date: w.day(1), quantity: 2 },
        { productId: w.curryId, date: w.day(1), quantity: null },
        { productId: w.fishId, date: w.day(2), quantity: 9 },
      ],
      slots: [{ date: w.day(1), slot: "morning", capacity: 3 }],
    });
    await expect(refused).rejects.toBeInstanceOf(CatchBelowHeldError);
    const below = ((await refused.catch((e: unknown) => e)) as CatchBelowHeldError).below;
    const date = formatDeliveryDate(w.day(1));
    expect(below).toEqual([
      { productId: w.fishId, date: w.day(1), message: `Fresh Pulasa Fish, ${date}: 3 kg already ordered; the catch cannot be less` },
      { productId: w.curryId, date: w.day(1), message: `Pulasa Curry, ${date}: 2 packs already ordered; the catch cannot be less` },
    ]);
    expect([await catchLeftOn(w.fishId, w.day(1)), await catchLeftOn(w.curryId, w.day(1)), await catchLeftOn(w.fishId, w.day(2))]).toEqual([2, 3, 0]);
    expect(await capacities(w.day(1))).toEqual({});
  });

  it("lowering the catch while checkouts take it never oversells, and a refused save changes nothing", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 10 });
    const users = await Promise.all(Array.from({ length: 10 }, () => w.newUser()));
    const results = await Promise.allSettled([
      ...users.map((id) =>
        createShopOrder(w.deps, {
          user: { id },
          lines: [{ productId: w.fishId, quantity: 1 }],
          shipping: VALID_ADDRESS,
          delivery: { date: w.day(1), slot: "evening" },
          now: w.now,
        }),
      ),
      savePlan(w.deps, { catches: [{ productId: w.fishId, date: w.day(1), quantity: 4 }], slots: [{ date: w.day(1), slot: "morning", capacity: 7 }] }),
    ]);
    const saved = results.at(-1)!.status === "fulfilled";
    const held = (await all<{ n: number }>("SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND stock_held = 1", w.day(1)))[0].n;
    const caught = (await all<{ quantity: number }>("SELECT quantity FROM catch_days WHERE product_id = ? AND delivery_date = ?", w.fishId, w.day(1)))[0]
      .quantity;
    expect(caught).toBeGreaterThanOrEqual(held);
    // All or nothing: the slot's capacity was saved exactly when the catch was.
    expect(caught === 4).toBe(saved);
    expect(await capacities(w.day(1))).toEqual(saved ? { morning: 7 } : {});
  });
});

describe("two admins saving the catch screen at once", () => {
  it("each keeps the other's change: only the figures changed from what the screen showed are written, and a slot left at the default keeps it", async () => {
    const [d1] = [addDays(istDate(Date.now()), 1)];
    const cookie = await sessionCookie(w.admin.id);
    const screen = await callRoute(loader, "/admin-dashboard/catch", { cookie });
    const { products, slots } = screen.body as {
      products: { id: number; days: { date: string; caught: number | null }[] }[];
      slots: { date: string; slot: string; capacity: number }[];
    };
    // The whole screen as the browser posts it: every field, and what it showed.
    const shown: Record<string, string> = Object.fromEntries([
      ...products.flatMap((p) => p.days.map((d) => [`catch.${p.id}.${d.date}`, String(d.caught ?? "")])),
      ...slots.map((s) => [`cap.${s.date}.${s.slot}`, String(s.capacity)]),
    ]);
    const form = (changes: Record<string, string>) => ({ ...shown, ...changes, shown: JSON.stringify(shown) });
    const saved = await Promise.all([
      callRoute(action, "/admin-dashboard/catch", { cookie, form: form({ [`catch.${w.fishId}.${d1}`]: "7" }) }),
      callRoute(action, "/admin-dashboard/catch", { cookie, form: form({ [`catch.${w.curryId}.${d1}`]: "4", [`cap.${d1}.morning`]: "6" }) }),
    ]);
    expect(saved.map((a) => a.status)).toEqual([302, 302]);
    expect([await catchLeftOn(w.fishId, d1), await catchLeftOn(w.curryId, d1)]).toEqual([7, 4]);
    expect(await capacities(d1)).toEqual({ morning: 6 });
  });
});

describe("the catch screen, as a plain form post", () => {
  const today = () => istDate(Date.now());
  const post = async (form: Record<string, string>, userId = w.admin.id) =>
    callRoute(action, "/admin-dashboard/catch", { cookie: await sessionCookie(userId), form });

  it("is the admin's alone: signed out to the sign-in page, a customer home, and nothing is saved", async () => {
    const form = { [`catch.${w.fishId}.${today()}`]: "99" };
    expect((await callRoute(action, "/admin-dashboard/catch", { form })).location).toMatch(/^\/login\?redirectTo=/);
    expect((await post(form, await w.newUser())).location).toBe("/");
    expect((await callRoute(loader, "/admin-dashboard/catch", { cookie: await sessionCookie(await w.newUser()) })).location).toBe("/");
    expect(await catchLeftOn(w.fishId, today())).toBe(0);
  });

  it("shows every product with its unit and each slot for today and the coming 6 days", async () => {
    const page = await callRoute(loader, "/admin-dashboard/catch", { cookie: await sessionCookie(w.admin.id) });
    const body = page.body as { dates: string[]; products: { id: number; unit: string }[]; slots: { date: string; slot: string }[] };
    expect(body.dates).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today(), i)));
    expect(body.products.filter((p) => p.id === w.fishId || p.id === w.curryId).map((p) => p.unit)).toEqual(["kg", "pack"]);
    expect(body.slots).toHaveLength(14);
  });

  it("saves the whole screen in one press and says so; a refusal keeps what was typed, each problem beside its field", async () => {
    const [d0, d1] = [today(), addDays(today(), 1)];
    const saved = await post({
      [`catch.${w.fishId}.${d0}`]: "6",
      [`catch.${w.fishId}.${d1}`]: " 9 ",
      [`catch.${w.curryId}.${d1}`]: "",
      [`cap.${d1}.morning`]: "4",
      [`cap.${d1}.evening`]: "2",
    });
    expect(saved).toMatchObject({ status: 302, location: "/admin-dashboard/catch" });
    expect(await flashOf(saved)).toEqual({ type: "success", text: "Saved: the catch and the delivery slots. The shop shows them now." });
    expect([await catchLeftOn(w.fishId, d0), await catchLeftOn(w.fishId, d1)]).toEqual([6, 9]);
    expect(await capacities(d1)).toEqual({ morning: 4, evening: 2 });

    // A figure out of range: refused beside its field, nothing saved, what was typed kept.
    const typo = await post({ [`catch.${w.fishId}.${d1}`]: "20000", [`catch.${w.curryId}.${d1}`]: "5", [`cap.${d1}.morning`]: "abc" });
    expect(typo).toMatchObject({
      status: 400,
      body: {
        error: "Nothing was saved. Fix the figures marked below and save again.",
        errors: { [`catch.${w.fishId}.${d1}`]: "Enter a whole number from 0 to 10000", [`cap.${d1}.morning`]: "Enter a whole number of orders from 0 to 1000" },
        typed: { [`catch.${w.fishId}.${d1}`]: "20000", [`catch.${w.curryId}.${d1}`]: "5", [`cap.${d1}.morning`]: "abc" },
      },
    });
    expect([await catchLeftOn(w.fishId, d1), await catchLeftOn(w.curryId, d1)]).toEqual([9, 0]);

    // Below what is ordered: the refusal names the product and the date beside that field.
    await createShopOrder(testDeps(), {
      user: { id: await w.newUser() },
      lines: [{ productId: w.fishId, quantity: 4 }],
      shipping: VALID_ADDRESS,
      delivery: { date: d1, slot: "evening" },
      now: Date.now(),
    });
    const below = await post({ [`catch.${w.fishId}.${d1}`]: "3", [`catch.${w.curryId}.${d1}`]: "5", [`cap.${d1}.evening`]: "9" });
    expect(below).toMatchObject({
      status: 409,
      body: {
        errors: { [`catch.${w.fishId}.${d1}`]: `Fresh Pulasa Fish, ${formatDeliveryDate(d1)}: 4 kg already ordered; the catch cannot be less` },
        typed: { [`catch.${w.fishId}.${d1}`]: "3" },
      },
    });
    expect([await catchLeftOn(w.fishId, d1), await catchLeftOn(w.curryId, d1)]).toEqual([5, 0]);
    expect(await capacities(d1)).toEqual({ morning: 4, evening: 2 });

    // The same save sent twice (a double press, a replay) leaves the same figures.
    const again = { [`catch.${w.fishId}.${d1}`]: "11", [`cap.${d1}.evening`]: "3" };
    const twice = await Promise.all([post(again), post(again)]);
    expect(twice.map((a) => a.status)).toEqual([302, 302]);
    expect(await catchLeftOn(w.fishId, d1)).toBe(7);
    expect(await capacities(d1)).toEqual({ morning: 4, evening: 3 });
  });
});
