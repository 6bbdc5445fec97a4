import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { collectOnDelivery, requestBalance } from "~/admin/balance.server";
import { changeOrderStatus, recordWeights } from "~/admin/orders.server";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import type { Order, User } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { ledgerSums, payAdvance, payBalanceLink } from "../../tests/setup/money";
import { startAdvancePayment } from "./advance.server";
import { settlePayment } from "./ledger.server";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";
import { sandboxDecide, sendSandboxWebhook } from "./sandbox.server";

const db = getDb(env);
const deps = { db, config: getConfig(env), env, origin: "https://store.test" };
const shipping = { firstName: "Ravi", lastName: "Kumar", phone: "9848012345", address: "3-14 Lock Road", city: "Dowleswaram", state: "Andhra Pradesh", zip: "533125" };

async function one<T = Record<string, any>>(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql).bind(...binds).first<T>())!;
}
async function all<T = Record<string, any>>(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
}
const version = async (orderId: number) => (await one<{ version: number }>("SELECT version FROM orders WHERE id = ?", orderId)).version;
const numberOf = async (orderId: number) => (await one<{ number: string }>("SELECT number FROM orders WHERE id = ?", orderId)).number;

let admin: User;
let productId: number;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_settings").run();
  const product = await one<{ id: number }>(
    "INSERT INTO products (slug, name, description, price_paise, image, stock, category) VALUES ('fresh-m', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 100000, 'Fresh Fish') ON CONFLICT(slug) DO UPDATE SET stock = 100000 RETURNING id",
  );
  productId = product.id;
  admin = await one<User>("INSERT INTO users (name, email, is_admin) VALUES ('Store Admin', ?, 1) RETURNING id, name, email, is_admin AS isAdmin", `admin.${crypto.randomUUID()}@example.in`);
});

async function customer() {
  return one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Ravi Kumar', ?) RETURNING id", `ravi.${crypto.randomUUID()}@example.in`);
}

async function paidOrder(kg = 1) {
  const user = await customer();
  const order = await createShopOrder(db, { user, lines: [{ productId, quantity: kg }], shipping, now: Date.now() });
  const paymentId = await payAdvance(deps, order);
  return { order, paymentId };
}

async function weigh(order: Order, grams: number) {
  const item = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
  await recordWeights(deps, admin, { number: order.number, version: await version(order.id), weights: new Map([[item.id, grams]]) });
}

/** A payment the gateway captured on a link although the store closed it (the gateway's cancel never arrived, say). */
async function capturedAnyway(linkId: string, amount: number, paymentId = `pay_ANYWAY${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`) {
  await env.DB.prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES (?, 'payment', ?, ?, 'captured')").bind(paymentId, linkId, amount).run();
  await sendSandboxWebhook(deps, "payment_link.paid", {
    payment_link: { entity: { id: linkId, amount, status: "paid" } },
    payment: { entity: { id: paymentId, entity: "payment", order_id: null, amount, currency: "INR", status: "captured" } },
  });
  return paymentId;
}

const linkOf = (orderId: number) => one<{ provider_ref: string; amount_paise: number; status: string }>("SELECT provider_ref, amount_paise, status FROM payments WHERE order_id = ? AND kind = 'balance' ORDER BY id DESC", orderId);

