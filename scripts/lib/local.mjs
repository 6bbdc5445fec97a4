// Local D1 and Workers helpers shared by `npm start`, the seed and the end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const WRANGLER = "node_modules/.bin/wrangler";
// CLOUDFLARE_CF_FETCH_ENABLED=false: miniflare would download `Request.cf` from workers.cloudflare.com at every start.
export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

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

/** Settings of a wrangler config that hold paths relative to it, besides `main` and `migrations_dir`. */
const OTHER_PATH_KEYS = ["assets", "site", "build", "tsconfig", "base_dir", "alias", "rules", "wasm_modules", "text_blobs", "data_blobs"];

/**
 * `wrangler dev` gives `--var` to the first Worker only, and reads the second Worker's local vars from the
 * `.dev.vars` beside its config. So that no file of the user's is written (their own
 * workers/auction/.dev.vars stays as it is and still applies), the auction Worker runs from a copy of its
 * config under .wrangler/, one per persistence folder, with a `.dev.vars` beside it: the user's lines first,
 * then `vars`, which win as `--var` does for the first Worker.
 * @param {string} persistTo
 * @param {Record<string, string>} vars
 */
async function auctionConfig(persistTo, vars) {
  const { experimental_readRawConfig } = await import("wrangler");
  const source = path.resolve("workers/auction/wrangler.toml");
  const { rawConfig } = experimental_readRawConfig({ config: source });
  const unhandled = OTHER_PATH_KEYS.filter((key) => key in rawConfig);
  if (unhandled.length > 0) throw new Error(`serve() does not rebase ${unhandled.join(", ")} of ${source} yet`);
  const dir = path.resolve(".wrangler", "local-config", path.basename(path.resolve(persistTo)));
  const rebase = (/** @type {string} */ p) => path.relative(dir, path.resolve(path.dirname(source), p));
  const config = {
    ...rawConfig,
    main: rawConfig.main && rebase(rawConfig.main),
    d1_databases: rawConfig.d1_databases?.map((d) => (d.migrations_dir ? { ...d, migrations_dir: rebase(d.migrations_dir) } : d)),
  };
  mkdirSync(dir, { recursive: true });
  const configPath = path.join(dir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify(config, null, 2) + "\n");
  const own = path.join(path.dirname(source), ".dev.vars");
  const lines = [
    `# Written by scripts/lib/local.mjs for each local run: put your own values in workers/auction/.dev.vars.`,
    ...(existsSync(own) ? [readFileSync(own, "utf8").trimEnd()] : []),
    ...Object.entries(vars).map(([key, value]) => `${key}=${value}`),
  ];
  writeFileSync(path.join(dir, ".dev.vars"), lines.join("\n") + "\n");
  return configPath;
}

/**
 * Starts both Workers in one workerd; resolves once the store answers. `vars` (ENVIRONMENT is `environment`)
 * override both Workers' configured vars. `logLevel` "log" shows the Workers' console.log (the dev outbox prints
 * every mail with its code) without wrangler's line per request.
 * @param {{ persistTo: string, port: number, stdio?: import("node:child_process").StdioOptions, environment?: string, vars?: Record<string, string>, logLevel?: "log" | "warn" }} options
 */
export async function serve({ persistTo, port, stdio = "inherit", environment = "development", vars = {}, logLevel = "warn" }) {
  const allVars = { ...vars, ENVIRONMENT: environment };
  const child = spawn(
    WRANGLER,
    [
      "dev",
      "-c",
      "wrangler.toml",
      "-c",
      await auctionConfig(persistTo, allVars),
      "--persist-to",
      persistTo,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      ...Object.entries(allVars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
      "--show-interactive-dev-session=false",
      // Cron Triggers do not fire under `wrangler dev`: this exposes them for runScheduledJobs' timer below.
      "--test-scheduled",
      "--log-level",
      logLevel,
    ],
    { stdio, env: quietEnv, detached: process.platform !== "win32" },
  );
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/robots.txt`);
      if (res.ok) return { child, url };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error("wrangler dev did not start within 60 s");
}

/**
 * `wrangler dev` never fires the Cron Trigger by itself, so payment reconciliation and the purge would never
 * run for someone trying the store: call the scheduled handler on a timer instead (every `everyMs`).
 */
export function runScheduledJobs(url, everyMs = 60_000) {
  const tick = async () => {
    try {
      // wrangler 4.86 serves the trigger at /__scheduled with --test-scheduled (its /cdn-cgi/handler path fails here).
      const res = await fetch(`${url}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
      if (!res.ok) console.error(`scheduled jobs answered ${res.status}`);
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
