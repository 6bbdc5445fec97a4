// The load benches' people: anonymous visitors reading the public pages, signed-in shoppers buying one fish at a
// time (the checkout form, then Pay on the sandbox gateway's page), bidders on a live auction who also watch it over
// a WebSocket, and the admin who weighs, ships and delivers paid orders. Each step records every request in its
// visitor's Recorder; the loops run until `until` (a Date.now() value).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { openLocalD1 } from "../scripts/lib/local.mjs";
import { keepAliveShorterThanServer, Recorder, Visitor } from "./load-client.mjs";
import { withBuiltStore } from "./serve-built.mjs";

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

/** The development admin the seed makes (local only). */
export const SEEDED_ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };

/**
 * Signs each account in (a few at a time: the password hash is deliberately slow); a Visitor per account. An
 * account without its own password has the one makeAccounts gives.
 * @param {string} base @param {import("./load-client.mjs").Recorder} recorder @param {{ email: string, password?: string }[]} accounts
 */
export async function signIn(base, recorder, accounts) {
  const visitors = [];
  for (let i = 0; i < accounts.length; i += 10) {
    const batch = accounts.slice(i, i + 10).map(async (account) => {
      const visitor = new Visitor(base, recorder);
      const res = await visitor.request("POST /login", "/login", {
        form: { email: account.email, password: account.password ?? PASSWORD, redirectTo: "/" },
        expect: [302],
      });
      if (!visitor.cookies.has("__session")) throw new Error(`could not sign in ${account.email}: ${res?.status} ${res?.text.slice(0, 200)}`);
      return Object.assign(visitor, { account });
    });
    visitors.push(...(await Promise.all(batch)));
  }
  return visitors;
}

/** The public pages a visitor reads ([route, path]), with the live auction's page among them. */
export const publicPages = (auctionId) => [
  ["GET /", "/"],
  ["GET /products", "/products"],
  ["GET /products/:slug", "/products/fresh-fish"],
  ["GET /auctions", "/auctions"],
  ["GET /auctions/:id", `/auctions/${auctionId}`],
  ["GET /te", "/te"],
  ["GET /blogs/:id", "/blogs/1"],
];

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

/** One shopper's loop: one fish bought after another (buyOne). */
export async function shop(shopper, productId, until, paid, refused) {
  while (Date.now() < until) await buyOne(shopper, productId, paid, refused);
}

/**
 * One purchase: the shop, one fish into the cart, the checkout with the earliest open delivery, Pay on the sandbox's
 * page, back to the order. An order the store showed as paid is added to `paid`; resolves with its number (or null).
 */
export async function buyOne(shopper, productId, paid, refused) {
  await shopper.request("GET /products (signed in)", "/products");
  const added = await shopper.request("POST /cart/add", "/cart/add", { form: { productId: String(productId) }, expect: [303] });
  if (added?.status !== 303) return null;
  const page = await shopper.request("GET /checkout", "/checkout");
  // The earliest delivery date and slot still open (a full or past one is a disabled radio).
  const choice = page?.text.match(/<input(?![^>]*disabled)[^>]*name="delivery"[^>]*value="([^"]+)"/)?.[1];
  if (!choice) return null;
  const checkout = await shopper.request("POST /checkout", "/checkout", { form: { ...SHIPPING, delivery: choice }, expect: [303] });
  if (checkout?.status === 409) refused.count++;
  // Without JavaScript the advance is paid on the gateway's payment link page (the sandbox's checkout page serves
  // Checkout's hosted form); either is paid the same way.
  const target = checkout?.location ? new URL(checkout.location, shopper.base) : null;
  const kind = target?.pathname.match(/^\/sandbox\/(checkout|link)\/[\w-]+$/)?.[1];
  if (!kind) return null;
  const number = await payOnSandbox(shopper, kind, target.pathname + target.search);
  if (number) paid.push(number);
  return number;
}

/**
 * Pay pressed on the sandbox's checkout or link page, then its return to the store followed to the order's page;
 * resolves with the order's number once that page answers, or null.
 */
