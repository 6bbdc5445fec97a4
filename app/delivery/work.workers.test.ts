import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { loadContext } from "../../tests/setup/load-context";
import { createProduct } from "~/catalog/admin.server";
import { saveCatch } from "../../tests/setup/shop-days";
import { createSession } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import { recordWeights } from "~/admin/orders.server";
import type { User } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { loader as csvLoader } from "~/routes/admin-dashboard_.deliveries[.]csv";
import { commitSessionCookie } from "~/web/credentials.server";
import { payAdvance } from "../../tests/setup/money";
import { istDate } from "./slots";
import { deliveryCsv, deliveryWork } from "./work.server";
import { DOWLESWARAM_ADDRESS } from "../../tests/setup/address";

// 04:00 IST: both of today's slots can be booked.
const now = Date.UTC(2027, 5, 1, 22, 30);
const deps = { ...testDeps(), now: () => now };
const today = istDate(now);
const shipping = DOWLESWARAM_ADDRESS;

async function user(isAdmin = false) {
  return (await env.DB.prepare("INSERT INTO users (name, email, is_admin, email_verified_at) VALUES ('Ravi Kumar', ?, ?, 1) RETURNING id")
    .bind(`w.${crypto.randomUUID()}@example.in`, isAdmin ? 1 : 0)
    .first<{ id: number }>())!.id;
}

async function paidOrders() {
  const fish = await createProduct(deps, {
    name: "Work Fish",
    slug: `work-fish-${crypto.randomUUID().slice(0, 8)}`,
    description: "A fish for the packing list.",
    category: "Fresh Fish",
    price: 2_500_000,
    unit: "kg",
    minQty: 1,
    maxQty: 5,
    image: "fresh-pulasa",
    sortOrder: 0,
  });
  const curry = await createProduct(deps, {
    name: "Work Curry",
    slug: `work-curry-${crypto.randomUUID().slice(0, 8)}`,
    description: "A curry for the packing list.",
    category: "Curry",
    price: 80_000,
    unit: "pack",
    minQty: 1,
    maxQty: 5,
    image: "pulasa-curry",
    sortOrder: 0,
  });
  await saveCatch(deps, fish, [{ date: today, quantity: 20 }]);
  await saveCatch(deps, curry, [{ date: today, quantity: 20 }]);
  const place = async (slot: "morning" | "evening", lines: { productId: number; quantity: number }[], name = shipping.firstName) => {
    const order = await createShopOrder(deps, {
      user: { id: await user() },
      lines,
      shipping: { ...shipping, firstName: name },
      delivery: { date: today, slot },
      now,
    });
    await payAdvance(deps, order);
    return order;
  };
  const a = await place("morning", [{ productId: fish, quantity: 2 }]);
  const b = await place(
    "evening",
    [
      { productId: fish, quantity: 1 },
      { productId: curry, quantity: 3 },
    ],
    "=cmd|' /C calc'!A0",
  );
  // Unpaid: holds its catch but is not work yet.
  await createShopOrder(deps, {
    user: { id: await user() },
    lines: [{ productId: fish, quantity: 1 }],
    shipping,
    delivery: { date: today, slot: "morning" },
    now,
  });
  return { a, b };
}

