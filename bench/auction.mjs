// `npm run bench:auction`: the real bid path (store origin → auction Worker → the auction's Durable Object)
// under 50 concurrent bidders, taking turns in rounds with a trivial object that only appends a row behind the
// same service binding; then the p99 delay of broadcasts to 100, 300 and 1,000 WebSocket watchers of each.
// Runs the built store as `npm start` does, on a fresh local database (needs `npx remix vite:build`).
import { createHash, randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createCookie } from "@remix-run/cloudflare";
import { applyMigrations, openLocalD1, serve, stop } from "../scripts/lib/local.mjs";

const PERSIST = ".wrangler/bench-auction";
const PORT = Number(process.env.BENCH_PORT || 8833);
const BASE = `http://localhost:${PORT}`;
const BIDDERS = 50;
const DURATION_MS = Number(process.env.BENCH_SECONDS || 12) * 1000;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

rmSync(PERSIST, { recursive: true, force: true });
applyMigrations(PERSIST);
const now = Date.now();
const cookie = createCookie("__session", { secrets: ["local-development-only-secret-do-not-use-in-production"] });
const statements = [];
const cookies = [];
for (let i = 1; i <= BIDDERS + 1; i++) {
  const token = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(token).digest("base64url");
  statements.push(
    `INSERT INTO users (id, name, email, email_verified_at, is_admin) VALUES (${i}, 'Bidder ${i} Bench', 'bench${i}@example.in', ${now}, ${i === 1 ? 1 : 0})`,
  );
  statements.push(`INSERT INTO sessions (id, user_id, purpose, expires_at) VALUES ('${hash}', ${i}, 'session', ${now + 3_600_000})`);
  cookies.push((await cookie.serialize(token)).split(";")[0]);
}
const d1 = await openLocalD1(PERSIST);
await d1.db.batch(statements.map((statement) => d1.db.prepare(statement)));
await d1.dispose();

// The store and the bench's auction Worker (the real one plus the trivial object) served as `npm start` serves them.
const { child } = await serve({
  persistTo: PERSIST,
  port: PORT,
  auctionConfig: "bench/auction.wrangler.toml",
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => stop(child));

const post = (path, body, who) =>
  fetch(`${BASE}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: BASE, Cookie: who ?? "" }, body: JSON.stringify(body) });

const created = await (
  await post(
    "/api/auction",
    { title: "Bench lot", description: "A lot for the benchmark.", starting_price: 100, min_increment: 1, end_time_ms: Date.now() + 3_600_000 },
    cookies[0],
  )
).json();
if (!created.success) throw new Error(`create failed: ${created.error}`);
const auctionId = created.auction.id;

/** 50 bidders, each sending its next request as soon as the last one answers, for `ms`. */
async function load(send, ms) {
  const latencies = [];
  let accepted = 0;
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: BIDDERS }, async (_, b) => {
      while (Date.now() < until) {
        const t = performance.now();
        const ok = await send(b);
        latencies.push(performance.now() - t);
        if (ok) accepted++;
      }
    }),
  );
  return { latencies, accepted };
}

let price = 100;
const realBid = async (b) => {
  const res = await post("/api/bids", { auction_id: auctionId, amount: price + 1 + (b % 5) }, cookies[b + 1]);
  const body = await res.json();
  if (body.success) price = Math.max(price, body.auction.current_price);
  return body.success === true;
};
const trivialAppend = async (b) => (await (await post(`/api/auction/bench/bench/append`, { bidder: b }, cookies[b + 1])).json()).success === true;

// The two paths take turns in short rounds, so a slower or busier stretch of the machine weighs on both alike.
const ROUNDS = 4;
const totals = { real: { latencies: [], accepted: 0 }, trivial: { latencies: [], accepted: 0 } };
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, send] of [
    ["real", realBid],
    ["trivial", trivialAppend],
  ]) {
    const r = await load(send, DURATION_MS / ROUNDS);
    totals[name].latencies.push(...r.latencies);
    totals[name].accepted += r.accepted;
  }
}
const summary = ({ latencies, accepted }) => ({
  perSecond: latencies.length / (DURATION_MS / 1000),
  acceptedPerSecond: accepted / (DURATION_MS / 1000),
  p50: pct(latencies, 50),
  p99: pct(latencies, 99),
});
const real = summary(totals.real);
const trivial = summary(totals.trivial);

/**
 * n open watchers of one path; `time(trigger)` measures how long one broadcast takes to reach each of them, or
 * answers null at once when the trigger answers false (a refused bid, which broadcasts nothing).
 */
async function watchers(n, watchPath) {
  const sockets = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(`ws://localhost:${PORT}${watchPath}`);
          ws.addEventListener("open", () => resolve(ws));
          ws.addEventListener("error", reject);
        }),
    ),
  );
  let onMessage = () => {};
  for (const ws of sockets) ws.addEventListener("message", (event) => onMessage(event));
  return {
    async time(trigger) {
      const delays = [];
      let bytes = 0;
      const t0 = performance.now();
      const done = new Promise((resolve) => {
        onMessage = (event) => {
          delays.push(performance.now() - t0);
          bytes += Buffer.byteLength(String(event.data));
          if (delays.length === n) resolve();
        };
      });
      if ((await trigger()) === false) {
        onMessage = () => {};
        return null;
      }
      await Promise.race([done, new Promise((r) => setTimeout(r, 20_000))]);
      onMessage = () => {};
      // Also from the first delivery: the fan-out itself, without the request that caused the change.
      const first = Math.min(...delays);
      return { delays, spread: delays.map((d) => d - first), bytes };
    },
    close: () => sockets.forEach((ws) => ws.close()),
  };
}

