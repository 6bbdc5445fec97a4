import { orderNumber } from "./layout-world";
import { freshId } from "./local-db";

type Sql = (query: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;

/** A lot the shopper won, waiting for its ₹500 and for the city, state and pincode (made in the database); its number. */
export async function wonLot(sql: Sql, email: string): Promise<string> {
  const number = orderNumber();
  const auctionId = freshId();
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, source, auction_id, estimated_total_paise, final_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, reserved_until, stock_held, created_at, updated_at)
     SELECT ?, id, 'payment_pending', 'advance_due', 'auction', ${auctionId}, 1000000, 1000000, 50000, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road, Innespeta', '', '', '', ${Date.now() + 86_400_000}, 0, ${Date.now()}, ${Date.now()} FROM users WHERE email = ?`,
    number,
    email,
  );
  await sql(
    "INSERT INTO order_items (order_id, product_id, name, name_te, price_paise, quantity, final_paise) SELECT id, NULL, 'Royal Pulasa – 2 kg', 'రాజ పులస – 2 కిలోలు', 1000000, 1, 1000000 FROM orders WHERE number = ?",
    number,
  );
  return number;
}

/** An order of one fresh fish delivered to the shopper just now, so a problem can still be reported (made in the database); its number. */
export async function deliveredOrder(sql: Sql, email: string): Promise<string> {
  const number = orderNumber();
  const now = Date.now();
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, final_total_paise, first_name, last_name, phone, address, city, state, zip, stock_held, paid_at)
     SELECT ?, id, 'order_delivered', 'balance_paid', 2500000, 50000, 2500000, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', 1, ${now} FROM users WHERE email = ?`,
    number,
    email,
  );
  await sql(
    "INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.name_te, p.image, p.price_paise, 1 FROM orders o, products p WHERE o.number = ? AND p.slug = 'fresh-fish'",
    number,
  );
  await sql(
    `INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) SELECT id, 'status', 'order_shipped', 'order_delivered', ${now} FROM orders WHERE number = ?`,
    number,
  );
  return number;
}
