import type { BrowserContext, Page } from "playwright-core";
import type { Variant } from "./browser";
import { freshId } from "./local-db";

type Sql = (query: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;
type Open = (
  variant: Variant,
  options?: { cookies?: { name: string; value: string }[] },
) => Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }>;

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** A made-up order number of the store's shape (for orders a test writes in the database). */
export const orderNumber = () => `PUL-2611-${Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("")}`;

/** The ids the audited pages' paths name ({order}, {delivered}, ...), known once the world is made. */
export type World = Record<
  "order" | "asked" | "delivered" | "claimed" | "claim" | "address" | "won" | "wonOrder" | "season" | "seasonId" | "prebooked" | "today",
  string
>;

/** `/orders/{order}` with the world's order number in it. */
export const pathIn = (path: string, world: Partial<World>) => path.replace(/\{(\w+)\}/g, (_, key: keyof World) => world[key] ?? `{${key}}`);

/**
 * The shopper's world, so every page shows what a real shopper's does: a paid order (My Orders, the admin's
 * order page), an order weighed above the price limit its shopper agreed to (their accept or decline), an order
 * delivered just now (its claim page) and one with an open claim (the admin's claim page),
 * a saved address (the checkout's choice, the profile and its edit page), a mail with a long unbroken link
 * (the outbox), an auction the shopper won (the pay link on its page, and the won lot's pay page), and a fish of its
 * own open for the season with no catch, which the shopper has pre-booked (its card, booking page and queue place).
 */
