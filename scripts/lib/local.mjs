// Local D1 and Workers helpers shared by `npm start`, the seed and the end-to-end tests.
import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
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

/** Runs one SQL statement against the local D1 database in `persistTo` and returns its rows. */
export function queryLocal(persistTo, sql) {
  const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "-c", "wrangler.toml", "--json", "--command", sql];
  const result = spawnSync(WRANGLER, args, { encoding: "utf8", env: quietEnv });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error(`wrangler d1 execute failed with exit code ${result.status}`);
  }
  return JSON.parse(result.stdout)[0].results;
}

/**
 * Starts both Workers in one workerd; resolves once the store answers.
 * `logLevel` "log" shows the Workers' console.log (the dev outbox prints every mail with its code) without
 * wrangler's line per request.
 * @param {{ persistTo: string, port: number, stdio?: import("node:child_process").StdioOptions, environment?: string, logLevel?: "log" | "warn" }} options
 */
export async function serve({ persistTo, port, stdio = "inherit", environment = "development", logLevel = "warn" }) {
  // `--var` reaches only the first Worker: the auction Worker reads its local ENVIRONMENT from its .dev.vars.
  writeFileSync("workers/auction/.dev.vars", `ENVIRONMENT=${environment}\n`);
  const child = spawn(
    WRANGLER,
    [
      "dev",
      "-c",
      "wrangler.toml",
      "-c",
      "workers/auction/wrangler.toml",
      "--persist-to",
      persistTo,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--var",
      `ENVIRONMENT:${environment}`,
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
