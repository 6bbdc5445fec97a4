// Local D1 and Workers helpers shared by `npm start`, the seed and the end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const WRANGLER = "node_modules/.bin/wrangler";
// CLOUDFLARE_CF_FETCH_ENABLED=false: miniflare would download `Request.cf` from workers.cloudflare.com at every start.
// WRANGLER_HIDE_BANNER: each wrangler command's banner asks the npm registry for a newer wrangler first.
// WRANGLER_LOG_PATH: wrangler writes a debug log of every command; it goes under the project's .wrangler/, not the
// user's config folder.
const WRANGLER_LOG_PATH = process.env.WRANGLER_LOG_PATH ?? path.resolve(".wrangler", "logs");
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
  WRANGLER_LOG_PATH,
};

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: quietEnv, ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed with exit code ${result.status}`);
  return result;
}

export function applyMigrations(persistTo) {
  run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo, "-c", "wrangler.toml"], {
    env: { ...quietEnv, CI: "true" },
  });
}

export function executeSql(persistTo, file) {
  const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "-c", "wrangler.toml", "--file", file];
  const result = spawnSync(WRANGLER, args, { encoding: "utf8", env: quietEnv });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`wrangler ${args.join(" ")} failed with exit code ${result.status}`);
  }
}

/**
 * One long-lived handle on the local D1 database in `persistTo`: wrangler's platform proxy for wrangler.toml,
 * persisting where `wrangler dev --persist-to` does (`<persistTo>/v3`), so it opens the same SQLite file as a
 * running store (same binding, same database id). Far cheaper than a `wrangler d1 execute` process per query.
 * @param {string} persistTo
 */
export async function openLocalD1(persistTo) {
  process.env.WRANGLER_LOG_PATH ??= WRANGLER_LOG_PATH;
  const { getPlatformProxy } = await import("wrangler");
  const open = () => getPlatformProxy({ configPath: "wrangler.toml", persist: { path: path.join(persistTo, "v3") }, remoteBindings: false });
  let proxy = await open();
  /** @param {string} sql @param {unknown[]} params */
  const once = async (sql, params) =>
    (
      await /** @type {D1Database} */ (proxy.env.DB)
        .prepare(sql)
        .bind(...params)
        .all()
    ).results;
  return {
    /** The D1 binding of the proxy open now. */
    get db() {
      return /** @type {D1Database} */ (proxy.env.DB);
    },
    /**
     * Runs one SQL statement (values bound to `?`) and returns its rows. The proxy's synchronous channel can
     * lose a reply on a loaded machine (miniflare then fails an assertion on the message id, and every later
     * call on that channel would read the wrong reply), so such a failure reopens the proxy and runs the
     * statement once more.
     * @param {string} sql
     * @param {unknown[]} params
     */
    async query(sql, ...params) {
      try {
        return await once(sql, params);
      } catch (error) {
        if (/** @type {{ code?: string }} */ (error).code !== "ERR_ASSERTION") throw error;
        await proxy.dispose().catch(() => {});
        proxy = await open();
        return once(sql, params);
      }
    },
    dispose: () => proxy.dispose(),
  };
}

/**
 * Starts both Workers in one workerd through Miniflare (scripts/lib/workers-server.mjs, a child process: `child`),
 * without wrangler's dev proxy, which ends the whole server when one request's connection drops; resolves once
 * the store answers. `vars` (ENVIRONMENT is `environment`) override both Workers' configured vars and `.dev.vars`.
 * `logLevel` "log" shows the Workers' console.log (the dev outbox prints every mail with its code), "warn" only
 * their warnings and errors; no line per request either way.
 * `auctionConfig` replaces the auction Worker's wrangler config (the auction benchmark's adds its yardstick).
 * `inspectorPort` opens the Workers' DevTools inspector there (for a CPU profile).
 * @param {{ persistTo: string, port: number, stdio?: import("node:child_process").StdioOptions, environment?: string, vars?: Record<string, string>, logLevel?: "log" | "warn", auctionConfig?: string, inspectorPort?: number }} options
 */
export async function serve({ persistTo, port, stdio = "inherit", environment = "development", vars = {}, logLevel = "warn", auctionConfig, inspectorPort }) {
  const options = {
    persistTo: path.resolve(persistTo),
    port,
    // The links in e-mails sent outside a request (the scheduled job, an auction's close) lead to this server.
    vars: { SITE_URL: `http://localhost:${port}`, ...vars, ENVIRONMENT: environment },
    logLevel,
    auctionConfig,
    inspectorPort,
    outDir: path.resolve(".wrangler", "local-bundle", `${path.basename(path.resolve(persistTo))}-${port}`),
  };
  const child = spawn(process.execPath, ["scripts/lib/workers-server.mjs", JSON.stringify(options)], {
    stdio,
    env: quietEnv,
    detached: process.platform !== "win32",
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the local Workers exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok && child.exitCode === null) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  stop(child);
  throw new Error("the local Workers did not start within 60 s");
}

/**
 * Runs the store Worker's scheduled handler once, as its Cron Trigger would; resolves with the outcome ("ok" or
 * "exception"). Miniflare serves the trigger at /cdn-cgi/handler/scheduled; the route override sends it to the
 * store Worker itself, since the static-assets layer in front of it passes on requests only.
 * @param {string} url
 */
export async function triggerScheduled(url) {
  const res = await fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/5 * * * *")}`, {
    headers: { "MF-Route-Override": "pulasa-store" },
  });
  return res.text();
}

/**
 * Nothing fires the Cron Trigger locally, so payment reconciliation and the purge would never run for someone
 * trying the store: call the scheduled handler on a timer instead (every `everyMs`).
 */
export function runScheduledJobs(url, everyMs = 60_000) {
  const tick = async () => {
    try {
      const outcome = await triggerScheduled(url);
      if (outcome !== "ok") console.error(`scheduled jobs ended with: ${outcome}`);
    } catch (error) {
      console.error("scheduled jobs could not run:", error.message);
    }
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function stop(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    child.kill("SIGTERM");
  }
}
