// `npm run bench:soak`: the built store, both Workers as `npm start` runs them, under the mixed load of bench:load for
// SOAK_MINUTES (default 60) at about half the rate that saturates this machine, to show that nothing is lost and
// nothing drifts. First CALIBRATE_SECONDS (default 25) of the same mix closed-loop at full concurrency measure the
// saturating rate; then the soak sends requests open-loop (arrivals evenly spaced, whether or not earlier ones have
// been answered) at half that rate (SOAK_RATE requests/s instead, if set): anonymous page views, shoppers checking
// out and paying on the sandbox gateway, bidders bidding on a live auction they all watch over WebSockets held open
// for the whole run, and the admin weighing, billing (a balance link the shopper pays, or cash on delivery),
// shipping and delivering paid orders, with the store's scheduled job run every minute.
// Every WINDOW_MINUTES (default 10) it prints the window's requests, 4xx, 5xx, failures and p50/p99 per route; every
// minute the local server's memory (the RSS of its workerd processes, summed, from /proc) and the open WebSockets. At
// the end: the drift verdict (each route's p99 in the last window against the first; memory growth after the first
// WARMUP_MINUTES, default 10, against MEMORY_BOUND_MB), then in D1 every order the store showed as paid in the state the bench left it,
// every accepted bid stored, and the money invariants (scripts/lib/money-invariants.mjs) over every order. The report
// also goes to bench/results/soak-<date>.json. Exits non-zero on any failed request, 5xx, WebSocket failure, lost
// write, broken invariant, arrival the bench had to drop, or memory growth beyond the bound; drift is reported, not
// failed (a latency blip from another program on a shared machine must not fail an hour's run).
// Needs a build (`npx remix vite:build`); BENCH_PORT picks the port (default 8798).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { openLocalD1, triggerScheduled } from "../scripts/lib/local.mjs";
import { moneyViolations } from "../scripts/lib/money-invariants.mjs";
import { keepAliveShorterThanServer, Recorder, Visitor } from "./load-client.mjs";
import { checkAcceptedBids, checkPaidOrders, storedBids } from "./load-checks.mjs";
import { buyOne, createAuction, fulfil, makeAccounts, placeBid, publicPages, SEEDED_ADMIN, signIn, unlimitedFish, watchAuction } from "./load-people.mjs";
import { withBuiltStore } from "./serve-built.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES || 60);
const WINDOW_MINUTES = Number(process.env.WINDOW_MINUTES || 10);
const CALIBRATE_SECONDS = Number(process.env.CALIBRATE_SECONDS ?? 25);
const FIXED_RATE = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : null;
const SHOPPERS = Number(process.env.SHOPPERS || 100);
const BIDDERS = Number(process.env.BIDDERS || 50);
/** Anonymous visitors the page views are spread over (each its own address, as the store's limits see people). */
const VISITORS = 200;
/** Closed-loop workers during calibration: well above the 16 requests the front lets into workerd at once. */
const CONCURRENCY = 48;
/**
 * Memory growth allowed after the warm-up (MB). workerd's RSS follows the JS heaps of its isolates (the two
 * Workers and Miniflare's own D1, cache, R2 and assets workers, about 300 MB in all under this load), which grow and
 * are collected in steps of tens of MB and keep the pages they freed for reuse: a server that leaks nothing still
 * moves by that much from one minute to the next. A leak of 1 KB per request, at the soak's 40-50 requests/s over
 * the 50 minutes after the warm-up, adds 120-150 MB: above the bound. (The leak per request the bound catches
 * in this run is printed with the verdict.)
 */
const MEMORY_BOUND_MB = Number(process.env.MEMORY_BOUND_MB || 112);
/**
 * Minutes of warm-up before memory is judged: workerd's RSS climbs for the first minutes of a load (by about 230, 80
 * and 45 MB in the first three minutes at 30 requests/s here) as its isolates' heaps grow to their working size.
 */
