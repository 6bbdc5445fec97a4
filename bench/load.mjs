// `npm run bench:load`: the built store under a crowd for DURATION seconds (default 60): 200 anonymous visitors
// reading the public pages, 50 signed-in shoppers each buying one fish after another (checkout, then Pay on the
// sandbox gateway's page) and 100 bidders on one live auction (bidding about once a second, each watching it over a
// WebSocket). Prints p50/p99 and the 4xx, 5xx and failed requests per route, then checks in the database that every
// order the store showed as paid is paid and every bid it accepted is stored. Exits non-zero on any 5xx, any request
// or WebSocket that got no answer, a server that stopped, or a paid order or accepted bid missing.
// Needs a build (`npx remix vite:build`); BENCH_PORT picks the port (default 8798).
import { openLocalD1 } from "../scripts/lib/local.mjs";
import { keepAliveShorterThanServer, Recorder, Visitor } from "./load-client.mjs";
import { bid, browse, makeAccounts, publicPages, shop, signIn, unlimitedFish } from "./load-people.mjs";
import { checkAcceptedBids, checkPaidOrders, storedBids } from "./load-checks.mjs";
import { withBuiltStore } from "./serve-built.mjs";

const SECONDS = Number(process.env.DURATION || 60);
const VISITORS = Number(process.env.VISITORS || 200);
const SHOPPERS = Number(process.env.SHOPPERS || 50);
const BIDDERS = Number(process.env.BIDDERS || 100);
/** The seeded auction that ends last but one day from now: live for the whole run, its page among the public ones. */
const AUCTION_ID = 1;
const PAGES = publicPages(AUCTION_ID);

const failures = await withBuiltStore(async (base, { persistTo, child }) => {
  await keepAliveShorterThanServer(base);
  const d1 = await openLocalD1(persistTo);
  try {
    const fishId = await unlimitedFish(d1);
    const setup = new Recorder();
    const shoppers = await signIn(base, setup, await makeAccounts(d1, "load.shopper", SHOPPERS));
    const bidders = await signIn(base, setup, await makeAccounts(d1, "load.bidder", BIDDERS));
    const live = await new Visitor(base, setup).request("GET /api/auction/:id", `/api/auction/${AUCTION_ID}`, { read: "json" });
    if (live?.json?.auction?.status !== "active") throw new Error(`auction ${AUCTION_ID} is not live: ${live?.text.slice(0, 200)}`);
    const bidsBefore = await storedBids(d1, [AUCTION_ID]);

    const recorder = new Recorder();
    const paid = [];
    const accepted = [];
    const refused = { count: 0 };
    const sockets = { messages: 0, errors: 0, closedEarly: 0 };
    for (const v of [...shoppers, ...bidders]) v.recorder = recorder;
    console.log(`\n${VISITORS} visitors, ${SHOPPERS} shoppers and ${BIDDERS} bidders for ${SECONDS} s against ${base}...`);
    const until = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: VISITORS }, (_, i) => browse(base, recorder, PAGES, until, i)),
      ...shoppers.map((s) => shop(s, fishId, until, paid, refused)),
      ...bidders.map((b) => bid(b, AUCTION_ID, until, accepted, sockets)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    console.log(recorder.table(seconds));
    const totals = recorder.totals();
    console.log(
      `\n${totals.requests} requests in ${seconds.toFixed(1)} s (${(totals.requests / seconds).toFixed(0)}/s): ${totals.status5xx} answered 5xx, ${totals.errors} got no answer`,
    );
    console.log(`${paid.length} orders paid (${refused.count} checkouts refused), ${accepted.length} bids accepted`);
    console.log(`WebSockets: ${sockets.messages} broadcasts received, ${sockets.errors} errors, ${sockets.closedEarly} closed before the end`);

    const problems = [];
    if (totals.status5xx > 0) problems.push(`${totals.status5xx} responses were 5xx`);
    if (totals.errors > 0) problems.push(`${totals.errors} requests got no answer`);
    if (sockets.errors + sockets.closedEarly > 0) problems.push(`${sockets.errors + sockets.closedEarly} WebSockets failed or closed early`);
    if (child.exitCode !== null || child.signalCode !== null) problems.push(`the server stopped (${child.exitCode ?? child.signalCode})`);
    if (paid.length === 0) problems.push("no order was paid");
    if (accepted.length === 0) problems.push("no bid was accepted");
    problems.push(...(await verify(d1, paid, accepted, bidsBefore)));
    return problems;
  } finally {
    await d1.dispose();
  }
});

/** Every order shown as paid is paid in D1 (none was touched after), and every accepted bid is stored. */
async function verify(d1, paid, accepted, bidsBefore) {
  const orders = await checkPaidOrders(d1, new Map(paid.map((n) => [n, { status: "order_raised", paymentState: "advance_paid" }])));
  const bids = await checkAcceptedBids(d1, accepted, bidsBefore);
  console.log(`Database: ${orders.found}/${paid.length} paid orders paid, ${bids.found}/${accepted.length} accepted bids stored`);
  return [...orders.problems, ...bids.problems];
}

if (failures.length) {
  console.error(`\nFAILED:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("\nPASSED: no 5xx, no lost request, every paid order and accepted bid in the database");
process.exit(0);
