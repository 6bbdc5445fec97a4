// The load bench's three crowds: anonymous visitors reading the public pages, signed-in shoppers buying one fish at a
// time (the checkout form, then Pay on the sandbox gateway's page), and bidders on one live auction who also watch
// it over a WebSocket. Each runs until `until` (a Date.now() value) and records every request in the Recorder.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { Visitor } from "./load-client.mjs";

const PASSWORD = "load-bench-password-2026";

/**
 * Stock and delivery capacity for every order shoppers can place (a bench measures the store, not sell-outs);
 * the id of the fish they buy.
 */
export async function unlimitedFish(d1) {
  await d1.query("UPDATE catch_days SET quantity = 1000000");
  await d1.query("UPDATE delivery_slots SET capacity = 1000000");
  const [fish] = await d1.query("SELECT id FROM products WHERE slug = 'fresh-fish'");
  return Number(fish.id);
}

/** Accounts made directly in D1 (verified, with a password), then signed in through the login form. */
export async function makeAccounts(d1, prefix, count) {
  const salt = randomBytes(16);
  const hash = `pbkdf2$100000$${salt.toString("base64url")}$${pbkdf2Sync(PASSWORD, salt, 100_000, 32, "sha256").toString("base64url")}`;
  const now = Date.now();
  const emails = Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}@example.in`);
  await d1.db.batch(
    emails.map((email, i) =>
      d1.db
        .prepare("INSERT INTO users (name, email, password_hash, email_verified_at, is_admin) VALUES (?, ?, ?, ?, 0)")
        .bind(`Load ${prefix} ${i + 1}`, email, hash, now),
    ),
  );
  const rows = await d1.query(`SELECT id, email FROM users WHERE email LIKE ?`, `${prefix}.%@example.in`);
  return rows.map((r) => ({ id: Number(r.id), email: String(r.email) }));
}

/** Signs each account in (a few at a time: the password hash is deliberately slow); a Visitor per account. */
export async function signIn(base, recorder, accounts) {
  const visitors = [];
  for (let i = 0; i < accounts.length; i += 10) {
    const batch = accounts.slice(i, i + 10).map(async (account) => {
      const visitor = new Visitor(base, recorder);
      const res = await visitor.request("POST /login", "/login", { form: { email: account.email, password: PASSWORD, redirectTo: "/" }, expect: [302] });
      if (!visitor.cookies.has("__session")) throw new Error(`could not sign in ${account.email}: ${res?.status} ${res?.text.slice(0, 200)}`);
      return Object.assign(visitor, { account });
    });
    visitors.push(...(await Promise.all(batch)));
  }
  return visitors;
}

/** Public pages, in the order a visitor reads them; each visitor starts at a different one. */
export async function browse(base, recorder, pages, until, index) {
  const visitor = new Visitor(base, recorder);
  for (let i = index; Date.now() < until; i++) {
    const [route, path] = pages[i % pages.length];
    await visitor.request(route, path);
  }
}

const SHIPPING = {
  firstName: "Asha",
  lastName: "Rani Devi",
  phone: "9876543210",
  address: "12-4 Main Road, Innespeta",
  city: "Rajahmundry",
  state: "Andhra Pradesh",
  zip: "533101",
};

/**
 * One shopper's loop: the shop, one fish into the cart, the checkout with the earliest open delivery, Pay on the
 * sandbox's page, back to the order. Every order the store showed as paid is added to `paid`.
 */
export async function shop(shopper, productId, until, paid, refused) {
  while (Date.now() < until) {
    await shopper.request("GET /products (signed in)", "/products");
    const added = await shopper.request("POST /cart/add", "/cart/add", { form: { productId: String(productId) }, expect: [303] });
    if (added?.status !== 303) continue;
    const page = await shopper.request("GET /checkout", "/checkout");
    // The earliest delivery date and slot still open (a full or past one is a disabled radio).
    const choice = page?.text.match(/<input(?![^>]*disabled)[^>]*name="delivery"[^>]*value="([^"]+)"/)?.[1];
    if (!choice) continue;
    const checkout = await shopper.request("POST /checkout", "/checkout", { form: { ...SHIPPING, delivery: choice }, expect: [303] });
    if (checkout?.status === 409) refused.count++;
    // Without JavaScript the advance is paid on the gateway's payment link page (the sandbox's checkout page serves
    // Checkout's hosted form); either is paid the same way.
    const target = checkout?.location ? new URL(checkout.location, shopper.base) : null;
    const kind = target?.pathname.match(/^\/sandbox\/(checkout|link)\/[\w-]+$/)?.[1];
    if (!kind) continue;
    const gateway = target.pathname + target.search;
    await shopper.request(`GET /sandbox/${kind}/:id`, gateway);
    const pay = await shopper.request(`POST /sandbox/${kind}/:id`, gateway, { form: { decision: "pay" }, expect: [303] });
    const callback = pay?.location && new URL(pay.location, shopper.base);
    if (!callback) continue;
    const back = await shopper.request("GET /orders/:number/callback", callback.pathname + callback.search, { expect: [302, 303] });
    const number = back?.location?.match(/\/orders\/(PUL-[\w-]+)$/)?.[1];
    if (!number) continue;
    const order = await shopper.request("GET /orders/:number", `/orders/${number}`);
    if (order?.status === 200) paid.push(number);
  }
}

/**
 * One bidder: watches the auction over a WebSocket (each broadcast tells the next minimum) and bids about once a
 * second, at the minimum or a few steps above it. Every bid the store accepted is added to `accepted`.
 */
export async function bid(bidder, auctionId, until, accepted, sockets) {
  let minimum = 0;
  let increment = 0;
  const ws = new WebSocket(`${bidder.base.replace(/^http/, "ws")}/api/auction/${auctionId}/watch`);
  const opened = performance.now();
  ws.addEventListener("open", () => bidder.recorder.add("WS /api/auction/:id/watch (open)", performance.now() - opened, 101));
  ws.addEventListener("message", (event) => {
    sockets.messages++;
    // The whole auction on connecting, then only what each bid changed (the increment never changes).
    const auction = JSON.parse(String(event.data)).auction;
    if (!auction) return;
    minimum = Math.max(minimum, auction.min_next_bid);
    increment = auction.min_increment ?? increment;
  });
  ws.addEventListener("error", () => sockets.errors++);
  ws.addEventListener("close", () => Date.now() < until && sockets.closedEarly++);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1_000 + Math.random() * 500));
    if (!minimum || Date.now() >= until) continue;
    // Steps above the minimum spread the bidders' amounts, so that several bids of one moment can stand in turn.
    const step = Math.floor(Math.random() * 10);
    const amount = minimum + step * increment;
    const res = await bidder.request("POST /api/bids", "/api/bids", { json: { auction_id: auctionId, amount }, expect: [200, 400, 409, 429], read: "json" });
    if (res?.json?.success) {
      accepted.push({ userId: bidder.account.id, amountPaise: amount * 100 });
      minimum = Math.max(minimum, res.json.auction.min_next_bid);
    }
  }
  ws.close();
}
