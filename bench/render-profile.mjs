// `npm run bench:profile [path]`: where the store Worker's CPU goes while it renders a page (default: /products
// for a signed-in shopper; PROFILE_COOKIE=none renders it for a visitor with a non-session cookie). Serves the
// build as `npm start` does with the DevTools inspector open, records a CPU profile of the store's isolate during
// PROFILE_SECONDS of CONCURRENCY requests in flight, and prints each package's (or app folder's) share of the
// samples by self time, the heaviest functions, the app's own, and each package's and app function's total time
// (anywhere on the stack). Needs a build; `SOURCEMAP=1 SSR_MINIFY=0 npx remix vite:build` keeps the app's function
// names readable.
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { SourceMapConsumer } from "source-map";
import { applyMigrations, run, serve, stop } from "../scripts/lib/local.mjs";
import { addShopper } from "./shopper.mjs";

const PATH = process.argv[2] ?? "/products";
const SECONDS = Number(process.env.PROFILE_SECONDS || 8);
const CONCURRENCY = Number(process.env.CONCURRENCY || 4);
const PORT = Number(process.env.BENCH_PORT || 8796);
const INSPECTOR = Number(process.env.INSPECTOR_PORT || 9331);
const PERSIST = ".wrangler/bench-profile";

rmSync(PERSIST, { recursive: true, force: true });
applyMigrations(PERSIST);
run("node", ["scripts/seed.mjs", "--persist-to", PERSIST]);
const cookie = process.env.PROFILE_COOKIE === "none" ? "x=1" : await addShopper(PERSIST);
const { child, url } = await serve({ persistTo: PERSIST, port: PORT, stdio: ["ignore", "ignore", "inherit"], inspectorPort: INSPECTOR });

/** A DevTools protocol session on the store Worker's isolate. */
async function inspect() {
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  const target = targets.find((t) => t.id.includes("pulasa-store")) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const waiting = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && waiting.has(message.id)) waiting.get(message.id)(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

async function load(seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(`${url}${PATH}`, { agent, headers: { Accept: "text/html", Cookie: cookie } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${PATH} answered ${res.statusCode}`));
          res.resume().on("end", resolve);
        })
        .on("error", reject);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await get();
        count++;
      }
    }),
  );
  agent.destroy();
  return count;
}

function owner(source) {
  if (!source) return "(native or runtime)";
  const [, inPackage] = source.split("node_modules/");
  if (inPackage) {
    const parts = inPackage.split("/");
    return parts.slice(0, parts[0].startsWith("@") ? 2 : 1).join("/");
  }
  const file = source.replace(/^.*?\/(app|workers|build)\//, "$1/");
  return file.startsWith("app/") ? file.split("/").slice(0, 2).join("/") : file;
}

try {
  await load(3);
  const devtools = await inspect();
  await devtools.send("Profiler.enable");
  await devtools.send("Profiler.setSamplingInterval", { interval: 200 });
  await devtools.send("Profiler.start");
  const requests = await load(SECONDS);
  const { profile } = await devtools.send("Profiler.stop");
  devtools.close();

  const bundle = `.wrangler/local-bundle/${PERSIST.split("/").pop()}-${PORT}/0/app.js`;
  const map = JSON.parse(readFileSync(`${bundle}.map`, "utf8"));
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const total = profile.samples.length;
  const byOwner = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  await SourceMapConsumer.with(map, null, (consumer) => {
    const keyOf = new Map();
    const frameKey = (nodeId) => {
      if (keyOf.has(nodeId)) return keyOf.get(nodeId);
      const frame = byNode.get(nodeId).callFrame;
      let source = null;
      if (frame.url.endsWith("app.js") && frame.lineNumber >= 0) {
        source = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
      }
      const key = frame.url ? owner(source) : frame.functionName ? `(${frame.functionName})` : "(native or runtime)";
      keyOf.set(nodeId, key);
      return key;
    };
    for (const [nodeId, n] of counts) {
      const frame = byNode.get(nodeId).callFrame;
      const key = frameKey(nodeId);
      byOwner.set(key, (byOwner.get(key) ?? 0) + n);
      const fn = `${frame.functionName || "(anonymous)"}  ${key}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
      // Inclusive time: each package or named app function counted once per sample whose stack holds it.
      const seen = new Set();
      for (let id = nodeId; id !== undefined; id = parents.get(id)) {
        const k = frameKey(id);
        const name = byNode.get(id).callFrame.functionName;
        seen.add(k);
        if (name && /^(app|workers)\//.test(k)) seen.add(`${name}  ${k}`);
      }
      for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + n);
    }
  });
  const ms = (profile.endTime - profile.startTime) / 1000;
  console.log(`${PATH}: ${requests} requests in ${SECONDS} s, ${CONCURRENCY} in flight; ${total} samples`);
  console.log(`store isolate busy ${(((total - (byOwner.get("(idle)") ?? 0)) / total) * 100).toFixed(0)}% of ${ms.toFixed(0)} ms`);
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log("\nself time by package or app folder:");
  for (const [key, n] of top(byOwner, 25)) console.log(`${((n / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
  console.log("\nheaviest functions (self time):");
  for (const [key, n] of top(byFunction, 30)) console.log(`${((n / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
  console.log("\nthe app's own functions (self time):");
  for (const [key, n] of top(new Map([...byFunction].filter(([k]) => / {2}(app|workers)\//.test(k))), 25))
    console.log(`${((n / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
  console.log("\ntotal time (the package or app function anywhere on the stack):");
  for (const [key, n] of top(inclusive, 40)) console.log(`${((n / total) * 100).toFixed(1).padStart(6)}%  ${key}`);
} finally {
  stop(child);
}
