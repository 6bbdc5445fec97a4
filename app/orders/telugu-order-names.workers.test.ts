import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { asUser } from "../../tests/setup/as-user";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { one } from "../../tests/setup/sql";
import { recordWeights } from "~/admin/orders.server";
import type { Lang } from "~/i18n/lang";
import { createAuctionOrder } from "~/orders/auction-order.server";
import { createShopOrder } from "~/orders/orders.server";
import { loader as orderLoader } from "~/routes/orders.$number._index";
import { loader as ordersLoader } from "~/routes/orders._index";
import { loader as payLoader } from "~/routes/orders.$number.pay";
import { loader as profileLoader } from "~/routes/profile";
import { VALID_ADDRESS } from "../../tests/setup/address";

/**
 * An order names its products in the reader's language: the Telugu name the product had when the order was
 * made (kept with the order's line, as the English one is), on the order's pages and in its notices and mails;
 * the state we deliver to is named in the page's language too.
 */

const w = setUpShopDayWorld();
const FISH = "తాజా పులస చేప";

async function fishOrder(lang: Lang, paid = true) {
  await env.DB.prepare("UPDATE products SET name_te = ? WHERE id = ?").bind(FISH, w.fishId).run();
  await w.plan(w.fishId, { [w.day(1)]: 10 });
  const delivery = { date: w.day(1), slot: "evening" as const };
  if (paid) return w.paidOrder([{ productId: w.fishId, quantity: 1 }], delivery, lang);
  const user = { id: await w.newUser(lang) };
  return createShopOrder(w.deps, { user, lines: [{ productId: w.fishId, quantity: 1 }], shipping: VALID_ADDRESS, delivery, now: w.now });
}

const notice = (orderId: number, type: string) => one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = ?", orderId, type);
const mailOf = (number: string, start: string) =>
  one<{ body: string }>("SELECT body FROM mail_outbox WHERE subject LIKE ? ORDER BY id DESC LIMIT 1", `${start}%${number}%`);

