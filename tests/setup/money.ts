import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import { recordWeights } from "~/orders/changes.server";
import type { Order, User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { createShopOrder } from "~/orders/orders.server";
import type { CeilingChoice } from "~/orders/ceiling";
import { plannedDelivery } from "./shop-days";
import { startAdvancePayment } from "~/payments/advance.server";
import { sandboxDecide, sandboxPayLink } from "~/payments/sandbox.server";
import { DOWLESWARAM_ADDRESS } from "./address";
import { testDeps } from "./deps";
import { all, one } from "./sql";

/**
 * Money moved the way a shopper moves it in the sandbox: through the gateway's own pages, its callback and
 * webhooks, so the sandbox's books and the ledger agree (a refund can only return what the sandbox took).
 */
export async function payAdvance(deps: PrimaryDeps, order: Order): Promise<string> {
  const started = await startAdvancePayment(deps, order);
  const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "pay"))!;
  await outcome.webhooks();
  const paid = await env.DB.prepare("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY created_at DESC LIMIT 1")
    .bind(started.gatewayOrderId)
    .first<{ id: string }>();
  return paid!.id;
}

/** The order's newest balance link, paid on the sandbox's link page (null: the sandbox refused it, and why). */
export async function payBalanceLink(deps: PrimaryDeps, orderId: number) {
  const link = await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ? AND kind = 'balance' ORDER BY id DESC LIMIT 1")
    .bind(orderId)
    .first<{ provider_ref: string }>();
  return sandboxPayLink(deps, link!.provider_ref);
}

/** An order's money by kind, from the ledger. */
export async function ledgerSums(orderId: number) {
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(CASE WHEN kind = 'capture' THEN amount_paise END), 0) AS captured, coalesce(sum(CASE WHEN kind = 'cash' THEN amount_paise END), 0) AS cash,
       coalesce(sum(CASE WHEN kind = 'refund' THEN amount_paise END), 0) AS refunded, coalesce(sum(CASE WHEN kind = 'refund' AND state <> 'done' THEN amount_paise END), 0) AS pending
     FROM ledger WHERE order_id = ?`,
  )
    .bind(orderId)
    .first<{ captured: number; cash: number; refunded: number; pending: number }>();
  return row!;
}

/**
 * The money tests' shared world: a fish with plenty of stock, an admin, shoppers with paid orders, and small
 * SQL helpers. `setUpMoneyWorld()` registers the per-test setup and returns the helpers.
 */
export function setUpMoneyWorld() {
  const deps = testDeps();
  const shipping = DOWLESWARAM_ADDRESS;
  const version = async (orderId: number) => (await one<{ version: number }>("SELECT version FROM orders WHERE id = ?", orderId)).version;
  const world = {
    deps,
    shipping,
    one,
    all,
    version,
    admin: null as unknown as User,
    productId: 0,
    customer: () => one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Ravi Kumar', ?) RETURNING id", `ravi.${crypto.randomUUID()}@example.in`),
    /** A delivery the checkout accepts at `now`, with plenty of catch and room. */
    delivery: (now: number) => plannedDelivery([world.productId], now),
    /** A paid order; by default for any weight, so a weighing above the estimate goes on without the shopper's answer. */
    async paidOrder(kg = 1, ceiling: CeilingChoice = "any") {
      const now = Date.now();
      const order = await createShopOrder(deps, {
        user: await world.customer(),
        lines: [{ productId: world.productId, quantity: kg }],
        shipping,
        delivery: await world.delivery(now),
        ceiling,
        now,
      });
      return { order, paymentId: await payAdvance(deps, order) };
    },
    async weigh(order: Order, grams: number) {
      const item = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
      await recordWeights(deps, world.admin, { number: order.number, version: await version(order.id), weights: new Map([[item.id, grams]]) });
    },
  };
  beforeEach(async () => {
    // The gateway's switches, and where the job last read its statement (a test may have moved its clock days ahead).
    await env.DB.batch([env.DB.prepare("DELETE FROM sandbox_settings"), env.DB.prepare("DELETE FROM job_cursors")]);
    const product = await one<{ id: number }>(
      "INSERT INTO products (slug, name, description, price_paise, image, category, max_qty) VALUES ('fresh-m', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT(slug) DO UPDATE SET max_qty = 50 RETURNING id",
    );
    world.productId = product.id;
    world.admin = await one<User>(
      "INSERT INTO users (name, email, is_admin) VALUES ('Store Admin', ?, 1) RETURNING id, name, email, is_admin AS isAdmin",
      `admin.${crypto.randomUUID()}@example.in`,
    );
  });
  return world;
}
