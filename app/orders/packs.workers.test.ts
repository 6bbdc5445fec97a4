import { describe, expect, it } from "vitest";
import { ledgerSums } from "../../tests/setup/money";
import { runRoute } from "../../tests/setup/claims-pages";
import { jpegOfSize } from "../../tests/setup/images";
import { sessionCookie } from "../../tests/setup/routes";
import { env } from "cloudflare:workers";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { all, one } from "../../tests/setup/sql";
import type { Order } from "~/db/schema";
import { formatDelivery } from "~/delivery/slots";
import { action as orderAction } from "~/routes/admin-dashboard.orders.$number";
import { requestBalance } from "./balance.server";
import { recordWeights } from "./changes.server";

const w = setUpShopDayWorld();
// The test pool binds the auction Worker's bucket, which stands in for the photos' bucket.
const photos = (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES;

/** A paid order of 2 kg of fish and 3 packs of curry (or the lines given) for tomorrow morning, and its line ids. */
async function paid(lines: ({ fish: number } | { curry: number })[] = [{ fish: 2 }, { curry: 3 }]) {
  await w.plan(w.fishId, { [w.day(1)]: 10 });
  await w.plan(w.curryId, { [w.day(1)]: 10 });
  const order = await w.paidOrder(
    lines.map((l) => ("fish" in l ? { productId: w.fishId, quantity: l.fish } : { productId: w.curryId, quantity: l.curry })),
    { date: w.day(1), slot: "morning" },
  );
  const items = await all<{ id: number; productId: number }>("SELECT id, product_id AS productId FROM order_items WHERE order_id = ? ORDER BY id", order.id);
  const line = (productId: number) => items.find((i) => i.productId === productId)?.id ?? 0;
  return { order, fishLine: line(w.fishId), curryLine: line(w.curryId) };
}

const record = async (order: Order, weights: [number, number][], packs: [number, number][]) =>
  recordWeights(w.deps, w.admin, { number: order.number, version: await w.version(order.id), weights: new Map(weights), packs: new Map(packs) });

describe("lines sold per pack", () => {
  it("the curry is priced by the packs delivered × the price per pack; the fish by its weight", async () => {
    const { order, fishLine, curryLine } = await paid();
    expect(await one("SELECT unit FROM order_items WHERE id = ?", curryLine)).toEqual({ unit: "pack" });
    expect(await record(order, [[fishLine, 2150]], [[curryLine, 3]])).toEqual({ final: "₹1,31,150", balance: "₹1,30,650" });
    expect(
      await all("SELECT weight_grams AS grams, packs_delivered AS packs, final_paise AS paise FROM order_items WHERE order_id = ? ORDER BY id", order.id),
    ).toEqual([
      { grams: 2150, packs: null, paise: 5_375_000 },
      { grams: null, packs: 3, paise: 7_740_000 },
    ]);
    // One pack short: the admin records 2, and the customer pays for 2.
    expect(await record(order, [[fishLine, 2150]], [[curryLine, 2]])).toEqual({ final: "₹1,05,350", balance: "₹1,04,850" });
    await requestBalance(w.deps, w.admin, { number: order.number, version: await w.version(order.id) });
    expect(await one("SELECT amount_paise AS paise FROM payments WHERE order_id = ? AND kind = 'balance'", order.id)).toEqual({ paise: 10_485_000 });
  });

  it("a grams figure for a pack line prices nothing: the pack count is asked for, and nothing changes", async () => {
    const { order, fishLine, curryLine } = await paid();
    const before = await one("SELECT version, final_total_paise AS final FROM orders WHERE id = ?", order.id);
    const packs = "Enter the packs delivered for every pack line: a whole number from 0 to the packs ordered.";
    await expect(
      record(
        order,
        [
          [fishLine, 2150],
          [curryLine, 450],
        ],
        [],
      ),
    ).rejects.toThrow(packs);
    for (const n of [4, -1, 1.5, Number.NaN]) await expect(record(order, [[fishLine, 2150]], [[curryLine, n]])).rejects.toThrow(packs);
    expect(await one("SELECT version, final_total_paise AS final FROM orders WHERE id = ?", order.id)).toEqual(before);
    expect(await one("SELECT count(*) AS n FROM order_items WHERE order_id = ? AND final_paise IS NOT NULL", order.id)).toEqual({ n: 0 });
  });

  it("the customer is told each line's weight or packs, the final price, the balance and the delivery", async () => {
    const { order, fishLine, curryLine } = await paid();
    await record(order, [[fishLine, 2150]], [[curryLine, 2]]);
    const notice = await one<{ title: string; message: string }>(
      "SELECT title, message FROM notifications WHERE order_id = ? AND type = 'order_weighed'",
      order.id,
    );
    expect(notice.title).toBe(`Your fish is weighed: ${order.number}`);
    expect(notice.message).toBe(
      `We caught and weighed your fish for order ${order.number}: Fresh Pulasa Fish 2.15 kg, ₹53,750; Pulasa Curry 2 of 3 packs, ₹51,600. ` +
        `Final price ₹1,05,350; after your ₹500 advance the balance is ₹1,04,850. Delivery: ${formatDelivery(w.day(1), "morning")}.`,
    );
    const receipt = await one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = 'order_placed'", order.id);
    expect(receipt.message).toContain("(Fresh Pulasa Fish × 2 kg, Pulasa Curry × 3 packs)");
  });

  it("a Telugu reader is told each line by its Telugu name where the product had one when ordered", async () => {
    // The line keeps the names its product had when it was ordered.
    await one("UPDATE products SET name_te = 'తాజా పులస చేప' WHERE id = ? RETURNING id", w.fishId);
    try {
      const { order, fishLine, curryLine } = await paid();
      await one("UPDATE users SET lang = 'te' WHERE id = ? RETURNING id", order.userId);
      await record(order, [[fishLine, 2150]], [[curryLine, 2]]);
      const notice = await one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = 'order_weighed'", order.id);
      expect(notice.message).toContain("తాజా పులస చేప: 2.15 కిలోలు, ధర ₹53,750; Pulasa Curry: ఆర్డర్ చేసినవి 3 ప్యాక్‌లు");
    } finally {
      await one("UPDATE products SET name_te = NULL WHERE id = ? RETURNING id", w.fishId);
    }
  });

  it("packs alone are counted, not weighed; a final price below the advance refunds the difference", async () => {
    const { order, curryLine } = await paid([{ curry: 1 }]);
    await record(order, [], [[curryLine, 0]]);
    const notice = await one<{ title: string; message: string }>(
      "SELECT title, message FROM notifications WHERE order_id = ? AND type = 'order_weighed'",
      order.id,
    );
    expect(notice.title).toBe(`Final price for ${order.number}`);
    expect(notice.message).toMatch(
      new RegExp(
        `^We counted your packs for order ${order.number}: Pulasa Curry 0 of 1 pack, ₹0\\. Final price ₹0: below your ₹500 advance, so the difference of ₹500 is refunded to you\\.`,
      ),
    );
    await requestBalance(w.deps, w.admin, { number: order.number, version: await w.version(order.id) });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
  });

  it("the admin's form without JavaScript sends packs-{line} and weight-{line} with the fish's photo; a customer's post changes nothing", async () => {
    const { order, fishLine, curryLine } = await paid();
    const landing = await one<{ id: number }>(
      "INSERT INTO landings (place_id, landed_at) SELECT id, ? FROM landing_places WHERE name = 'Yanam' RETURNING id",
      Date.now() - 3_600_000,
    );
    const version = await w.version(order.id);
    // A multipart post, as the form sends it: the fish line needs its photo on the scale and its landing; a pack line needs neither.
    const form = () => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "weights", version: String(version), [`weight-${fishLine}`]: "1000", [`packs-${curryLine}`]: "3" }))
        body.append(name, value);
      body.append(`landing-${fishLine}`, String(landing.id));
      body.append(`photo-${fishLine}`, new File([jpegOfSize(2000, crypto.randomUUID())], "scale.jpg"));
      return body;
    };
    const post = async (userId: number) =>
      runRoute(orderAction, `/admin-dashboard/orders/${order.number}`, {
        cookie: await sessionCookie(userId),
        params: { number: order.number },
        init: { method: "POST", body: form() },
        deps: { photos },
      });
    const customer = (await post(order.userId)) as Response;
    expect(customer.headers.get("Location")).toBe("/");
    expect(await one("SELECT final_total_paise AS final FROM orders WHERE id = ?", order.id)).toEqual({ final: null });
    const admin = (await post(w.admin.id)) as Response;
    expect({ status: admin.status, location: admin.headers.get("Location") }).toEqual({ status: 302, location: `/admin-dashboard/orders/${order.number}` });
    expect(await one("SELECT final_total_paise AS final FROM orders WHERE id = ?", order.id)).toEqual({ final: 2_500_000 + 7_740_000 });
    // The same post again: the form's version is gone, so it is refused and nothing is recorded twice.
    expect(await post(w.admin.id)).toMatchObject({ status: 409, body: { error: "This order was updated by someone else. Reload to see the latest." } });
    expect(await one("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND kind = 'weight'", order.id)).toEqual({ n: 1 });
  });

  it("the admin's typed grams and packs are read as every typed count is: an exponent, hex or a fraction is refused", async () => {
    const { order, fishLine, curryLine } = await paid();
    const landing = await one<{ id: number }>(
      "INSERT INTO landings (place_id, landed_at) SELECT id, ? FROM landing_places WHERE name = 'Yanam' RETURNING id",
      Date.now() - 3_600_000,
    );
    // The weighing form as sent: the fish line with its photo on the scale and its landing.
    const post = async (grams: string, packs = "3") => {
      const body = new FormData();
      body.append("intent", "weights");
      body.append("version", String(await w.version(order.id)));
      body.append(`weight-${fishLine}`, grams);
      body.append(`packs-${curryLine}`, packs);
      body.append(`landing-${fishLine}`, String(landing.id));
      body.append(`photo-${fishLine}`, new File([jpegOfSize(2000, crypto.randomUUID())], "scale.jpg"));
      const answer = await runRoute(orderAction, `/admin-dashboard/orders/${order.number}`, {
        cookie: await sessionCookie(w.admin.id),
        params: { number: order.number },
        init: { method: "POST", body },
        deps: { photos },
      });
      return answer instanceof Response ? { status: answer.status } : answer;
    };
    const before = await one("SELECT version, final_total_paise AS final FROM orders WHERE id = ?", order.id);
    const weights = "Enter every weight in grams (1 to 1,00,000).";
    for (const grams of ["1e3", "0x3E8", "1000.5", "1000.0", "+1000", "1_000", "2,50", "", " "]) {
      expect(await post(grams), grams).toMatchObject({ status: 400, body: { error: weights } });
    }
    expect(await post("1000", "3e0")).toMatchObject({
      status: 400,
      body: { error: "Enter the packs delivered for every pack line: a whole number from 0 to the packs ordered." },
    });
    expect(await one("SELECT version, final_total_paise AS final FROM orders WHERE id = ?", order.id)).toEqual(before);
    // Grams as people write them: plain, or grouped by a comma, with spaces around.
    expect(await post(" 2,150 ")).toMatchObject({ status: 302 });
    expect(await one("SELECT weight_grams AS grams FROM order_items WHERE id = ?", fishLine)).toEqual({ grams: 2150 });
  });
});
