// `npm run bench:replicas`: the bench:load mix without the bidders (whose bids go to the auction's Durable Object,
// not through a page's D1 session) run against the built store for DURATION seconds (default 20): VISITORS anonymous
// visitors (default 40) reading the public pages and SHOPPERS signed-in shoppers (default 10) each buying one fish
// after another. Every answer says, in development, where its reads started and whether any query went to the
// primary (the `x-d1-reads` header, workers/app.ts); this prints, per route and in total, how many requests a replica
// could answer entirely and how many needed the primary.
// Locally there are no replicas: D1 runs every session on the one local database, so this counts where requests
// WOULD read with replication on, not how fast they are. Needs a build (`npx remix vite:build`); BENCH_PORT picks the
// port (default 8798).
import { browse, publicPages, shop, withShoppers } from "./load-people.mjs";

const SECONDS = Number(process.env.DURATION || 20);
const VISITORS = Number(process.env.VISITORS || 40);
const SHOPPERS = Number(process.env.SHOPPERS || 10);
const PAGES = publicPages(1);

/** Requests by route: where their reads started and whether they reached the primary. */
const tally = new Map();
let counting = false;

/** The route a request belongs to: its method and path with numbers, order numbers and ids made general. */
function routeOf(method, url) {
  const path = new URL(url).pathname
    .replace(/PUL-[A-Z0-9-]+/g, ":number")
    .replace(/\/(order|plink)_[A-Za-z0-9]+/g, "/:id")
    .replace(/\/\d+(?=\/|$)/g, "/:id");
  return `${method} ${path}`;
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init = {}) => {
  const response = await realFetch(input, init);
  const reads = response.headers.get("x-d1-reads");
  if (counting && reads) {
    const route = routeOf(init.method ?? "GET", String(input));
    const row = tally.get(route) ?? { requests: 0, "any-replica": 0, bookmark: 0, primary: 0, toPrimary: 0 };
    const [start, primary] = reads.split(";").map((part) => part.trim());
    row.requests++;
    row[start]++;
    if (primary === "primary=1") row.toPrimary++;
    tally.set(route, row);
  }
  return response;
};

await withShoppers("replicas.shopper", SHOPPERS, async (base, { fishId, recorder, shoppers }) => {
  console.log(`\n${VISITORS} visitors and ${SHOPPERS} shoppers for ${SECONDS} s against ${base}...`);
  counting = true;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all([
    ...Array.from({ length: VISITORS }, (_, i) => browse(base, recorder, PAGES, until, i)),
    ...shoppers.map((s) => shop(s, fishId, until, [], { count: 0 })),
  ]);
  counting = false;
});

const rows = [...tally.entries()].sort((a, b) => b[1].requests - a[1].requests);
const total = { requests: 0, "any-replica": 0, bookmark: 0, primary: 0, toPrimary: 0 };
for (const [, row] of rows) for (const key of Object.keys(total)) total[key] += row[key];
const pct = (n, of) => (of ? `${Math.round((100 * n) / of)}%` : "-");
const line = (name, r) =>
  `${name.padEnd(34)} ${String(r.requests).padStart(7)} ${String(r["any-replica"]).padStart(12)} ${String(r.bookmark).padStart(9)} ${String(r.primary).padStart(8)} ${String(r.requests - r.toPrimary).padStart(13)} ${pct(r.requests - r.toPrimary, r.requests).padStart(6)}`;
console.log(`\n${"route".padEnd(34)} requests  any replica  bookmark  primary  replica only      %`);
for (const [route, row] of rows) console.log(line(route, row));
console.log(line("total", total));
console.log(
  `\nStarted on any replica: ${pct(total["any-replica"], total.requests)}; on a copy at least as new as the shopper's bookmark: ${pct(total.bookmark, total.requests)}; on the primary: ${pct(total.primary, total.requests)}.` +
    `\nAnswered without the primary (every query could be a nearby replica's): ${pct(total.requests - total.toPrimary, total.requests)}.` +
    "\nLocally every session runs on the one local database: these are where requests would read, not timings.",
);