async function payOnSandbox(shopper, kind, gateway) {
  await shopper.request(`GET /sandbox/${kind}/:id`, gateway);
  const pay = await shopper.request(`POST /sandbox/${kind}/:id`, gateway, { form: { decision: "pay" }, expect: [303] });
  const callback = pay?.location && new URL(pay.location, shopper.base);
  if (!callback) return null;
  const back = await shopper.request("GET /orders/:number/callback", callback.pathname + callback.search, { expect: [302, 303] });
  const number = back?.location?.match(/\/orders\/(PUL-[\w-]+)$/)?.[1];
  if (!number) return null;
  const order = await shopper.request("GET /orders/:number", `/orders/${number}`);
  return order?.status === 200 ? number : null;
}

/**
 * One bidder's loop: watches the auction (watchAuction) and bids about once a second (placeBid) until `until`.
 */
export async function bid(bidder, auctionId, until, accepted, sockets) {
  const watch = watchAuction(bidder, auctionId, sockets);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1_000 + Math.random() * 500));
    if (Date.now() < until) await placeBid(bidder, watch, accepted);
  }
  watch.close();
}

/**
 * A bidder watching an auction over a WebSocket: each broadcast tells the next minimum. A socket that errs or closes
 * before `close()` is counted in `sockets`.
 * @returns {{ auctionId: number, minimum: number, increment: number, ws: WebSocket, close(): void }}
 */
export function watchAuction(bidder, auctionId, sockets) {
  const ws = new WebSocket(`${bidder.base.replace(/^http/, "ws")}/api/auction/${auctionId}/watch`);
  const watch = {
    auctionId,
    minimum: 0,
    increment: 0,
    ws,
    closing: false,
    close() {
      watch.closing = true;
      ws.close();
    },
  };
  const opened = performance.now();
  ws.addEventListener("open", () => bidder.recorder.add("WS /api/auction/:id/watch (open)", performance.now() - opened, 101));
  ws.addEventListener("message", (event) => {
    sockets.messages++;
    // The whole auction on connecting, then only what each bid changed (the increment never changes).
    const auction = JSON.parse(String(event.data)).auction;
    if (!auction) return;
    if (auction.min_next_bid !== undefined) watch.minimum = Math.max(watch.minimum, auction.min_next_bid);
    watch.increment = auction.min_increment ?? watch.increment;
  });
  ws.addEventListener("error", () => sockets.errors++);
  ws.addEventListener("close", () => !watch.closing && sockets.closedEarly++);
  return watch;
}

/**
 * One bid at the minimum the bidder last saw or a few steps above it (none before the first broadcast). Every bid
 * the store accepted is added to `accepted`.
 */
export async function placeBid(bidder, watch, accepted) {
  if (!watch.minimum) return;
  // Steps above the minimum spread the bidders' amounts, so that several bids of one moment can stand in turn.
  const step = Math.floor(Math.random() * 10);
  const amount = watch.minimum + step * watch.increment;
  const body = { auction_id: watch.auctionId, amount };
  const res = await bidder.request("POST /api/bids", "/api/bids", { json: body, expect: [200, 400, 409, 429], read: "json" });
  if (res?.json?.success) {
    accepted.push({ auctionId: watch.auctionId, userId: bidder.account.id, amountPaise: amount * 100 });
    watch.minimum = Math.max(watch.minimum, res.json.auction.min_next_bid);
  }
}

/**
 * A new auction made by the admin through the JSON API, live from now until `endsAt` (a Date.now() value); its id.
 * @param {Visitor} admin signed in as an admin
 */
export async function createAuction(admin, endsAt) {
  const res = await admin.request("POST /api/auction", "/api/auction", {
    json: { title: "Soak Pulasa 2 kg", description: "A large Godavari fish for the soak bench.", starting_price: 1000, end_time_ms: endsAt },
    expect: [201],
    read: "json",
  });
  const id = res?.json?.auction?.id;
  if (!id) throw new Error(`could not create an auction: ${res?.status} ${res?.text.slice(0, 200)}`);
  return Number(id);
}

/** The photo of the fish on the scale every weighing sends (a real PNG, checked by its bytes like a phone's). */
const SCALE_PHOTO = readFileSync("public/media/icon-192.png");