export async function makeWorld(sql: Sql, open: Open, shopper: { email: string }, cookies: { name: string; value: string }[]) {
  const world: Partial<World> = {
    order: orderNumber(),
    asked: orderNumber(),
    delivered: orderNumber(),
    claimed: orderNumber(),
    season: `season-layout-${Math.random().toString(36).slice(2, 8)}`,
    prebooked: orderNumber(),
  };
  const wonId = freshId();
  world.won = String(wonId);
  // An auction ending in 35 s, bid on first (its close comes while the rest is set up).
  const now = Date.now();
  await sql(`INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise)
     VALUES (${wonId}, 'Layout Pulasa lot', 'A fresh Godavari Pulasa for the layout audit.', 100000, 100000, ${now + 35_000}, ${now + 35_000}, 'active', 0, 'Godavari Pulasa', 10000)`);
  const bidder = await open({ javaScript: false, viewport: "desktop" }, { cookies });
  await bidder.page.goto(`/auctions/${wonId}`);
  await bidder.page.getByLabel("Your bid (₹)").fill("1000");
  await bidder.page.getByRole("button", { name: "Place Bid" }).click();
  await bidder.page.waitForLoadState("load");
  await bidder.close();

  const user = `(SELECT id FROM users WHERE email = '${shopper.email}')`;
  const order = (number: string, status: string, paymentState: string) =>
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, final_total_paise, first_name, last_name, phone, address, city, state, zip, stock_held, paid_at)
     SELECT '${number}', id, '${status}', '${paymentState}', 2500000, 50000, ${status === "order_delivered" ? 2500000 : "NULL"}, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', 1, ${now} FROM users WHERE email = '${shopper.email}';
     INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.name_te, p.image, p.price_paise, 1 FROM orders o, products p WHERE o.number = '${number}' AND p.slug = 'fresh-fish';`;
  const delivered = (number: string) =>
    `INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) SELECT id, 'status', 'order_shipped', 'order_delivered', ${now} FROM orders WHERE number = '${number}';`;
  // Weighed at ₹31,000 against a limit of ₹30,000 (the estimate plus 20%): the answer is awaited for 12 hours.
  const asked = `UPDATE orders SET final_total_paise = 3100000, ceiling_percent = 20, ceiling_paise = 3000000, price_answer = 'awaiting', answer_due_at = ${now + 12 * 3_600_000} WHERE number = '${world.asked}';
     UPDATE order_items SET weight_grams = 1240, final_paise = 3100000 WHERE order_id = (SELECT id FROM orders WHERE number = '${world.asked}');
     INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) SELECT id, 'weight', NULL, '₹31,000', ${now} FROM orders WHERE number = '${world.asked}';
     INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, created_at, updated_at) SELECT id, 'capture', 'advance', 'pay_LAYOUTASKED01', 'sandbox', 50000, 'done', ${now}, ${now} FROM orders WHERE number = '${world.asked}';`;
  await sql(`${order(world.order!, "order_raised", "advance_paid")}
     ${order(world.asked!, "order_confirmed", "advance_paid")}
     ${asked}
     ${order(world.delivered!, "order_delivered", "balance_paid")}
     ${delivered(world.delivered!)}
     ${order(world.claimed!, "order_delivered", "balance_paid")}
     ${delivered(world.claimed!)}
     INSERT INTO claims (order_id, user_id, kind, description, status, created_at) SELECT id, user_id, 'transit_damage', 'The box came open and the fish was crushed at the head.', 'open', ${now} FROM orders WHERE number = '${world.claimed}';
     INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at)
     SELECT id, 'layout', 'Asha', 'Rani Devi', '9876543210', '12-4 Main Road, Innespeta', 'Rajahmundry', 'Andhra Pradesh', '533101', ${now} FROM users WHERE email = '${shopper.email}';`);
  // A fish of its own (no catch, so its queue takes nothing from the others), open for 30 days, pre-booked by the shopper.
  const day = (n: number) => new Date(now + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
  await sql(`INSERT INTO products (slug, name, name_te, description, price_paise, image, category, unit, min_qty, max_qty, sort_order, season_until)
     VALUES ('${world.season}', 'Season Pulasa', 'సీజన్ పులస', 'From the Godavari, booked for the season.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 5, 9999, '${day(30)}');
     INSERT INTO orders (number, user_id, status, payment_state, source, estimated_total_paise, advance_paise, ceiling_percent, ceiling_paise, first_name, last_name, phone, address, city, state, zip, latest_date, paid_at)
     SELECT '${world.prebooked}', id, 'prebooked', 'advance_paid', 'season', 5000000, 50000, 20, 6000000, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', '${day(20)}', ${now} FROM users WHERE email = '${shopper.email}';
     INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.name_te, p.image, p.price_paise, 2 FROM orders o, products p WHERE o.number = '${world.prebooked}' AND p.slug = '${world.season}';
     INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, created_at, updated_at) SELECT id, 'capture', 'advance', 'pay_LAYOUTSEASON1', 'sandbox', 50000, 'done', ${now}, ${now} FROM orders WHERE number = '${world.prebooked}';`);
  world.today = day(0);
  world.seasonId = String((await sql(`SELECT id FROM products WHERE slug = '${world.season}'`))[0].id);
  world.claim = String((await sql(`SELECT c.id FROM claims c JOIN orders o ON o.id = c.order_id WHERE o.number = '${world.claimed}'`))[0].id);
  world.address = String((await sql(`SELECT id FROM saved_addresses WHERE user_id = ${user}`))[0].id);
  await sql(
    `INSERT INTO mail_outbox ("to", subject, body, created_at) VALUES (?, ?, ?, ?)`,
    shopper.email,
    "Pay the balance",
    `Pay here: http://localhost:8787/pay/${"x".repeat(80)}`,
    now,
  );
  // The auction's alarm closes it and makes the winner's order (expect.poll is for tests, not their set-up).
  for (let waited = 0; !world.wonOrder; waited += 1_000) {
    if (waited > 60_000) throw new Error(`auction ${wonId} made no order for its winner`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const row = (await sql(`SELECT number FROM orders WHERE auction_id = ${wonId}`))[0];
    if (row) world.wonOrder = String(row.number);
  }
  return world as World;
}