describe("an order's products in the customer's language", () => {
  it("the receipt and the weighing name the fish in Telugu for a Telugu account, in the bell and by e-mail, and in English for an English one", async () => {
    const te = await fishOrder("te");
    const en = await fishOrder("en");
    const weigh = async (order: { id: number; number: string }) => {
      const line = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
      const { version } = await one<{ version: number }>("SELECT version FROM orders WHERE id = ?", order.id);
      await recordWeights(w.deps, w.admin, { number: order.number, version, weights: new Map([[line.id, 1200]]) });
    };
    await weigh(te);
    await weigh(en);

    expect((await notice(te.id, "order_placed")).message).toContain(`(${FISH} × 1 కిలో)`);
    expect((await notice(te.id, "order_weighed")).message).toContain(`${FISH}: 1.2 కిలోలు, ధర ₹30,000`);
    expect((await mailOf(te.number, "ఆర్డర్")).body).toContain(FISH);
    for (const type of ["order_placed", "order_weighed"]) expect((await notice(te.id, type)).message).not.toContain("Fresh Pulasa Fish");

    expect((await notice(en.id, "order_placed")).message).toContain("(Fresh Pulasa Fish × 1 kg)");
    expect((await notice(en.id, "order_weighed")).message).toContain("Fresh Pulasa Fish 1.2 kg, ₹30,000");
    expect((await notice(en.id, "order_placed")).message).not.toContain(FISH);
  });

  it("the order's pages keep the Telugu name it was made with, and name the state in the page's language", async () => {
    const order = await fishOrder("te");
    // Renamed later: the order keeps what it was bought as.
    await env.DB.prepare("UPDATE products SET name_te = 'కొత్త పేరు' WHERE id = ?").bind(w.fishId).run();
    const params = { number: order.number };
    const te = await orderLoader((await asUser(order.userId, `/te/orders/${order.number}`, undefined, params)) as never);
    expect(te.order.items.map((i) => i.name)).toEqual([FISH]);
    expect(te.shipTo.lines).toEqual(["12 Godavari Bund Road", "Rajahmundry, ఆంధ్రప్రదేశ్ 533101"]);
    const en = await orderLoader((await asUser(order.userId, `/orders/${order.number}`, undefined, params)) as never);
    expect(en.order.items.map((i) => i.name)).toEqual(["Fresh Pulasa Fish"]);
    expect(en.shipTo.lines).toEqual(["12 Godavari Bund Road", "Rajahmundry, Andhra Pradesh 533101"]);
    const list = await ordersLoader((await asUser(order.userId, "/te/orders")) as never);
    expect(list.orders.flatMap((o) => o.items.map((i) => i.name))).toEqual([FISH]);
  });

  it("the pay page of an unpaid order names it in Telugu", async () => {
    const order = await fishOrder("te", false);
    const page = await payLoader((await asUser(order.userId, `/te/orders/${order.number}/pay`, undefined, { number: order.number })) as never);
    expect(page.order.items.map((i) => i.name)).toEqual([FISH]);
  });

  it("a won lot's order keeps the auction's Telugu title beside its English one", async () => {
    const userId = await w.newUser("te");
    const input = {
      user: { id: userId, name: "Asha Rani", phone: null, address: null, lang: "te" as const },
      image: null,
      winningPaise: 1_850_000,
      now: w.now,
    };
    const { order } = await createAuctionOrder(w.deps, {
      ...input,
      auctionId: 870 + Math.floor(Math.random() * 10),
      title: "Royal Pulasa",
      titleTe: "రాజ పులస",
    });
    expect(await one("SELECT name, name_te FROM order_items WHERE order_id = ?", order.id)).toEqual({ name: "Royal Pulasa", name_te: "రాజ పులస" });
  });

  it("saved addresses name their state in the page's language", async () => {
    const userId = await w.newUser("te");
    await env.DB.prepare(
      "INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at, created_at, updated_at) VALUES (?, 'k', 'Asha', 'Rao', '9876543210', '12 Godavari Bund Road', 'Hyderabad', 'Telangana', '500001', 1, 1, 1)",
    )
      .bind(userId)
      .run();
    const place = async (path: string) =>
      ((await profileLoader((await asUser(userId, path)) as never)) as { addresses: { place: string }[] }).addresses[0].place;
    expect(await place("/te/profile")).toBe("Hyderabad, తెలంగాణ 500001");
    expect(await place("/profile")).toBe("Hyderabad, Telangana 500001");
  });
});

describe("orders made before lines kept a Telugu name", () => {
  it("take their product's (or auction's) Telugu name from the migration that added it", async () => {
    const order = await fishOrder("te");
    const auction = 880 + Math.floor(Math.random() * 100);
    await env.DB.batch([
      env.DB.prepare("UPDATE order_items SET name_te = NULL WHERE order_id = ?").bind(order.id),
      env.DB.prepare(
        "INSERT INTO auctions (id, title, title_te, description, start_price_paise, current_price_paise, end_time, status, bid_count, seller_name) VALUES (?, 'Royal Pulasa', 'రాజ పులస', 'd', 100000, 100000, 1, 'ended', 0, 'Godavari Pulasa')",
      ).bind(auction),
      env.DB.prepare(
        "INSERT INTO orders (number, user_id, status, payment_state, source, auction_id, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip) VALUES ('PUL-0001-LOT1', ?, 'payment_pending', 'advance_due', 'auction', ?, 100000, 50000, 'A', 'R', '', '', '', '', '')",
      ).bind(order.userId, auction),
      env.DB.prepare(
        "INSERT INTO order_items (order_id, product_id, name, price_paise, quantity) SELECT id, NULL, 'Royal Pulasa', 100000, 1 FROM orders WHERE number = 'PUL-0001-LOT1'",
      ),
    ]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0023_"))!;
    for (const query of migration.queries.filter((q) => q.includes("UPDATE"))) await env.DB.prepare(query).run();
    expect(await one("SELECT name_te FROM order_items WHERE order_id = ?", order.id)).toEqual({ name_te: FISH });
    expect(await one("SELECT i.name_te FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.number = 'PUL-0001-LOT1'")).toEqual({
      name_te: "రాజ పులస",
    });
  });
});
