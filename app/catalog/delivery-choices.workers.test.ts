import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { istDate, upcomingDates } from "~/delivery/slots";
import { createShopOrder, SlotFullError } from "~/orders/orders.server";
import { createProduct } from "./admin.server";
import { saveCatch, saveSlots } from "../../tests/setup/shop-days";
import { deliveryChoices } from "./availability.server";
import { slotNote } from "~/components/delivery-picker";
import { en } from "~/i18n/messages";

// 04:00 IST on a test day: both of today's slots are still bookable.
let now = Date.UTC(2028, 0, 9, 22, 30);
let deps = testDeps();
let productId = 0;

async function newUser() {
  return (await env.DB.prepare("INSERT INTO users (name, email) VALUES ('Shopper', ?) RETURNING id")
    .bind(`d.${crypto.randomUUID()}@example.in`)
    .first<{ id: number }>())!.id;
}

beforeEach(async () => {
  now += 10 * 24 * 60 * 60_000;
  deps = { ...testDeps(), now: () => now };
  productId = await createProduct(deps, {
    name: "Test Pulasa",
    slug: `p-${crypto.randomUUID().slice(0, 8)}`,
    description: "A test fish from the river.",
    category: "Fresh Fish",
    price: 2_500_000,
    unit: "kg",
    minQty: 1,
    maxQty: 10,
    image: "fresh-pulasa",
    sortOrder: 0,
  });
});

describe("the checkout's delivery choices", () => {
  it("offers only the dates of the next 3 days whose catch covers the cart, with each slot open or full", async () => {
    const [d0, d1, d2] = upcomingDates(now, 3);
    await saveCatch(deps, productId, [
      { date: d0, quantity: 1 },
      { date: d1, quantity: 5 },
      { date: d2, quantity: 5 },
    ]);
    await saveSlots(deps, [
      { date: d2, slot: "morning", capacity: 0 },
      { date: d2, slot: "evening", capacity: 0 },
      { date: d1, slot: "morning", capacity: 0 },
    ]);
    expect(await deliveryChoices(deps, [{ productId, quantity: 2 }], now, await newUser())).toEqual({
      choices: [
        {
          date: d1,
          slots: [
            { slot: "morning", open: false, full: true },
            { slot: "evening", open: true, full: false },
          ],
        },
      ],
      resume: null,
    });
  });

  it("a slot past its cut-off is closed, not full; one whose capacity is taken is full", async () => {
    const today = istDate(now);
    await saveCatch(deps, productId, [{ date: today, quantity: 5 }]);
    await saveSlots(deps, [{ date: today, slot: "evening", capacity: 1 }]);
    await createShopOrder(deps, {
      user: { id: await newUser() },
      lines: [{ productId, quantity: 1 }],
      shipping: VALID_ADDRESS,
      delivery: { date: today, slot: "evening" },
      now,
    });
    // 06:00 IST: the morning slot (7:00) could be booked until 05:00.
    const { choices } = await deliveryChoices(deps, [{ productId, quantity: 1 }], now + 2 * 3_600_000, await newUser());
    expect(choices.find((c) => c.date === today)).toBeUndefined();
    await saveSlots(deps, [{ date: today, slot: "evening", capacity: 2 }]);
    const later = await deliveryChoices(deps, [{ productId, quantity: 1 }], now + 2 * 3_600_000, await newUser());
    expect(later.choices.find((c) => c.date === today)?.slots).toEqual([
      { slot: "morning", open: false, full: false },
      { slot: "evening", open: true, full: false },
    ]);
    expect(slotNote({ full: false }, en.shop.delivery)).toBe("booking closed");
    expect(slotNote({ full: true }, en.shop.delivery)).toBe("full");
  });

  it("a slot the admin has not planned takes the configured default capacity", async () => {
    const today = istDate(now);
    const small = { ...deps, config: { ...deps.config, defaultSlotCapacity: 1 } };
    await saveCatch(deps, productId, [{ date: today, quantity: 5 }]);
    const order = (user: number) =>
      createShopOrder(small, {
        user: { id: user },
        lines: [{ productId, quantity: 1 }],
        shipping: VALID_ADDRESS,
        delivery: { date: today, slot: "morning" },
        now,
      });
    await order(await newUser());
    await expect(order(await newUser())).rejects.toBeInstanceOf(SlotFullError);
    const { choices } = await deliveryChoices(small, [{ productId, quantity: 1 }], now, await newUser());
    expect(choices.find((c) => c.date === today)?.slots[0]).toEqual({ slot: "morning", open: false, full: true });
  });

  it("a shopper's own unpaid order holds nothing against them: its slot and catch stay open to them, chosen again", async () => {
    const today = istDate(now);
    await saveCatch(deps, productId, [{ date: today, quantity: 2 }]);
    await saveSlots(deps, [
      { date: today, slot: "morning", capacity: 1 },
      { date: today, slot: "evening", capacity: 5 },
    ]);
    const shopper = await newUser();
    const lines = [{ productId, quantity: 2 }];
    await createShopOrder(deps, { user: { id: shopper }, lines, shipping: VALID_ADDRESS, delivery: { date: today, slot: "morning" }, now });

    // To the shopper: the last place in the morning and the last 2 kg are theirs to resume.
    expect(await deliveryChoices(deps, lines, now, shopper)).toEqual({
      choices: [
        {
          date: today,
          slots: [
            { slot: "morning", open: true, full: false },
            { slot: "evening", open: true, full: false },
          ],
        },
      ],
      resume: `${today}.morning`,
    });
    // To anyone else the day is sold out.
    expect(await deliveryChoices(deps, lines, now, await newUser())).toEqual({ choices: [], resume: null });
    // And checking out again resumes the same order instead of moving to another slot.
    const again = await createShopOrder(deps, { user: { id: shopper }, lines, shipping: VALID_ADDRESS, delivery: { date: today, slot: "morning" }, now });
    expect(again.resumed).toBe(true);
  });
});