const WARMUP_MINUTES = Number(process.env.WARMUP_MINUTES || 10);
/** Arrivals waiting for an answer beyond which the bench drops new ones (and fails): the store has fallen behind. */
const MAX_IN_FLIGHT = 1_000;
/** A route drifts when its last window's p99 is above both this multiple of its first's and this many ms more. */
const DRIFT_FACTOR = 1.5;
const DRIFT_MS = 50;
/** Below this many requests in a window its p99 is its slowest request or two: not compared. */
const DRIFT_MIN_COUNT = 100;

/**
 * The load's mix: each kind of work's share of the requests, and the requests one piece of it makes (measured by
 * the calibration; these are the starting guesses). An admin's order is the dashboard, the order, the weighing, the
 * balance (and the shopper paying its link) and three moves, each post followed by the page it leads to.
 */
const MIX = {
  view: { share: 0.7, perPiece: 1 },
  shop: { share: 0.15, perPiece: 8 },
  bid: { share: 0.12, perPiece: 1 },
  admin: { share: 0.03, perPiece: 15 },
};
const KINDS = Object.keys(MIX);

/** Counts the requests one piece of work makes while passing each on to the recorder. */
class Tally {
  count = 0;
  constructor(target) {
    this.target = target;
  }
  add(route, ...outcome) {
    this.count++;
    this.target.add(route, ...outcome);
  }
  note(route, text) {
    this.target.note(route, text);
  }
}

/** The soak's recorder: every request goes to the whole run's Recorder and to the current window's. */
class Windows {
  whole = new Recorder();
  current = new Recorder();
  add(route, ...outcome) {
    this.whole.add(route, ...outcome);
    this.current.add(route, ...outcome);
  }
  note(route, text) {
    this.whole.note(route, text);
    this.current.note(route, text);
  }
}

/**
 * The server's memory (MB): the RSS of its workerd processes, summed, with its anonymous part (heaps) and its
 * file-backed and shared part (mapped files: the binary, SQLite's files), and the RSS of the Node front that started
 * them (`rootPid`).
 */
function serverMemory(rootPid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // the process ended meanwhile
    }
  }
  /** A field of /proc/<pid>/status, in MB. */
  const field = (status, name) => Number(status.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? 0) / 1024;
  const workerd = { rss: 0, anon: 0, file: 0, processes: 0 };
  for (const queue = [...(children.get(rootPid) ?? [])]; queue.length;) {
    const pid = queue.shift();
    queue.push(...(children.get(pid) ?? []));
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "workerd") continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      workerd.rss += field(status, "VmRSS");
      workerd.anon += field(status, "RssAnon");
      workerd.file += field(status, "RssFile") + field(status, "RssShmem");
      workerd.processes++;
    } catch {
      // the process ended meanwhile
    }
  }
  return {
    workerdMb: Math.round(workerd.rss),
    workerdAnonMb: Math.round(workerd.anon),
    workerdFileMb: Math.round(workerd.file),
    workerdProcesses: workerd.processes,
    frontMb: Math.round(field(readFileSync(`/proc/${rootPid}/status`, "utf8"), "VmRSS")),
  };
}

const pad = (v, n) => String(v).padStart(n);

/** Resolves once every bidder's WebSocket has opened (or failed: counted by watchAuction). */
const whenOpen = (watches) =>
  Promise.all(
    [...watches.values()].map(
      ({ ws }) =>
        new Promise((resolve) => {
          if (ws.readyState !== WebSocket.CONNECTING) return resolve();
          ws.addEventListener("open", resolve);
          ws.addEventListener("close", resolve);
        }),
    ),
  );

const report = await withBuiltStore(async (base, { persistTo, child }) => {
  await keepAliveShorterThanServer(base);
  const d1 = await openLocalD1(persistTo);
  try {
    return await soak(base, d1, child);
  } finally {
    await d1.dispose();
  }
});