describe("sequences that used to keep money the store was not owed", () => {
  it("cancel after a balance link: the old link takes nothing, and a payment that arrives anyway is refunded", async () => {
    const { order } = await paidOrder(1);
    await weigh(order, 1200); // ₹30,000: balance ₹29,500
    await requestBalance(deps, admin, { number: order.number, version: await version(order.id) });
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "The catch was spoilt" });
    const link = await linkOf(order.id);
    expect(link.status).toBe("cancelled");
    expect(await payBalanceLink(deps, order.id)).toEqual({ ok: false, status: "cancelled" });
    await capturedAnyway(link.provider_ref, link.amount_paise);
    expect(await ledgerSums(order.id)).toEqual({ captured: 3_000_000, cash: 0, refunded: 3_000_000, pending: 0 });
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_cancelled", payment_state: "balance_requested" });
  });

  it("cash on delivery after a balance link: the old link takes nothing, and the balance is kept once", async () => {
    const { order } = await paidOrder(1);
    await weigh(order, 1200);
    await requestBalance(deps, admin, { number: order.number, version: await version(order.id) });
    await collectOnDelivery(deps, admin, { number: order.number, version: await version(order.id) });
    expect(await payBalanceLink(deps, order.id)).toEqual({ ok: false, status: "cancelled" });
    const link = await linkOf(order.id);
    await capturedAnyway(link.provider_ref, link.amount_paise);
    for (const to of ["order_shipped", "order_delivered"]) await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.id), to });
    const sums = await ledgerSums(order.id);
    expect(sums).toEqual({ captured: 50_000 + 2_950_000, cash: 2_950_000, refunded: 2_950_000, pending: 0 });
    expect(sums.captured + sums.cash - sums.refunded).toBe(3_000_000);
  });

  it("a difference refund then a cancel refunds what was paid, never more", async () => {
    const { order } = await paidOrder(1);
    await weigh(order, 10); // ₹250: ₹250 back
    await requestBalance(deps, admin, { number: order.number, version: await version(order.id) });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 25_000, pending: 0 });
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Customer asked" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect((await one("SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_records WHERE kind = 'refund' AND parent = (SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture')", order.id)).n).toBe(50_000);
  });

  it("one gateway payment id settles one order, once", async () => {
    const a = await createShopOrder(db, { user: await customer(), lines: [{ productId, quantity: 1 }], shipping, now: Date.now() });
    const b = await createShopOrder(db, { user: await customer(), lines: [{ productId, quantity: 1 }], shipping, now: Date.now() });
    const [ga, gb] = [await startAdvancePayment(deps, a, "https://store.test"), await startAdvancePayment(deps, b, "https://store.test")];
    const outcomes = await Promise.all([settlePayment(deps, { attemptRef: ga.gatewayOrderId, paymentId: "pay_SHARED000001" }), settlePayment(deps, { attemptRef: gb.gatewayOrderId, paymentId: "pay_SHARED000001" })]);
    expect(outcomes.filter((o) => o.kind === "paid")).toHaveLength(1);
    expect(await all("SELECT order_id FROM ledger WHERE ref = 'pay_SHARED000001'")).toHaveLength(1);
    const statuses = (await all<{ status: string }>("SELECT status FROM orders WHERE id IN (?, ?) ORDER BY status", a.id, b.id)).map((r) => r.status);
    expect(statuses).toEqual(["order_raised", "payment_pending"]);
  });

  it("a second capture on a paid link is recorded and refunded, not dropped", async () => {
    const { order } = await paidOrder(1);
    await weigh(order, 1200);
    await requestBalance(deps, admin, { number: order.number, version: await version(order.id) });
    expect((await payBalanceLink(deps, order.id))?.ok).toBe(true);
    const link = await linkOf(order.id);
    await capturedAnyway(link.provider_ref, link.amount_paise);
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000 + 2 * 2_950_000, cash: 0, refunded: 2_950_000, pending: 0 });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
  });

  it("a cancel racing the link's payment: whichever lands first, the cancelled order keeps nothing", async () => {
    for (let round = 0; round < 4; round++) {
      const { order } = await paidOrder(1);
      await weigh(order, 1500);
      await requestBalance(deps, admin, { number: order.number, version: await version(order.id) });
      const link = await linkOf(order.id);
      const pay = async () => {
        await env.DB.prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status) VALUES (?, 'payment', ?, ?, 'captured')").bind(`pay_RACE${round}AAAAAAAA`, link.provider_ref, link.amount_paise).run();
        return settlePayment(deps, { attemptRef: link.provider_ref, paymentId: `pay_RACE${round}AAAAAAAA`, amountPaise: link.amount_paise });
      };
      const v = await version(order.id);
      const cancel = () => changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: "Out of fish" }).catch(() => null);
      await Promise.all(round % 2 ? [pay(), cancel()] : [cancel(), pay()]);
      const status = (await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", order.id)).status;
      if (status !== "order_cancelled") await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Out of fish" });
      const sums = await ledgerSums(order.id);
      expect(sums.captured - sums.refunded).toBe(0);
    }
  });
});

describe("reconciliation (the scheduled job asks the gateway)", () => {
  it("finds a payment whose browser return and webhooks were all lost, and places the order", async () => {
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('webhooks', 'drop'), ('callbacks', 'drop')").run();
    const order = await createShopOrder(db, { user: await customer(), lines: [{ productId, quantity: 1 }], shipping, now: Date.now() });
    const started = await startAdvancePayment(deps, order, "https://store.test");
    const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "pay"))!;
    expect(outcome.callback).toBe("/orders");
    await outcome.webhooks();
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    await reconcilePayments(deps, Date.now()); // too early: a return may still be on its way
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "payment_pending" });
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 0, pending: 0 });
  });

  it("a refund the gateway fails is kept pending (never shown as done) and retried until it is made", async () => {
    const { order } = await paidOrder(1);
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail')").run();
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.id), to: "order_cancelled", reason: "Customer asked" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 50_000 });
    await reconcilePayments(deps);
    expect((await ledgerSums(order.id)).pending).toBe(50_000);
    await env.DB.prepare("DELETE FROM sandbox_settings").run();
    await Promise.all([reconcilePayments(deps), reconcilePayments(deps)]);
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(await all("SELECT id FROM sandbox_records WHERE kind = 'refund' AND parent = (SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture')", order.id)).toHaveLength(1);
  });
});