// A bid that the rules refuse (the leader again, or a bidder within a second of their last bid) broadcasts
// nothing, so the bidder of each broadcast is picked before its clock starts: the one whose last accepted bid
// is the oldest, after waiting (untimed) for that second to pass if every bidder has bid within it. Every bidder
// has just bid in the load above, and the leader it left is not known, so the first broadcast bid may be refused.
const lastBidAt = new Array(BIDDERS).fill(Date.now());
let leader = -1;
let refused = 0;
async function nextBidder() {
  let who = -1;
  for (let b = 0; b < BIDDERS; b++) if (b !== leader && (who < 0 || lastBidAt[b] < lastBidAt[who])) who = b;
  const wait = lastBidAt[who] + 1_050 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return who;
}
const realBroadcast = (who) => async () => {
  const body = await (await post("/api/bids", { auction_id: auctionId, amount: price + 1000 }, cookies[1 + who])).json();
  if (!body.success) {
    refused++;
    leader = -1;
    return false;
  }
  price = body.auction.current_price;
  lastBidAt[who] = Date.now();
  leader = who;
};

// Each size: the same number of watchers on both objects, then the broadcasts, taking turns. The p99 over all
// deliveries is nearly the slowest broadcast's, so it takes hundreds of broadcasts to settle: with 40, runs on
// a quiet machine ranged from 0.4× to 3×, and with 200 (the p99 then being the second slowest broadcast's)
// from 0.5× to 1.6× (BROADCASTS overrides).
const BROADCASTS = Number(process.env.BROADCASTS || 600);
const fan = [];
// BENCH_FANOUT: the watcher counts, comma-separated ("0": none).
const sizes = (process.env.BENCH_FANOUT ?? "100,300,1000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
for (const n of sizes) {
  const realWatchers = await watchers(n, `/api/auction/${auctionId}/watch`);
  const trivialWatchers = await watchers(n, `/api/auction/bench/fan${n}/watch`);
  await new Promise((r) => setTimeout(r, 500)); // the initial state messages settle
  const runs = { real: [], trivial: [] };
  for (let i = 0; i < BROADCASTS; i++) {
    let timed = null;
    while (!timed) timed = await realWatchers.time(realBroadcast(await nextBidder()));
    runs.real.push(timed);
    runs.trivial.push(await trivialWatchers.time(() => post(`/api/auction/bench/fan${n}/append`, { n })));
  }
  realWatchers.close();
  trivialWatchers.close();
  const result = (rs) => {
    const delays = rs.flatMap((r) => r.delays);
    return {
      received: delays.length / BROADCASTS,
      // What one watcher is sent per broadcast, on average.
      size: rs.reduce((sum, r) => sum + r.bytes, 0) / Math.max(1, delays.length),
      p99: pct(delays, 99),
      spread: pct(
        rs.flatMap((r) => r.spread),
        99,
      ),
    };
  };
  fan.push({ n, real: result(runs.real), trivial: result(runs.trivial) });
}

const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : String(x));
console.log(
  `\nBid path, ${BIDDERS} concurrent bidders, ${DURATION_MS / 1000} s each in ${ROUNDS} alternating rounds (note: the rules allow 1 accepted bid per second per bidder)`,
);
console.log(`  real auction object : ${f(real.perSecond)} req/s (${f(real.acceptedPerSecond)} accepted bids/s), p50 ${f(real.p50)} ms, p99 ${f(real.p99)} ms`);
console.log(`  trivial object      : ${f(trivial.perSecond)} req/s, p50 ${f(trivial.p50)} ms, p99 ${f(trivial.p99)} ms`);
console.log(`  ratio real/trivial  : ${(real.perSecond / trivial.perSecond).toFixed(2)}×`);
if (refused) console.log(`  ${refused} broadcast bids were refused and sent again by another bidder, untimed`);
console.log(`Broadcast delay, p99 over ${BROADCASTS} broadcasts each: from sending the change to every watcher (from the first delivery)`);
for (const { n, real: r, trivial: t } of fan) {
  console.log(
    `  ${String(n).padStart(4)} watchers: real ${f(r.p99)} ms (${f(r.spread)}) ${r.received}/${n} ${Math.round(r.size)} B, trivial ${f(t.p99)} ms (${f(t.spread)}) ${t.received}/${n} ${Math.round(t.size)} B, ratio ${(r.p99 / t.p99).toFixed(2)}× (${(r.spread / t.spread).toFixed(2)}×)`,
  );
}
stop(child);
process.exit(0);