async function soak(base, d1, child) {
  const windows = new Windows();
  const setup = new Recorder();
  const fishId = await unlimitedFish(d1);
  const [admin] = await signIn(base, setup, [SEEDED_ADMIN]);
  const shoppers = await signIn(base, setup, await makeAccounts(d1, "soak.shopper", SHOPPERS));
  const bidders = await signIn(base, setup, await makeAccounts(d1, "soak.bidder", BIDDERS));
  const visitors = Array.from({ length: VISITORS }, () => new Visitor(base, windows));
  for (const v of [admin, ...shoppers, ...bidders]) v.recorder = windows;

  // An auction of our own, live until well after the run (bids move its end only later); a fresh one replaces it
  // should it end all the same.
  const runEnds = () => Date.now() + (CALIBRATE_SECONDS + MINUTES * 60 + 30 * 60) * 1000;
  const auction = { id: await createAuction(admin, runEnds()), used: [] };
  auction.used.push(auction.id);
  const bidsBefore = await storedBids(d1, [auction.id]);
  const sockets = { messages: 0, errors: 0, closedEarly: 0 };
  const watches = new Map(bidders.map((b) => [b, watchAuction(b, auction.id, sockets)]));
  await whenOpen(watches);
  let pages = publicPages(auction.id);

  /** Orders the store showed as paid, with the state the bench's last step left each in. */
  const expected = new Map();
  const owners = new Map();
  const toFulfil = [];
  const accepted = [];
  const refused = { count: 0 };
  const idleShoppers = [...shoppers];
  const pieces = Object.fromEntries(KINDS.map((k) => [k, { done: 0, requests: 0 }]));
  let views = 0;
  let fulfilled = 0;
  const fulfilment = { cash: 0, link: 0, delivered: 0 };

  /**
   * One piece of work of a kind, its requests recorded in `target`; resolves with the requests it made (0: none
   * could be made now, as no shopper is free or no paid order waits for the admin).
   */
  async function work(kind, target) {
    const tally = new Tally(target);
    if (kind === "view") {
      const i = views++;
      const [route, path] = pages[i % pages.length];
      await visitors[i % visitors.length].tab(tally).request(route, path);
    } else if (kind === "shop") {
      const shopper = idleShoppers.pop();
      if (!shopper) return 0;
      try {
        const number = await buyOne(shopper.tab(tally), fishId, [], refused);
        if (number) {
          expected.set(number, { status: "order_raised", paymentState: "advance_paid" });
          owners.set(number, shopper);
          toFulfil.push(number);
        }
      } finally {
        idleShoppers.push(shopper);
      }
    } else if (kind === "bid") {
      const bidder = bidders[Math.floor(Math.random() * bidders.length)];
      await placeBid(bidder.tab(tally), watches.get(bidder), accepted);
    } else {
      const number = toFulfil.shift();
      if (!number) return 0;
      const balance = fulfilled++ % 2 ? "cash" : "link";
      const state = await fulfil(admin.tab(tally), owners.get(number).tab(tally), number, balance);
      expected.set(number, { status: state.status, paymentState: state.paymentState });
      fulfilment[balance]++;
      if (state.status === "order_delivered") fulfilment.delivered++;
    }
    if (tally.count) {
      pieces[kind].done++;
      pieces[kind].requests += tally.count;
    }
    return tally.count;
  }

  // Calibration: the same mix, closed-loop, each worker starting its next piece as soon as one is answered.
  let saturated = null;
  if (CALIBRATE_SECONDS > 0) {
    console.log(`\nCalibrating: ${CONCURRENCY} closed-loop workers for ${CALIBRATE_SECONDS} s against ${base}...`);
    const calibration = new Recorder();
    const weights = KINDS.map((k) => MIX[k].share / MIX[k].perPiece);
    const total = weights.reduce((a, b) => a + b, 0);
    const pick = () => {
      let r = Math.random() * total;
      return KINDS[weights.findIndex((w) => (r -= w) < 0)] ?? "view";
    };
    const until = Date.now() + CALIBRATE_SECONDS * 1000;
    // The rate counts the requests answered while every worker was at work, not the last pieces finishing after.
    let answered = 0;
    const timer = setTimeout(() => (answered = calibration.totals().requests), CALIBRATE_SECONDS * 1000);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < until) if ((await work(pick(), calibration)) === 0) await work("view", calibration);
      }),
    );
    clearTimeout(timer);
    const totals = calibration.totals();
    answered ||= totals.requests;
    saturated = { ...totals, seconds: CALIBRATE_SECONDS, requests: answered, rate: answered / CALIBRATE_SECONDS };
    for (const k of KINDS) if (pieces[k].done) MIX[k].perPiece = pieces[k].requests / pieces[k].done;
    console.log(calibration.table(CALIBRATE_SECONDS));
    console.log(`Saturating rate: ${saturated.rate.toFixed(1)} requests/s (${answered} answered in ${CALIBRATE_SECONDS} s)`);
  }
  // The soak's figures start with the soak: the setup's and the calibration's requests are not in them.
  windows.whole = new Recorder();
  windows.current = new Recorder();
  if (!FIXED_RATE && !saturated) throw new Error("CALIBRATE_SECONDS=0 needs SOAK_RATE");
  const rate = FIXED_RATE ?? saturated.rate / 2;
  const arrivals = Object.fromEntries(KINDS.map((k) => [k, (rate * MIX[k].share) / MIX[k].perPiece]));
  console.log(
    `\nSoak: ${rate.toFixed(1)} requests/s (${FIXED_RATE ? "SOAK_RATE" : "half the saturating rate"}) for ${MINUTES} min, ${WINDOW_MINUTES}-minute windows; per second: ` +
      KINDS.map((k) => `${arrivals[k].toFixed(2)} ${k} (${MIX[k].perPiece.toFixed(1)} requests each)`).join(", ") +
      `; ${BIDDERS} WebSockets held open; the scheduled job every minute`,
  );

  // The soak: open-loop arrivals, a minute's samples, a window's table.
  const start = Date.now();
  const until = start + MINUTES * 60_000;
  const running = new Set();
  const dropped = Object.fromEntries(KINDS.map((k) => [k, 0]));
  const skipped = Object.fromEntries(KINDS.map((k) => [k, 0]));
  let maxInFlight = 0;
  const launch = (kind) => {
    if (running.size >= MAX_IN_FLIGHT) return void dropped[kind]++;
    const piece = work(kind, windows).then(
      (n) => n === 0 && skipped[kind]++,
      // A piece the bench itself could not carry out counts as a failed request, with its reason.
      (error) => {
        windows.add(`${kind} (bench)`, 0, "error");
        windows.note(`${kind} (bench)`, String(error?.stack ?? error));
      },
    );
    running.add(piece);
    maxInFlight = Math.max(maxInFlight, running.size);
    piece.finally(() => running.delete(piece));
  };
  const drive = async () => {
    const launched = Object.fromEntries(KINDS.map((k) => [k, 0]));
    while (Date.now() < until) {
      const elapsed = (Date.now() - start) / 1000;
      for (const k of KINDS) for (const due = Math.floor(arrivals[k] * elapsed); launched[k] < due; launched[k]++) launch(k);
      await sleep(20);
    }
  };

  const minutes = [];
  const windowRows = [];
  const openSockets = () => [...watches.values()].filter((w) => w.ws.readyState === WebSocket.OPEN).length;
  const sample = (minute) => {
    const row = { minute, ...serverMemory(child.pid), openWebSockets: openSockets(), requests: windows.whole.totals().requests, inFlight: running.size };
    minutes.push(row);
    console.log(
      `min ${pad(minute, 3)}  workerd ${pad(row.workerdMb, 5)} MB (anon ${pad(row.workerdAnonMb, 5)}, files ${pad(row.workerdFileMb, 4)}; ${row.workerdProcesses} proc)  front ${pad(row.frontMb, 4)} MB  WebSockets open ${pad(row.openWebSockets, 4)}  requests ${pad(row.requests, 8)}  in flight ${pad(row.inFlight, 4)}`,
    );
  };
  const closeWindow = (index, fromMinute, toMinute, seconds) => {
    const recorder = windows.current;
    windows.current = new Recorder();
    const totals = recorder.totals();
    const row = {
      window: index,
      fromMinute,
      toMinute,
      ...totals,
      perSecond: totals.requests / seconds,
      routes: recorder.stats().map((r) => ({ ...r, p50: Math.round(r.p50), p99: Math.round(r.p99) })),
    };
    windowRows.push(row);
    console.log(
      `\nWindow ${index} (minutes ${fromMinute}-${toMinute}): ${totals.requests} requests (${row.perSecond.toFixed(1)}/s), ${totals.status5xx} 5xx, ${totals.errors} failed, ${totals.unexpected} unexpected`,
    );
    console.log(recorder.table(seconds));
  };
  let lastScheduled = Promise.resolve();
  const scheduled = () => (lastScheduled = runScheduled());
  const runScheduled = async () => {
    const started = performance.now();
    try {
      const outcome = await triggerScheduled(base);
      windows.add("CRON scheduled job", performance.now() - started, outcome === "ok" ? 200 : 500);
      if (outcome !== "ok") windows.note("CRON scheduled job", `ended with: ${outcome}`);
    } catch (error) {
      windows.add("CRON scheduled job", performance.now() - started, "error");
      windows.note("CRON scheduled job", `no answer: ${error.cause?.message ?? error.message}`);
    }
  };
  /** The auction the bidders watch stays live: should it have ended, they move to a fresh one. */
  const keepAuctionLive = async () => {
    const live = await admin.request("GET /api/auction/:id", `/api/auction/${auction.id}`, { read: "json" });
    if (!live?.json?.auction || live.json.auction.status === "active") return;
    console.log(`auction ${auction.id} is ${live.json.auction.status}: the bidders move to a new one`);
    auction.id = await createAuction(admin, runEnds());
    auction.used.push(auction.id);
    for (const [id, n] of await storedBids(d1, [auction.id])) bidsBefore.set(id, n);
    pages = publicPages(auction.id);
    for (const [bidder, watch] of watches) {
      watch.close();
      watches.set(bidder, watchAuction(bidder, auction.id, sockets));
    }
    await whenOpen(watches);
  };
  const clock = async () => {
    sample(0);
    void scheduled();
    let windowStart = 0;
    for (let minute = 1; minute <= MINUTES; minute++) {
      await sleep(Math.max(0, start + minute * 60_000 - Date.now()));
      sample(minute);
      if (minute % WINDOW_MINUTES === 0 && minute < MINUTES) {
        closeWindow(windowRows.length + 1, windowStart, minute, (minute - windowStart) * 60);
        windowStart = minute;
      }
      if (minute < MINUTES) {
        void scheduled();
        await keepAuctionLive();
      }
    }
    return windowStart;
  };

  const [lastWindowStart] = await Promise.all([clock(), drive()]);
  // The last arrivals are answered before anything is counted or checked.
  const draining = Date.now();
  while (running.size) await Promise.race([...running]);
  await lastScheduled;
  const drainSeconds = (Date.now() - draining) / 1000;
  closeWindow(windowRows.length + 1, lastWindowStart, MINUTES, (MINUTES - lastWindowStart) * 60 + drainSeconds);
  const socketsOpenAtEnd = openSockets();
  for (const watch of watches.values()) watch.close();

  const problems = [];
  const totals = windows.whole.totals();
  if (saturated && saturated.status5xx + saturated.errors + saturated.unexpected > 0)
    problems.push(`calibration: ${saturated.status5xx} responses were 5xx, ${saturated.errors} got no answer, ${saturated.unexpected} were unexpected`);
  if (totals.status5xx > 0) problems.push(`${totals.status5xx} responses were 5xx`);
  if (totals.errors > 0) problems.push(`${totals.errors} requests got no answer`);
  if (totals.unexpected > 0) problems.push(`${totals.unexpected} answers were not what their step expected (samples under their routes)`);
  const droppedCount = Object.values(dropped).reduce((a, b) => a + b, 0);
  if (droppedCount > 0) problems.push(`${droppedCount} arrivals dropped with ${MAX_IN_FLIGHT} waiting: the store fell behind the rate`);
  if (skipped.shop > 0) problems.push(`${skipped.shop} checkouts found no free shopper (SHOPPERS=${SHOPPERS} is too few for the rate)`);
  if (sockets.errors + sockets.closedEarly > 0) problems.push(`${sockets.errors} WebSocket errors, ${sockets.closedEarly} closed before the end`);
  if (socketsOpenAtEnd < BIDDERS) problems.push(`${BIDDERS - socketsOpenAtEnd} of ${BIDDERS} WebSockets were not open at the end`);
  if (child.exitCode !== null || child.signalCode !== null) problems.push(`the server stopped (${child.exitCode ?? child.signalCode})`);
  if (expected.size === 0) problems.push("no order was paid");
  if (accepted.length === 0) problems.push("no bid was accepted");
  if (fulfilment.delivered === 0) problems.push("the admin delivered no order");
  const benchFailures = windows.whole.stats().filter((r) => r.route.endsWith("(bench)"));
  if (benchFailures.length) problems.push(`the bench itself failed: ${benchFailures.flatMap((r) => r.samples).join("; ")}`);

  // Drift: each route's p99, last window against first; memory after the warm-up against the bound.
  const [first, last] = [windowRows[0], windowRows.at(-1)];
  const drift = first.routes.flatMap((a) => {
    const b = last.routes.find((r) => r.route === a.route);
    if (!b || windowRows.length < 2 || a.count < DRIFT_MIN_COUNT || b.count < DRIFT_MIN_COUNT) return [];
    return [{ route: a.route, firstP99: a.p99, lastP99: b.p99, drifts: b.p99 > a.p99 * DRIFT_FACTOR && b.p99 - a.p99 > DRIFT_MS }];
  });
  const warm = minutes.find((m) => m.minute === WARMUP_MINUTES);
  const judged = warm !== undefined && MINUTES > WARMUP_MINUTES;
  const memory = {
    boundMb: MEMORY_BOUND_MB,
    warmUpMinutes: WARMUP_MINUTES,
    judged,
    afterWarmUpMb: warm?.workerdMb ?? null,
    atEndMb: minutes.at(-1).workerdMb,
    peakMb: judged ? Math.max(...minutes.filter((m) => m.minute >= WARMUP_MINUTES).map((m) => m.workerdMb)) : null,
    growthMb: judged ? minutes.at(-1).workerdMb - warm.workerdMb : null,
    // The leak per request the bound catches over this run's requests after the warm-up.
    leakBytesPerRequestCaught: judged ? Math.round((MEMORY_BOUND_MB * 1024 * 1024) / Math.max(1, minutes.at(-1).requests - warm.requests)) : null,
  };
  if (judged && memory.growthMb > MEMORY_BOUND_MB)
    problems.push(`workerd's memory grew ${memory.growthMb} MB after minute ${warm.minute} (bound ${MEMORY_BOUND_MB} MB)`);

  // The database: every paid order as left, every accepted bid stored, the money invariants over every order.
  const orders = await checkPaidOrders(d1, expected);
  const bids = await checkAcceptedBids(d1, accepted, bidsBefore);
  const violations = await moneyViolations((sql) => d1.query(sql));
  const [{ n: orderCount }] = await d1.query("SELECT count(*) AS n FROM orders");
  problems.push(...orders.problems, ...bids.problems);
  if (violations.length) problems.push(`${violations.length} money invariants broken: ${JSON.stringify(violations.slice(0, 5))}`);

  console.log(`\n${"route".padEnd(46)} ${"p99 first".padStart(9)} ${"p99 last".padStart(9)}  verdict`);
  for (const d of drift)
    console.log(`${d.route.padEnd(46)} ${pad(d.firstP99.toFixed(0), 9)} ${pad(d.lastP99.toFixed(0), 9)}  ${d.drifts ? "DRIFT" : "steady"}`);
  const drifting = drift.filter((d) => d.drifts);
  console.log(
    drift.length
      ? `Latency: ${drifting.length ? `p99 drifted upward on ${drifting.map((d) => d.route).join(", ")}` : "no upward drift"} (drift: last p99 above ${DRIFT_FACTOR}× the first and ${DRIFT_MS} ms more; routes with ${DRIFT_MIN_COUNT}+ requests in both windows)`
      : "Latency: fewer than two windows with enough requests to compare",
  );
  console.log(
    judged
      ? `Memory (workerd RSS): ${memory.afterWarmUpMb} MB at minute ${WARMUP_MINUTES}, ${memory.atEndMb} MB at the end (peak ${memory.peakMb} MB): growth ${memory.growthMb} MB, bound ${MEMORY_BOUND_MB} MB (a leak of ${memory.leakBytesPerRequestCaught} bytes per request or more would exceed it)`
      : `Memory (workerd RSS): ${minutes[0].workerdMb} MB at the start, ${memory.atEndMb} MB at the end; growth not judged: the run is no longer than the ${WARMUP_MINUTES}-minute warm-up (WARMUP_MINUTES)`,
  );
  console.log(
    `\n${totals.requests} requests in ${MINUTES} min (${(totals.requests / (MINUTES * 60)).toFixed(1)}/s, target ${rate.toFixed(1)}/s), ${totals.status5xx} 5xx, ${totals.errors} failed, ${totals.unexpected} unexpected; at most ${maxInFlight} in flight, ${droppedCount} dropped; drained in ${drainSeconds.toFixed(1)} s`,
  );
  console.log(
    `Work done: ${KINDS.map((k) => `${pieces[k].done} ${k}`).join(", ")} (calibration included); ${refused.count} checkouts refused; admin found no paid order ${skipped.admin} times`,
  );
  console.log(
    `Admin: ${fulfilment.link + fulfilment.cash} orders taken (${fulfilment.link} balance by link, ${fulfilment.cash} cash on delivery), ${fulfilment.delivered} delivered`,
  );
  console.log(
    `WebSockets: ${BIDDERS} held open, ${socketsOpenAtEnd} open at the end, ${sockets.messages} broadcasts received, ${sockets.errors} errors, ${sockets.closedEarly} closed early; auctions ${auction.used.join(", ")}`,
  );
  console.log(
    `Database: ${orders.found}/${expected.size} paid orders as left, ${bids.found}/${accepted.length} accepted bids stored, money invariants over all ${orderCount} orders: ${violations.length ? `${violations.length} broken` : "hold"}`,
  );

  return {
    date: new Date().toISOString(),
    settings: {
      minutes: MINUTES,
      windowMinutes: WINDOW_MINUTES,
      calibrateSeconds: CALIBRATE_SECONDS,
      shoppers: SHOPPERS,
      bidders: BIDDERS,
      concurrency: CONCURRENCY,
    },
    saturated,
    rate: { target: rate, fixed: FIXED_RATE !== null, achieved: totals.requests / (MINUTES * 60), arrivalsPerSecond: arrivals, mix: MIX },
    totals: { ...totals, maxInFlight, dropped, skipped, drainSeconds },
    windows: windowRows,
    minutes,
    drift: { factor: DRIFT_FACTOR, ms: DRIFT_MS, minCount: DRIFT_MIN_COUNT, routes: drift },
    memory,
    webSockets: { held: BIDDERS, openAtEnd: socketsOpenAtEnd, ...sockets, auctions: auction.used },
    work: { pieces, refused: refused.count, fulfilment },
    database: { paidOrders: expected.size, asLeft: orders.found, acceptedBids: accepted.length, stored: bids.found, orders: Number(orderCount), violations },
    problems,
  };
}

mkdirSync("bench/results", { recursive: true });
const file = `bench/results/soak-${report.date.replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify(report, null, 2));
console.log(`\nReport: ${file}`);
if (report.problems.length) {
  console.error(`\nFAILED:\n- ${report.problems.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `\nPASSED: no failed request, no 5xx, no lost write, the money invariants hold, ${report.memory.judged ? "memory within its bound" : "memory not judged (no longer than the warm-up)"}`,
);
process.exit(0);
