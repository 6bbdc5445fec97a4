// Serves the current build (run `npm run build` first) on its own local database, for the benchmarks: `fn` gets the
// store's URL, the persistence folder (for openLocalD1), the server process and what `beforeStart` (run on the
// seeded database before the store starts) returned.
import { existsSync, rmSync } from "node:fs";
import { applyMigrations, run, serve, stop } from "../scripts/lib/local.mjs";

export async function withBuiltStore(fn, { beforeStart } = {}) {
  if (!existsSync("build/server/index.js")) run("node_modules/.bin/remix", ["vite:build"]);
  const persistTo = ".wrangler/bench-state";
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo);
  run("node", ["scripts/seed.mjs", "--persist-to", persistTo]);
  const prepared = beforeStart ? await beforeStart(persistTo) : undefined;
  const { child, url } = await serve({ persistTo, port: Number(process.env.BENCH_PORT || 8798), stdio: ["ignore", "ignore", "inherit"] });
  try {
    return await fn(url, { persistTo, child, prepared });
  } finally {
    stop(child);
  }
}
