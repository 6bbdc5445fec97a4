import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { createAuctionOrder, type AuctionOrderInput } from "./auction-order.server";
import { ADVANCE_PAISE, AUCTION_PAY_MS, orderNumber } from "./rules";
import { all as q } from "../../tests/setup/sql";

const deps = testDeps();
const now = Date.UTC(2026, 10, 23, 6, 0, 0);
let auctionId = 100;
let input: AuctionOrderInput;

/** Everything a close may have written for the auction: its orders, their lines, its notices, the mail. */
async function written(id: number) {
  return {
    orders: await q<{ id: number; number: string }>("SELECT id, number FROM orders WHERE auction_id = ?", id),
    lines: await q(
      "SELECT o.number, i.product_id, i.name, i.price_paise, i.quantity FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.auction_id = ?",
      id,
    ),
    notices: await q("SELECT user_id, type, order_number FROM notifications WHERE auction_id = ?", id),
    // The winner's mail leads to the order, whose page has the pay button.
    mail: await q('SELECT "to", subject FROM mail_outbox WHERE body LIKE ?', `%View your order: https://store.test/orders/PUL-%`),
  };
}

beforeEach(async () => {
  auctionId++;
  await env.DB.batch(["notifications", "order_items", "orders", "mail_outbox", "users"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  await env.DB.prepare(
    "INSERT INTO users (id, name, email, phone, address) VALUES (1, '  Sita   Devi Rao ', 'sita@example.in', '+91 98765 43210', '7 Ghat Road, Rajahmundry')",
  ).run();
  input = {
    user: { id: 1, name: "  Sita   Devi Rao ", phone: "+91 98765 43210", address: "7 Ghat Road, Rajahmundry", lang: "en" },
    auctionId,
    title: "Royal Pulasa 2 kg",
    image: "auction-1.webp",
    winningPaise: 1_850_000,
    now,
  };
});

afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("DROP TRIGGER IF EXISTS crash_on_auction_won").run();
});

describe("a won auction's order", () => {
  it("is made with its line and the winner's notice together: payment_pending, ₹500 advance due within 24 h, the winning price", async () => {
    const { order, created } = await createAuctionOrder(deps, input);
    expect(created).toBe(true);
    expect(order).toMatchObject({
      userId: 1,
      status: "payment_pending",
      paymentState: "advance_due",
      source: "auction",
      auctionId,
      estimatedTotalPaise: 1_850_000,
      advancePaise: ADVANCE_PAISE,
      reservedUntil: now + AUCTION_PAY_MS,
      stockHeld: false,
      firstName: "Sita",
      lastName: "Devi Rao",
      phone: "+919876543210",
      address: "7 Ghat Road, Rajahmundry",
      city: "",
      zip: "",
    });
    expect(ADVANCE_PAISE).toBe(50_000);
    expect(AUCTION_PAY_MS).toBe(24 * 60 * 60_000);
    const w = await written(auctionId);
    expect(w.orders).toEqual([{ id: order.id, number: order.number }]);
    expect(w.lines).toEqual([{ number: order.number, product_id: null, name: "Royal Pulasa 2 kg", price_paise: 1_850_000, quantity: 1 }]);
    const notices = await q("SELECT user_id, type, title, message, order_id, order_number, auction_id FROM notifications");
    expect(notices).toEqual([
      {
        user_id: 1,
        type: "auction_won",
        title: "You won the auction!",
        message: `You won "Royal Pulasa 2 kg" at ₹18,500. Pay the ₹500 advance within 24 hours to confirm your order ${order.number}.`,
        order_id: order.id,
        order_number: order.number,
        auction_id: auctionId,
      },
    ]);
    expect(w.mail).toEqual([{ to: "sita@example.in", subject: "You won the auction! – Godavari Pulasa" }]);
  });

  it("a close retried after it was done (the caller crashed before recording it) gets the same order and makes nothing more", async () => {
    const first = await createAuctionOrder(deps, input);
    const again = await createAuctionOrder(deps, { ...input, now: now + 5 * 60_000, winningPaise: 9_999_900 });
    expect(again).toEqual({ order: first.order, created: false });
    const w = await written(auctionId);
    expect(w.orders).toHaveLength(1);
    expect(w.lines).toHaveLength(1);
    expect(w.notices).toHaveLength(1);
    expect(w.mail).toHaveLength(1);
  });

  it("two closes at once (Promise.all) make one order, one line and one notice; exactly one of them created it", async () => {
    const results = await Promise.all([createAuctionOrder(deps, input), createAuctionOrder(deps, input), createAuctionOrder(deps, input)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const w = await written(auctionId);
    expect(w.orders).toHaveLength(1);
    for (const r of results) expect(r.order.id).toBe(w.orders[0].id);
    expect(w.lines).toEqual([expect.objectContaining({ number: w.orders[0].number })]);
    expect(w.notices).toEqual([{ user_id: 1, type: "auction_won", order_number: w.orders[0].number }]);
    expect(w.mail).toHaveLength(1);
  });

  it("a crash inside the write leaves no half order, and is not retried as a number clash; the next close makes the whole order", async () => {
    // The notice is the last of the three writes: failing it stands for a crash after the order and its line.
    await env.DB.prepare(
      "CREATE TRIGGER crash_on_auction_won BEFORE INSERT ON notifications WHEN NEW.type = 'auction_won' BEGIN SELECT RAISE(ABORT, 'simulated crash'); END",
    ).run();
    await expect(createAuctionOrder(deps, input)).rejects.toThrow(/simulated crash/);
    expect(await written(auctionId)).toEqual({ orders: [], lines: [], notices: [], mail: [] });
    await env.DB.prepare("DROP TRIGGER crash_on_auction_won").run();

    const { order, created } = await createAuctionOrder(deps, input);
    expect(created).toBe(true);
    const w = await written(auctionId);
    expect(w.orders).toEqual([{ id: order.id, number: order.number }]);
    expect(w.lines).toHaveLength(1);
    expect(w.notices).toHaveLength(1);
  });

  it("an order-number clash is retried with another number; nothing of the clashing try remains", async () => {
    const clash = orderNumber(now, new Uint8Array(4));
    await env.DB.prepare(
      `INSERT INTO orders (number, user_id, status, source, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip)
       VALUES (?, 1, 'payment_expired', 'shop', 100, 50000, 'A', 'B', '', '', '', '', '')`,
    )
      .bind(clash)
      .run();
    // The first number drawn is the one already taken.
    const random = vi.spyOn(crypto, "getRandomValues").mockImplementationOnce((array: ArrayBufferView) => {
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(0);
      return array;
    });
    const { order, created } = await createAuctionOrder(deps, input);
    expect(random.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(created).toBe(true);
    expect(order.number).not.toBe(clash);
    const w = await written(auctionId);
    expect(w.orders).toEqual([{ id: order.id, number: order.number }]);
    expect(w.lines).toHaveLength(1);
    expect(w.notices).toEqual([{ user_id: 1, type: "auction_won", order_number: order.number }]);
    expect(await q("SELECT count(*) AS n FROM order_items")).toEqual([{ n: 1 }]);
  });
});
