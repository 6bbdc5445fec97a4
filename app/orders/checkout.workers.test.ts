import { describe, expect, it, vi } from "vitest";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { getUserOrder } from "./lookup.server";
import { createShopOrder, OutOfStockError } from "./orders.server";
import { releaseExpiredOrders } from "./stock.server";
import { RESERVATION_MS } from "./rules";

import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { all as q, one } from "../../tests/setup/sql";

const w = setUpCheckoutWorld();
const { deps, shipping, stock, newUser, paidSetup } = w;

describe("reserving stock", () => {
  it("a refused checkout that draws an existing order's number adds nothing to that order", async () => {
    const first = await createShopOrder(deps, {
      user: { id: await newUser("first@example.in") },
      lines: [{ productId: 1, quantity: 1 }],
      shipping,
      delivery: w.delivery,
      now: w.now,
    });
    // The next checkout draws the same four characters (1 in a million a month; forced here) and is short of fish.
    const tail = first.number.slice(-4);
    const draw = vi.spyOn(crypto, "getRandomValues").mockImplementation((array: ArrayBufferView) => {
      const bytes = array as Uint8Array;
      for (let i = 0; i < 4; i++) bytes[i] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ".indexOf(tail[i]);
      return array;
    });
    try {
      await expect(
        createShopOrder(deps, {
          user: { id: await newUser("second@example.in") },
          lines: [{ productId: 1, quantity: 9 }],
          shipping,
          delivery: w.delivery,
          now: w.now,
        }),
      ).rejects.toBeInstanceOf(OutOfStockError);
    } finally {
      draw.mockRestore();
    }
    expect(await q("SELECT product_id, quantity FROM order_items WHERE order_id = ?", first.id)).toEqual([{ product_id: 1, quantity: 1 }]);
  });

  it("20 concurrent checkouts for the last 3 kg sell exactly 3 kg", async () => {
    const users = await Promise.all(Array.from({ length: 20 }, (_, i) => newUser(`race${i}@example.in`)));
    const results = await Promise.allSettled(
      users.map((id) => createShopOrder(deps, { user: { id }, lines: [{ productId: 1, quantity: 1 }], shipping, delivery: w.delivery, now: w.now })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(OutOfStockError);
    expect(await stock()).toBe(0);
    const held = await one<{ kg: number }>(
      "SELECT sum(i.quantity) AS kg FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'payment_pending' AND o.stock_held = 1 AND i.product_id = 1",
    );
    expect(held.kg).toBe(3);
  });

  it("takes all lines or none: a cart with one short line holds nothing", async () => {
    const id = await newUser("mixed@example.in");
    await expect(
      createShopOrder(deps, {
        user: { id },
        lines: [
          { productId: 2, quantity: 2 },
          { productId: 1, quantity: 4 },
        ],
        shipping,
        delivery: w.delivery,
        now: w.now,
      }),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await stock(1)).toBe(3);
    expect(await stock(2)).toBe(30);
    expect(await q("SELECT id FROM orders WHERE user_id = ?", id)).toHaveLength(0);
  });

  it("copies the catalogue's lines and prices, the estimated total and +91 phone into a payment_pending order", async () => {
    const id = await newUser("copy@example.in");
    const order = await createShopOrder(deps, {
      user: { id },
      lines: [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
      ],
      shipping,
      delivery: w.delivery,
      now: w.now,
    });
    expect(order).toMatchObject({
      status: "payment_pending",
      estimatedTotalPaise: 2 * 2500000 + 2580000,
      advancePaise: 50000,
      phone: "+919876543210",
      reservedUntil: w.now + RESERVATION_MS,
      stockHeld: true,
    });
    expect(order.number).toMatch(/^PUL-\d{4}-[2-9A-Z]{4}$/);
    expect(await q("SELECT product_id, price_paise, quantity FROM order_items WHERE order_id = ? ORDER BY product_id", order.id)).toEqual([
      { product_id: 1, price_paise: 2500000, quantity: 2 },
      { product_id: 2, price_paise: 2580000, quantity: 1 },
    ]);
  });

  it("refuses a foreign product id and quantities 0, −1, 1e9 and 1.5 without touching stock", async () => {
    const id = await newUser("tamper@example.in");
    for (const lines of [
      [{ productId: 999, quantity: 1 }],
      [{ productId: 1, quantity: 0 }],
      [{ productId: 1, quantity: -1 }],
      [{ productId: 1, quantity: 1e9 }],
      [{ productId: 1, quantity: 1.5 }],
      [],
    ]) {
      await expect(createShopOrder(deps, { user: { id }, lines, shipping, delivery: w.delivery, now: w.now })).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect(await stock()).toBe(3);
    expect(await q("SELECT id FROM orders WHERE user_id = ?", id)).toHaveLength(0);
  });
});

describe("expiry", () => {
  it("releases a reservation after 30 minutes exactly once, even when two requests release together", async () => {
    const id = await newUser("late@example.in");
    const order = await createShopOrder(deps, { user: { id }, lines: [{ productId: 1, quantity: 2 }], shipping, delivery: w.delivery, now: w.now });
    expect(await stock()).toBe(1);
    expect(await releaseExpiredOrders(deps, w.now + RESERVATION_MS - 1)).toBe(0);
    const released = await Promise.all([releaseExpiredOrders(deps, w.now + RESERVATION_MS), releaseExpiredOrders(deps, w.now + RESERVATION_MS)]);
    expect(released[0] + released[1]).toBe(1);
    expect(await stock()).toBe(3);
    expect(await one("SELECT status, stock_held FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_expired", stock_held: 0 });
  });
});

describe("My Orders", () => {
  it("answers NotFound for another user's order", async () => {
    const { order } = await paidSetup("owner@example.in");
    const other = await newUser("other@example.in");
    await expect(getUserOrder(deps, other, { number: order.number }, w.now)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getUserOrder(deps, other, { id: order.id }, w.now)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getUserOrder(deps, order.userId, { number: order.number }, w.now)).items).toHaveLength(1);
  });
});
