// `npm run bench:render`: what an uncached render of the store costs next to a trivial Worker that returns a
// 26 KB HTML page (bench/trivial-page.js), measured one after the other under the same load: CONCURRENCY
// requests in flight for BENCH_SECONDS per row (after a warm-up), req/s, p50, p99 and each row's throughput as a
// share of the trivial page's (the mean of its runs before and after the store's rows). A third Worker
// (bench/react-page.js) renders the markup of the store's /products with React alone: the floor under a render.
// Both Workers run in local workerd through wrangler's API, bundled as `wrangler deploy` bundles them (React's
// production build) and without the DevTools inspector: `wrangler dev` attaches one that copies every D1 answer
// to its debug log, a cost per query that no deployed Worker pays. Needs a build (`npm run build`). BENCH_ROWS (a
// regular expression) keeps only the rows whose label it matches; the trivial Worker is always measured.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { applyMigrations, run } from "../scripts/lib/local.mjs";
import { pageTree } from "./page-tree.mjs";
import { addShopper } from "./shopper.mjs";

const CONCURRENCY = Number(process.env.CONCURRENCY || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP || 3);
const PORT = Number(process.env.BENCH_PORT || 8798);
const PERSIST = ".wrangler/bench-render";

process.env.NODE_ENV ??= "production";
process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

/** One GET on a kept-alive connection: its status, x-cache header and body size. */
function get(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, cache: res.headers["x-cache"] ?? "", bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * CPU time (ms) used so far by this process's children (the workerd processes of both Workers), from /proc:
 * unlike req/s it hardly moves when other work shares the machine. Null where there is no /proc.
 */
function childrenCpuMs() {
  if (!existsSync("/proc/self/stat")) return null;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10;
}

/** CONCURRENCY loops, each sending its next request as soon as the last one is answered, for `seconds`. */
async function load(url, headers, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const times = [];
  const statuses = new Map();
  let last = { cache: "", bytes: 0 };
  const cpuBefore = childrenCpuMs();
  const start = performance.now();
  const end = start + seconds * 1000;
  let finished = start;
  const loop = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      const res = await get(url, headers, agent);
      finished = performance.now();
      times.push(finished - sent);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      last = res;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  const cpu = cpuBefore === null ? null : (childrenCpuMs() - cpuBefore) / times.length;
  agent.destroy();
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { rps: times.length / ((finished - start) / 1000), p50: pct(50), p99: pct(99), cpu, statuses, cache: last.cache, bytes: last.bytes };
}

async function measure(row) {
  await load(row.url, row.headers, WARMUP_SECONDS);
  const result = await load(row.url, row.headers, SECONDS);
  if (result.statuses.size !== 1 || !result.statuses.has(200)) {
    throw new Error(`${row.label}: answered ${[...result.statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}`);
  }
  return result;
}

/**
 * A Worker of `config` on `port`. The store's AUCTION service binding is replaced by a placeholder: the auction
 * Worker is not started, and none of the pages measured calls it.
 */
async function startWorker(config, port, extra = {}) {
  const { unstable_startWorker } = await import("wrangler");
  const worker = await unstable_startWorker({
    config,
    dev: { inspector: false, server: { hostname: "127.0.0.1", port }, persist: PERSIST, logLevel: "warn" },
    bindings: Object.fromEntries(Object.entries(extra).map(([name, value]) => [name, { type: "plain_text", value }])),
  });
  await worker.ready;
  return { worker, url: `http://127.0.0.1:${port}` };
}

if (!existsSync("build/server/index.js")) run("node_modules/.bin/remix", ["vite:build"]);
rmSync(PERSIST, { recursive: true, force: true });
applyMigrations(PERSIST);
run("node", ["scripts/seed.mjs", "--persist-to", PERSIST]);
const session = await addShopper(PERSIST);

const store = await startWorker("wrangler.toml", PORT, { ENVIRONMENT: "development", AUCTION: "not started" });
const trivial = await startWorker("bench/trivial-page.wrangler.toml", Number(process.env.BENCH_TRIVIAL_PORT || PORT + 1000));
// The floor under a rendered page: React alone writing the same markup as the store's /products.
const rendered = await (await fetch(`${store.url}/products`, { headers: { Cookie: "x=1" } })).text();
const reactAlone = await startWorker("bench/react-page.wrangler.toml", Number(process.env.BENCH_REACT_PORT || PORT + 2000), {
  PAGE_TREE: JSON.stringify(pageTree(rendered)),
});
try {
  const base = store.url;
  // What a browser's address bar sends.
  const page = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
  const rows = [
    { label: "React alone, the markup of /products", url: `${reactAlone.url}/`, headers: page },
    { label: "GET /products, anonymous (edge cache HIT)", url: `${base}/products`, headers: page },
    { label: "GET /products, a non-session cookie (rendered)", url: `${base}/products`, headers: { ...page, Cookie: "x=1" } },
    { label: "GET /products, signed in", url: `${base}/products`, headers: { ...page, Cookie: session } },
    { label: "GET /orders, signed in", url: `${base}/orders`, headers: { ...page, Cookie: session } },
    // Where a signed-in page's CPU goes, one layer at a time: the router alone (a small API answer for a visitor),
    // with the session (the same answer signed in), then the page's loaders and their serialised data without React (a client
    // navigation's .data), then the whole page.
    { label: "split: GET /api/push/key, anonymous", url: `${base}/api/push/key`, headers: { Accept: "application/json" } },
    { label: "split: GET /api/push/key, signed in", url: `${base}/api/push/key`, headers: { Accept: "application/json", Cookie: session } },
    { label: "split: GET /products.data, signed in", url: `${base}/products.data`, headers: { Accept: "*/*", Cookie: session } },
    { label: "split: GET /orders.data, signed in", url: `${base}/orders.data`, headers: { Accept: "*/*", Cookie: session } },
  ].filter((r) => !process.env.BENCH_ROWS || new RegExp(process.env.BENCH_ROWS).test(r.label));
  const yardstick = { label: "trivial Worker, 26 KB HTML", url: `${trivial.url}/`, headers: page };
  console.log(`${CONCURRENCY} concurrent connections, ${SECONDS} s per row after ${WARMUP_SECONDS} s of warm-up (NODE_ENV=${process.env.NODE_ENV})`);
  const before = await measure(yardstick);
  const results = [];
  for (const row of rows) results.push({ row, result: await measure(row) });
  const after = await measure(yardstick);
  const reference = (before.rps + after.rps) / 2;
  const f = (n, d = 1) => n.toFixed(d).padStart(7);
  const cpuReference = before.cpu === null ? null : (before.cpu + after.cpu) / 2;
  const cpu = (r) => (r.cpu === null ? "" : `  workerd CPU ${f(r.cpu, 2)} ms/req (×${f(r.cpu / cpuReference, 1)})`);
  const line = (label, r) =>
    console.log(
      `${label.padEnd(48)} ${f(r.rps, 0)} req/s  ×${f(r.rps / reference, 2)}  p50 ${f(r.p50)} ms  p99 ${f(r.p99)} ms${cpu(r)}  ${(r.bytes / 1024).toFixed(1).padStart(5)} KB  ${r.cache}`,
    );
  line(`${yardstick.label} (before)`, before);
  for (const { row, result } of results) line(row.label, result);
  line(`${yardstick.label} (after)`, after);
} finally {
  await Promise.allSettled([store.worker.dispose(), trivial.worker.dispose(), reactAlone.worker.dispose()]);
}
