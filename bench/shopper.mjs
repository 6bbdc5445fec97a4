// A signed-in shopper for the benchmarks: a verified account with a live session, two cart lines, three paid
// orders and two unread notices, written straight into the local database before the store starts.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/cloudflare";
import { executeSql } from "../scripts/lib/local.mjs";

// The secret the local store signs with when none is configured (app/config.server.ts).
const DEVELOPMENT_SECRET = "local-development-only-secret-do-not-use-in-production";

/** Adds the shopper to the database in `persistTo`; returns the Cookie header of their session. */
export async function addShopper(persistTo) {
  const token = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(token).digest("base64url");
  const now = Date.now();
  const product = (n) => `(SELECT id FROM products WHERE hidden = 0 ORDER BY sort_order, id LIMIT 1 OFFSET ${n})`;
  const user = "(SELECT id FROM users WHERE email = 'bench.shopper@example.in')";
  const order = (n) => `(SELECT id FROM orders WHERE number = 'PUL-9000-BEN${n + 1}')`;
  const statements = [
    `INSERT INTO users (name, email, email_verified_at, is_admin) VALUES ('Lakshmi Bench', 'bench.shopper@example.in', ${now}, 0)`,
    `INSERT INTO sessions (id, user_id, purpose, expires_at) VALUES ('${hash}', ${user}, 'session', ${now + 3_600_000})`,
    `INSERT INTO cart_items (user_id, product_id, quantity) VALUES (${user}, ${product(0)}, 2), (${user}, ${product(1)}, 1)`,
    `INSERT INTO notifications (user_id, type, title, message) VALUES (${user}, 'note', 'Fresh catch', 'The morning catch is in.'), (${user}, 'note', 'Delivery', 'Your order is on its way.')`,
  ];
  for (const n of [1, 2, 3]) {
    statements.push(
      `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, paid_at, created_at)
       VALUES ('PUL-9000-BEN${n + 1}', ${user}, '${n === 1 ? "order_raised" : "order_delivered"}', 'advance_paid', 3000000, 50000, 'Lakshmi', 'Bench', '+919000000000', '1-2 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', '2026-0${n}-1${n}', 'morning', ${now - n * 86_400_000}, ${now - n * 86_400_000})`,
      `INSERT INTO order_items (order_id, product_id, name, image, price_paise, unit, quantity) SELECT ${order(n)}, id, name, image, price_paise, unit, min_qty FROM products WHERE id IN (${product(0)}, ${product(n)})`,
      `INSERT INTO payments (order_id, kind, provider, provider_ref, payment_id, amount_paise, status) VALUES (${order(n)}, 'advance', 'sandbox', 'order_bench_${n}', 'pay_bench_${n}', 50000, 'paid')`,
      `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state) VALUES (${order(n)}, 'capture', 'advance', 'pay_bench_${n}', 'sandbox', 50000, 'done')`,
    );
  }
  const dir = path.join(persistTo, "bench-sql");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "shopper.sql");
  writeFileSync(file, statements.map((s) => `${s};`).join("\n") + "\n");
  executeSql(persistTo, file);
  const cookie = createCookie("__session", { secrets: [DEVELOPMENT_SECRET] });
  return (await cookie.serialize(token)).split(";")[0];
}