/**
 * The admin's work on one paid order, as the admin dashboard's forms post it: the dashboard, the order's page, the
 * weighing (each fish line at 0.9 to 1.1 kg, its landing and a photo on the scale: the final price is about the
 * estimate, so a balance is due and the shopper's ceiling is not reached), then the balance, either as a payment link
 * the shopper pays on the sandbox's page (`balance: "link"`) or as cash on delivery ("cash"), then Packed, Shipped
 * and Delivered. Each post is followed to the page it redirects to, whose forms carry the next version. Resolves with
 * the order's state after the last step that went through, for the caller to find in the database.
 * @param {Visitor} admin @param {Visitor} shopper the order's owner @param {string} number @param {"link" | "cash"} balance
 */
export async function fulfil(admin, shopper, number, balance) {
  const state = { status: "order_raised", paymentState: "advance_paid", weighed: false };
  const here = `/admin-dashboard/orders/${number}`;
  await admin.request("GET /admin-dashboard", "/admin-dashboard");
  let page = await admin.request("GET /admin-dashboard/orders/:number", here);
  /** One of the page's forms posted with the version it shows (with files: as multipart), then the page read again. */
  const post = async (route, fields, files = []) => {
    const version = page?.text.match(/name="version" value="(\d+)"/)?.[1];
    if (!version) return false;
    let form = { ...fields, version };
    if (files.length) {
      const multipart = new FormData();
      for (const [name, value] of Object.entries(form)) multipart.set(name, value);
      for (const [name, blob, filename] of files) multipart.append(name, blob, filename);
      form = multipart;
    }
    const res = await admin.request(route, here, { form, expect: [302] });
    if (res?.status !== 302) return false;
    page = await admin.request("GET /admin-dashboard/orders/:number", here);
    return true;
  };

  const lines = [...(page?.text.matchAll(/name="weight-(\d+)"/g) ?? [])].map((m) => m[1]);
  const weighing = { intent: "weights" };
  const photos = [];
  for (const line of lines) {
    weighing[`weight-${line}`] = String(900 + Math.floor(Math.random() * 201));
    // The landing the form offers first.
    const landing = page.text.match(new RegExp(`<select[^>]*name="landing-${line}"[^>]*>\\s*<option[^>]*value="(\\d+)"`))?.[1];
    if (landing) weighing[`landing-${line}`] = landing;
    photos.push([`photo-${line}`, new Blob([SCALE_PHOTO], { type: "image/png" }), "scale.png"]);
  }
  if (!lines.length || !(await post("POST /admin-dashboard/orders/:number (weigh)", weighing, photos))) return state;
  state.weighed = true;

  if (balance === "cash") {
    if (!(await post("POST /admin-dashboard/orders/:number (cash on delivery)", { intent: "cod" }))) return state;
    state.paymentState = "balance_on_delivery";
  } else {
    if (!(await post("POST /admin-dashboard/orders/:number (request balance)", { intent: "balance" }))) return state;
    state.paymentState = "balance_requested";
    // The shopper pays the link from their order's page ('Pay balance ₹X').
    const theirs = await shopper.request("GET /orders/:number", `/orders/${number}`);
    const href = theirs?.text.match(/href="([^"]*\/sandbox\/link\/[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    const link = href && new URL(href, shopper.base);
    if (!link || !(await payOnSandbox(shopper, "link", link.pathname + link.search))) return state;
    state.paymentState = "balance_paid";
    page = await admin.request("GET /admin-dashboard/orders/:number", here);
  }
  for (const status of ["order_packed", "order_shipped", "order_delivered"]) {
    if (!(await post(`POST /admin-dashboard/orders/:number (${status.replace("order_", "")})`, { intent: "status", status }))) return state;
    state.status = status;
    // Delivered with the balance to collect records the cash.
    if (status === "order_delivered") state.paymentState = "balance_paid";
  }
  return state;
}

/**
 * The built store with `count` signed-in shoppers (their e-mails start with `prefix`) and fish for every order
 * they place: `fn(base, { d1, fishId, recorder, shoppers })`, the local D1 closed after it.
 */
export async function withShoppers(prefix, count, fn) {
  return withBuiltStore(async (base, { persistTo }) => {
    await keepAliveShorterThanServer(base);
    const d1 = await openLocalD1(persistTo);
    try {
      const fishId = await unlimitedFish(d1);
      const recorder = new Recorder();
      const shoppers = await signIn(base, recorder, await makeAccounts(d1, prefix, count));
      return await fn(base, { d1, fishId, recorder, shoppers });
    } finally {
      await d1.dispose();
    }
  });
}
