// The local store without wrangler's dev proxy: both Workers in one Miniflare (the workerd wrangler dev runs), started
// by serve() in scripts/lib/local.mjs as a child process, with its options as JSON in argv[2]. Each Worker is bundled
// by `wrangler deploy --dry-run` (what would be deployed); bindings come from its wrangler config as `wrangler dev`
// reads it (its `.dev.vars` included), and persistence is `<persistTo>/v3`, where `wrangler d1 ... --local
// --persist-to` and openLocalD1 look. Requests come in through a front of our own (scripts/lib/front.mjs) that
// holds the queue workerd cannot: a slow or dropped request is that request's trouble, never the whole server's,
// and nothing is logged per request.
import { spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { startFront } from "./front.mjs";
import { workerLogLine } from "./worker-logs.mjs";

const { persistTo, port, vars, logLevel, outDir, auctionConfig, inspectorPort } = JSON.parse(process.argv[2]);

/**
 * The two Workers: the store (first, it owns the port) and the auction Worker behind its AUCTION binding (the
 * auction benchmark gives its own, which adds a trivial object to compare with).
 */
const CONFIGS = ["wrangler.toml", auctionConfig ?? "workers/auction/wrangler.toml"];
const require = createRequire(import.meta.url);
// The Miniflare that wrangler itself runs (its own dependency), so both always agree on the persistence format.
const { Miniflare, Log, LogLevel } = createRequire(require.resolve("wrangler"))("miniflare");
const { unstable_getMiniflareWorkerOptions, experimental_readRawConfig } = await import("wrangler");

/** Bundles one Worker as `wrangler deploy` would, into `dir`; resolves with the path of its entry module. */
function bundle(config, dir) {
  rmSync(dir, { recursive: true, force: true });
  const args = ["deploy", "--dry-run", "-c", config, "--outdir", dir];
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/wrangler", args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrangler ${args.join(" ")} failed with exit code ${code}:\n${output}`));
      const main = experimental_readRawConfig({ config }).rawConfig.main;
      resolve(path.join(dir, `${path.basename(main, path.extname(main))}.js`));
    });
  });
}

const scripts = await Promise.all(CONFIGS.map((config, i) => bundle(config, path.join(outDir, String(i)))));

/**
 * The static files are served from a copy taken now, beside the bundles: a rebuild (`npm run build`) empties and
 * refills build/client, and the running server would answer 500 for every file in between and after. The server
 * keeps serving the build it started with, as its bundled code does, until it is restarted.
 */
function snapshotAssets(assets, i) {
  if (!assets?.directory) return assets;
  const copy = path.join(outDir, `${i}-assets`);
  rmSync(copy, { recursive: true, force: true });
  cpSync(assets.directory, copy, { recursive: true });
  return { ...assets, directory: copy };
}

const workers = CONFIGS.map((config, i) => {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  return {
    ...workerOptions,
    assets: snapshotAssets(workerOptions.assets, i),
    name: experimental_readRawConfig({ config }).rawConfig.name,
    // The bundle is one module: given as such, Miniflare does not try to follow its dynamic imports.
    modules: [{ type: "ESModule", path: scripts[i] }],
    // The overrides win over the config's vars and `.dev.vars`, as `wrangler dev --var` does.
    bindings: { ...workerOptions.bindings, ...vars },
  };
});

const mf = new Miniflare({
  // workerd listens on a port of its own choosing; the front (scripts/lib/front.mjs) on the store's.
  host: "127.0.0.1",
  port: 0,
  workers,
  defaultPersistRoot: path.join(persistTo, "v3"),
  // Downloading `Request.cf` at every start is not wanted: the fallback object stands in.
  cf: false,
  // The Cron Trigger is served at /cdn-cgi/handler/scheduled for runScheduledJobs' timer.
  unsafeTriggerHandlers: true,
  logRequests: false,
  // The render profile (bench/render-profile.mjs) reads the Workers' CPU profile through DevTools' protocol.
  ...(inspectorPort ? { inspectorPort } : {}),
  // workerd reports a Worker's uncaught exceptions only when verbose, among notices of its own.
  verbose: true,
  log: new Log(LogLevel.WARN),
  handleStructuredLogs(log) {
    const line = workerLogLine(log, logLevel);
    if (line) process[line.stream].write(line.text);
  },
});
const upstream = await mf.ready;
// A port already taken ends this server, workerd with it.
const front = await startFront({ host: "127.0.0.1", port, upstream }).catch(async (error) => {
  await mf.dispose();
  throw error;
});

let stopping = false;
async function shutDown(code) {
  if (stopping) return;
  stopping = true;
  front.close();
  await mf.dispose().catch(() => {});
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => shutDown(0));
// Whoever started this server is gone (it crashed or was killed): stop too rather than hold the port forever.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && shutDown(0), 1_000).unref();
