import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { callRoute } from "../../tests/setup/routes";
import { addDays, istDate, orderDates, PLANNING_DAYS } from "~/delivery/slots";
import { loader as productPage } from "~/routes/products_.$slug";
import { saveCatch, saveSlots } from "../../tests/setup/shop-days";
import { deliveryChoices } from "./availability.server";
import { findProduct, listProducts } from "./catalog.server";

const w = setUpShopDayWorld();

/** A week of catch for the fish, as the seller plans it. */
const planWeek = () => w.plan(w.fishId, Object.fromEntries(Array.from({ length: PLANNING_DAYS }, (_, i) => [w.day(i), 5])));

/** The dates the checkout offers a cart of 1 kg of the fish at `now`. */
const checkoutDates = async (now: number) =>
  (await deliveryChoices(w.deps, [{ productId: w.fishId, quantity: 1 }], now, await w.newUser())).choices.map((c) => c.date);

/** The dates the fish's card and page list at `now`. */
const productDates = async (now: number) => {
  const deps = { ...w.deps, now: () => now };
  const card = (await listProducts(deps)).find((p) => p.id === w.fishId)!;
  const page = (await findProduct(deps, { id: w.fishId }))!;
  expect(page.days).toEqual(card.days);
  return card.days.map((d) => d.date);
};

describe("the dates a product lists are the dates the checkout offers", () => {
  it("late in the evening: tomorrow and the day after, not the rest of the week", async () => {
    await planWeek();
    // 21:49 IST: today's last slot could be booked until 13:00.
    const evening = Date.parse(`${w.today}T21:49:00+05:30`);
    expect(istDate(evening)).toBe(w.today);
    expect(await productDates(evening)).toEqual([w.day(1), w.day(2)]);
    expect(await checkoutDates(evening)).toEqual([w.day(1), w.day(2)]);
    expect(orderDates(evening)).toEqual([w.day(1), w.day(2)]);
    // Early in the morning, today too.
    expect(await productDates(w.now)).toEqual([w.day(0), w.day(1), w.day(2)]);
    expect(await checkoutDates(w.now)).toEqual([w.day(0), w.day(1), w.day(2)]);
  });

  it("a date whose slots are all closed or full is not listed, and with none left the product cannot be ordered", async () => {
    await planWeek();
    await saveSlots(w.deps, [
      { date: w.day(1), slot: "morning", capacity: 0 },
      { date: w.day(1), slot: "evening", capacity: 0 },
    ]);
    expect(await productDates(w.now)).toEqual([w.day(0), w.day(2)]);
    expect(await checkoutDates(w.now)).toEqual([w.day(0), w.day(2)]);
    // The last place of the day after's only open slot is taken.
    await saveSlots(w.deps, [
      { date: w.day(2), slot: "morning", capacity: 0 },
      { date: w.day(2), slot: "evening", capacity: 1 },
      { date: w.day(0), slot: "morning", capacity: 0 },
      { date: w.day(0), slot: "evening", capacity: 0 },
    ]);
    await w.paidOrder([{ productId: w.fishId, quantity: 1 }], { date: w.day(2), slot: "evening" });
    expect(await productDates(w.now)).toEqual([]);
    expect(await checkoutDates(w.now)).toEqual([]);
    expect((await listProducts(w.deps)).find((p) => p.id === w.fishId)!.orderable).toBe(false);
  });

  it("the product page, as the shop serves it, lists only the dates open for orders", async () => {
    const today = istDate(Date.now());
    await saveCatch(
      testDeps(),
      w.fishId,
      Array.from({ length: PLANNING_DAYS }, (_, i) => ({ date: addDays(today, i), quantity: 5 })),
    );
    const slug = (await env.DB.prepare("SELECT slug FROM products WHERE id = ?").bind(w.fishId).first<{ slug: string }>())!.slug;
    const page = await callRoute(productPage, `/products/${slug}`, { params: { slug } });
    const days = (page.body as { product: { days: { date: string }[] } }).product.days.map((d) => d.date);
    expect(days).toEqual(orderDates(Date.now()));
    expect(days.length).toBeLessThanOrEqual(3);
  });
});