describe("today's work", () => {
  it("lists a date's paid orders by slot, what to pack in all, and exports them as CSV", async () => {
    const { a, b } = await paidOrders();
    const work = await deliveryWork(deps, today);
    expect(work.slots.map((s) => [s.slot, s.orders.map((o) => o.number)])).toEqual([
      ["morning", [a.number]],
      ["evening", [b.number]],
    ]);
    expect(work.slots[1].orders[0].lines).toEqual(["Work Fish × 1 kg", "Work Curry × 3 packs"]);
    expect(work.totals).toEqual([
      { name: "Work Fish", text: "3 kg" },
      { name: "Work Curry", text: "3 packs" },
    ]);
    const csv = await deliveryCsv(deps, today, today);
    // UTF-8's byte order mark first, or Excel reads ₹ and Telugu names as another encoding.
    expect(csv.startsWith('\uFEFF"Order",')).toBe(true);
    const lines = csv.slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"Order","Delivery date","Slot","Status","Payment","Customer","Phone \(\+91\)"/);
    // The admin's words, not codes; the phone as people write it, which a spreadsheet keeps as text.
    expect(lines[1]).toContain(`"${a.number}","${today}","Morning, 7:00 AM – 11:00 AM","Order Raised","Advance paid","Ravi Kumar","98480 12345"`);
    expect(csv).not.toMatch(/order_raised|advance_paid|'\+91/);
    // A name that a spreadsheet would run stays text.
    expect(lines[2]).toContain(`"'=cmd|' /C calc'!A0 Kumar"`);
    expect(lines[2]).toContain('"Work Fish × 1 kg; Work Curry × 3 packs","27400.00","","500.00","0.00","26900.00"');
  });

  it("says what each delivery collects: about the estimate less the advance before weighing, the balance after, nothing once paid", async () => {
    const { a, b } = await paidOrders();
    const collect = async () =>
      (await deliveryWork(deps, today)).slots.flatMap((s) => s.orders.filter((o) => o.id === a.id || o.id === b.id).map((o) => o.collectText));
    expect(await collect()).toEqual(["Balance to collect: about ₹49,500 (not weighed yet)", "Balance to collect: about ₹26,900 (not weighed yet)"]);
    // Weighed: a's fish came to ₹53,750, b's to less than the advance (the difference is refunded, not collected).
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET final_total_paise = 5375000 WHERE id = ?").bind(a.id),
      env.DB.prepare("UPDATE orders SET final_total_paise = 40000 WHERE id = ?").bind(b.id),
    ]);
    expect(await collect()).toEqual(["Balance to collect: ₹53,250", "Nothing to collect"]);
    // a's balance paid by link: nothing is left to collect at the door.
    await env.DB.prepare(
      "INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, created_at, updated_at) VALUES (?, 'capture', 'balance', ?, 'sandbox', 5325000, 'done', 1, 1)",
    )
      .bind(a.id, `pay_${a.number}_balance`)
      .run();
    expect(await collect()).toEqual(["Nothing to collect", "Nothing to collect"]);
    const csv = (await deliveryCsv(deps, today, today)).trim().split("\r\n");
    expect(csv[0]).toContain('"Final (₹)","Paid (₹)","Refunded (₹)","To collect (₹)","Placed (IST)"');
    expect(csv.find((line) => line.startsWith(`"${a.number}"`))).toContain('"53750.00","53750.00","0.00","0.00"');
  });

  it("shows each weighed line's ordered and weighed weight (packs delivered) and price, and packs in all only what has not left", async () => {
    const { a, b } = await paidOrders();
    // This test's two orders alone are the day's work (earlier tests left theirs on the same date).
    await env.DB.prepare("UPDATE orders SET status = 'order_cancelled' WHERE delivery_date = ? AND id NOT IN (?, ?)").bind(today, a.id, b.id).run();
    const admin = { id: await user(true) } as User;
    const items = async (orderId: number) =>
      (await env.DB.prepare("SELECT id, unit FROM order_items WHERE order_id = ? ORDER BY id").bind(orderId).all<{ id: number; unit: string }>()).results;
    const [aFish] = await items(a.id);
    const [bFish, bCurry] = await items(b.id);
    const version = async (id: number) => (await env.DB.prepare("SELECT version FROM orders WHERE id = ?").bind(id).first<{ version: number }>())!.version;
    await recordWeights(deps, admin, { number: a.number, version: await version(a.id), weights: new Map([[aFish.id, 2150]]) });
    await recordWeights(deps, admin, {
      number: b.number,
      version: await version(b.id),
      weights: new Map([[bFish.id, 1000]]),
      packs: new Map([[bCurry.id, 2]]),
    });
    const lines = async () => Object.fromEntries((await deliveryWork(deps, today)).slots.flatMap((s) => s.orders.map((o) => [o.number, o.lines])));
    expect(await lines()).toEqual({
      [a.number]: ["Work Fish · 2 kg ordered · weighed 2.15 kg · ₹53,750"],
      [b.number]: ["Work Fish · 1 kg ordered · weighed 1 kg · ₹25,000", "Work Curry · 3 packs ordered · 2 packs delivered · ₹1,600"],
    });
    expect((await deliveryCsv(deps, today, today)).split("\r\n").find((line) => line.startsWith(`"${b.number}"`))).toContain(
      '"Work Fish · 1 kg ordered · weighed 1 kg · ₹25,000; Work Curry · 3 packs ordered · 2 packs delivered · ₹1,600"',
    );
    expect((await deliveryWork(deps, today)).totals).toEqual([
      { name: "Work Fish", text: "3 kg" },
      { name: "Work Curry", text: "3 packs" },
    ]);
    // Delivered (or shipped), an order has left: what is still to pack is the other order's.
    await env.DB.prepare("UPDATE orders SET status = 'order_delivered' WHERE id = ?").bind(b.id).run();
    expect((await deliveryWork(deps, today)).totals).toEqual([{ name: "Work Fish", text: "2 kg" }]);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 'order_shipped' WHERE id = ?").bind(a.id),
      env.DB.prepare("UPDATE orders SET status = 'order_packed' WHERE id = ?").bind(b.id),
    ]);
    expect((await deliveryWork(deps, today)).totals).toEqual([
      { name: "Work Fish", text: "1 kg" },
      { name: "Work Curry", text: "3 packs" },
    ]);
  });

  it("refuses a range backwards, longer than 31 days or not made of dates", async () => {
    await expect(deliveryCsv(deps, today, "2027-05-01")).rejects.toThrow(/on or before/);
    await expect(deliveryCsv(deps, "2027-01-01", "2027-03-01")).rejects.toThrow(/at most 31 days/);
    await expect(deliveryCsv(deps, "x", today)).rejects.toThrow();
  });

  it("the CSV is for admins only: a shopper is sent away, an admin gets the file", async () => {
    const asking = async (isAdmin: boolean) => {
      const token = await createSession(deps, await user(isAdmin));
      const cookie = (await commitSessionCookie(getConfig(env), token)).split(";")[0];
      const request = new Request(`https://store.test/admin-dashboard/deliveries.csv?from=${today}&to=${today}`, { headers: { Cookie: cookie } });
      return csvLoader({ request, context: await loadContext(request), params: {} }).catch((r: unknown) => r as Response);
    };
    const shopper = await asking(false);
    expect(shopper.status).toBe(302);
    expect(shopper.headers.get("Location")).toBe("/");
    const admin = await asking(true);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(admin.headers.get("Content-Disposition")).toBe(`attachment; filename="orders-${today}-to-${today}.csv"`);
    // The file's first bytes are UTF-8's byte order mark (a text reader would hide it).
    expect([...new Uint8Array(await admin.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x22]);
  });
});