/** A small seeded generator (mulberry32), so a failing run can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("random interleavings keep every invariant", () => {
  const SEED = Number((env as { MONEY_SEED?: string }).MONEY_SEED ?? 20261124);
  const STEPS = Number((env as { MONEY_STEPS?: string }).MONEY_STEPS ?? 2500);

  /**
   * Every invariant as one query that returns the rows breaking it (none, when the money adds up):
   * refunds within their capture, no refund of nothing, a delivered order keeps its final price, a cancelled or
   * expired one keeps nothing, and no order keeps more than its price (or the advance before weighing).
   */
  const VIOLATIONS = `
    SELECT 'refunds above a capture' AS rule, c.ref AS what FROM ledger c JOIN ledger r ON r.kind = 'refund' AND r.payment_ref = c.ref
      WHERE c.kind = 'capture' GROUP BY c.ref HAVING sum(r.amount_paise) > max(c.amount_paise)
    UNION ALL
    SELECT 'a refund of nothing', r.ref FROM ledger r LEFT JOIN ledger c ON c.kind = 'capture' AND c.ref = r.payment_ref AND c.order_id = r.order_id
      WHERE r.kind = 'refund' AND c.id IS NULL
    UNION ALL
    SELECT 'order ' || o.status || ' keeps ' || k.kept, o.id FROM orders o
      JOIN (SELECT order_id, sum(CASE WHEN kind = 'refund' THEN -amount_paise ELSE amount_paise END) AS kept FROM ledger GROUP BY order_id) k ON k.order_id = o.id
      WHERE (o.status = 'order_delivered' AND k.kept <> o.final_total_paise)
         OR (o.status IN ('order_cancelled', 'payment_expired') AND k.kept <> 0)
         OR k.kept > max(coalesce(o.final_total_paise, 0), o.advance_paise)`;

  it("the invariant check itself catches a refund above its capture", async () => {
    const { order, paymentId } = await paidOrder(1);
    await env.DB.prepare("INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref) VALUES (?, 'refund', 'cancel', 'bogus:1', 'sandbox', 60000, 'done', ?)").bind(order.id, paymentId).run();
    const found = await all<{ rule: string }>(VIOLATIONS);
    await env.DB.prepare("DELETE FROM ledger WHERE ref = 'bogus:1'").run();
    expect(found.map((v) => v.rule)).toEqual(expect.arrayContaining(["refunds above a capture"]));
  });

  async function checkInvariants(step: number, action: string) {
    expect(await all(VIOLATIONS), `seed ${SEED}, step ${step} (${action})`).toEqual([]);
  }

  it(`${STEPS} seeded steps of shoppers, admins, gateway deliveries, lost messages and failing refunds`, { timeout: 240_000 }, async () => {
    const rand = random(SEED);
    const pick = <T,>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const live: { order: Order; gatewayOrderId?: string }[] = [];
    /** Gateway messages not yet delivered: delivered later, twice, or never. */
    const inbox: (() => Promise<unknown>)[] = [];
    let clock = Date.now();
    const actions: Record<string, () => Promise<unknown>> = {
      async checkout() {
        const user = await one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Fuzz', ?) RETURNING id", `fuzz.${crypto.randomUUID()}@example.in`);
        const order = await createShopOrder(db, { user, lines: [{ productId, quantity: 1 + Math.floor(rand() * 2) }], shipping, now: clock });
        const started = await startAdvancePayment(deps, order, "https://store.test");
        live.push({ order, gatewayOrderId: started.gatewayOrderId });
      },
      async payAdvance() {
        const target = pick(live.filter((l) => l.gatewayOrderId));
        if (!target) return;
        const outcome = await sandboxDecide(deps, target.gatewayOrderId!, "pay");
        const payment = await one<{ id: string; amount_paise: number }>("SELECT id, amount_paise FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY rowid DESC LIMIT 1", target.gatewayOrderId);
        if (rand() < 0.7) inbox.push(() => settlePayment(deps, { attemptRef: target.gatewayOrderId!, paymentId: payment.id }, clock));
        if (rand() < 0.7) inbox.push(() => outcome!.webhooks());
      },
      async payLink() {
        const links = await all<{ order_id: number }>("SELECT DISTINCT order_id FROM payments WHERE kind = 'balance' AND order_id IN (SELECT id FROM orders WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'fuzz.%')) ORDER BY order_id");
        const link = pick(links);
        if (link) await payBalanceLink(deps, link.order_id);
      },
      async deliverMessage() {
        if (inbox.length === 0) return;
        const i = Math.floor(rand() * inbox.length);
        const message = inbox[i];
        if (rand() < 0.8) inbox.splice(i, 1); // otherwise it comes again later (a replay)
        await message();
      },
      async weigh() {
        const target = pick(live);
        if (!target) return;
        const item = await one<{ id: number; quantity: number }>("SELECT id, quantity FROM order_items WHERE order_id = ?", target.order.id);
        const grams = pick([10, 20, 1000, 1200, 2300]);
        await recordWeights(deps, admin, { number: target.order.number, version: await version(target.order.id), weights: new Map([[item.id, grams]]) });
      },
      async requestBalance() {
        const target = pick(live);
        if (target) await requestBalance(deps, admin, { number: target.order.number, version: await version(target.order.id) });
      },
      async cashOnDelivery() {
        const target = pick(live);
        if (target) await collectOnDelivery(deps, admin, { number: target.order.number, version: await version(target.order.id) });
      },
      async move() {
        const target = pick(live);
        if (!target) return;
        const to = pick(["order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"]);
        await changeOrderStatus(deps, admin, { number: await numberOf(target.order.id), version: await version(target.order.id), to, reason: "Fuzz" });
      },
      async doubleCancel() {
        const target = pick(live);
        if (!target) return;
        const v = await version(target.order.id);
        await Promise.allSettled([1, 2].map(() => changeOrderStatus(deps, admin, { number: target.order.number, version: v, to: "order_cancelled", reason: "Twice" })));
      },
      async refundsFail() {
        await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail') ON CONFLICT (key) DO UPDATE SET value = CASE value WHEN 'fail' THEN 'ok' ELSE 'fail' END").run();
      },
      async time() {
        clock += pick([60_000, 10 * 60_000, 40 * 60_000]);
      },
      async reconcile() {
        await reconcilePayments(deps, clock + RECONCILE_AFTER_MS + 1000);
      },
    };
    const weights: [string, number][] = [
      ["checkout", 8],
      ["payAdvance", 12],
      ["payLink", 8],
      ["deliverMessage", 20],
      ["weigh", 8],
      ["requestBalance", 8],
      ["cashOnDelivery", 4],
      ["move", 14],
      ["doubleCancel", 3],
      ["refundsFail", 2],
      ["time", 4],
      ["reconcile", 4],
    ];
    const total = weights.reduce((s, [, w]) => s + w, 0);
    const counts: Record<string, number> = {};
    for (let step = 0; step < STEPS; step++) {
      let r = rand() * total;
      const name = weights.find(([, w]) => (r -= w) < 0)![0];
      counts[name] = (counts[name] ?? 0) + 1;
      try {
        await actions[name]();
      } catch (error) {
        // Refusals are part of the game (stale forms, moves the rules forbid); anything else is a bug.
        if (!(error instanceof Error) || !/DomainError|InvalidInputError|ConflictError|StaleOrderError|OutOfStockError/.test(error.name)) throw error;
      }
      await checkInvariants(step, name);
    }
    // Then everything settles: every message delivered, refunds allowed, the job run: no money is left pending.
    await env.DB.prepare("DELETE FROM sandbox_settings").run();
    for (const message of inbox.splice(0)) await message();
    await reconcilePayments(deps, clock + RECONCILE_AFTER_MS + 1000);
    await reconcilePayments(deps, clock + RECONCILE_AFTER_MS + 1000);
    await checkInvariants(STEPS, "settled");
    expect(await all("SELECT ref FROM ledger WHERE kind = 'refund' AND state <> 'done'")).toEqual([]);
    // The gateway's books and the store's agree: every capture is in the ledger, every refund made once.
    const unrecorded = await all("SELECT p.id FROM sandbox_records p JOIN payments a ON a.provider_ref = p.parent WHERE p.kind = 'payment' AND p.status = 'captured' AND NOT EXISTS (SELECT 1 FROM ledger WHERE ref = p.id)");
    expect(unrecorded).toEqual([]);
    const gatewayRefunds = await one<{ n: number }>("SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_records WHERE kind = 'refund'");
    const storeRefunds = await one<{ n: number }>("SELECT coalesce(sum(amount_paise), 0) AS n FROM ledger WHERE kind = 'refund'");
    expect(storeRefunds.n).toBe(gatewayRefunds.n);
    expect(Object.keys(counts).length).toBe(weights.length);
  });
});
