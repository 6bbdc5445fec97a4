import { env } from "cloudflare:workers";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beforeEach } from "vitest";
import { loader as checkoutLoader } from "~/routes/checkout";
import { createShopOrder } from "~/orders/orders.server";
import { startAdvancePayment } from "~/payments/advance.server";
import { SANDBOX_SECRETS } from "~/payments/sandbox-gateway.server";
import { webhookSignature } from "~/payments/signature";
import { handleRazorpayWebhook } from "~/payments/webhook.server";
import type { DeliverySlot } from "~/delivery/slots";
import { VALID_ADDRESS } from "./address";
import { testDeps } from "./deps";
import { catchLeftOn, plannedDelivery } from "./shop-days";
import { one } from "./sql";

/**
 * The checkout tests' shared world: two products with little caught (3 kg of fish, 30 packs of curry) for
 * each test's own delivery date, a clock that moves a day per test, shoppers, signed sandbox webhooks and a paid-for
 * checkout. `setUpCheckoutWorld()` registers the per-test setup and returns the helpers.
 */
export function setUpCheckoutWorld() {
  const deps = testDeps();
  const world = {
    deps,
    shipping: VALID_ADDRESS,
    now: Date.UTC(2026, 10, 23, 6, 0, 0),
    /** Each test's own delivery date and slot (3 kg of fish and 30 packs of curry caught for it). */
    delivery: { date: "", slot: "evening" } as { date: string; slot: DeliverySlot },
    /** What is left of a product's catch for this test's delivery date. */
    stock: (id = 1) => catchLeftOn(id, world.delivery.date),
    newUser: async (email: string) => (await one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Shopper', ?) RETURNING id", email)).id,
    async webhook(event: string, payload: Record<string, unknown>, eventId: string = crypto.randomUUID(), secret = SANDBOX_SECRETS.webhookSecret) {
      const body = JSON.stringify({ entity: "event", event, payload });
      return handleRazorpayWebhook(deps, body, await webhookSignature(secret, body), eventId);
    },
    captured: (orderId: string, paymentId: string, amount = 50000, currency = "INR") => ({
      payment: { entity: { id: paymentId, order_id: orderId, amount, currency, status: "captured" } },
    }),
    /** A shopper with these lines in the cart, checked out: the pending order and its gateway order. */
    async paidSetup(email: string, lines = [{ productId: 1, quantity: 1 }]) {
      const userId = await world.newUser(email);
      for (const l of lines)
        await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, ?, ?)").bind(userId, l.productId, l.quantity).run();
      const order = await createShopOrder(deps, { user: { id: userId }, lines, shipping: world.shipping, delivery: world.delivery, now: world.now });
      const started = await startAdvancePayment(deps, order);
      return { userId, order, started };
    },
  };
  beforeEach(async () => {
    world.now += 24 * 60 * 60_000;
    await env.DB.batch([
      // Earlier tests' holds must not be released into this test's stock.
      env.DB.prepare("UPDATE orders SET status = 'payment_expired', stock_held = 0 WHERE status = 'payment_pending'"),
      env.DB.prepare("DELETE FROM cart_items"),
      env.DB.prepare("DELETE FROM notifications"),
      env.DB.prepare("DELETE FROM mail_outbox"),
      env.DB.prepare(
        "INSERT INTO products (id, slug, name, description, price_paise, image, category, max_qty) VALUES (1, 'fish', 'Fresh Pulasa Fish', 'd', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT (id) DO NOTHING",
      ),
      env.DB.prepare(
        "INSERT INTO products (id, slug, name, description, price_paise, image, category, max_qty) VALUES (2, 'curry', 'Pulasa Curry', 'd', 2580000, 'pulasa-curry', 'Curry', 50) ON CONFLICT (id) DO NOTHING",
      ),
    ]);
    world.delivery = await plannedDelivery([], world.now);
    // A test before may have planned this date already (near midnight IST two days' windows meet): this test's
    // catch is set afresh either way.
    await env.DB.prepare(
      "INSERT INTO catch_days (product_id, delivery_date, quantity) VALUES (1, ?1, 3), (2, ?1, 30) ON CONFLICT DO UPDATE SET quantity = excluded.quantity",
    )
      .bind(world.delivery.date)
      .run();
  });
  return world;
}

/** The checkout page's data for a cart with lines (an empty cart's page has none to read). */
export async function filledCheckout(args: LoaderFunctionArgs) {
  const page = await checkoutLoader(args);
  if ("empty" in page) throw new Error("the checkout found the cart empty");
  return page;
}
