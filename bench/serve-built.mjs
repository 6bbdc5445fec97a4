// Serves the current build (run `npm run build` first) on its own local database, for the benchmarks: `fn` gets the
// store's URL, the persistence folder (for openLocalD1) and the server process.
import { existsSync, rmSync } from "node:fs";
import { applyMigrations, run, serve, stop } from "../scripts/lib/local.mjs";

export async function withBuiltStore(fn) {
  if (!existsSync("build/server/index.js")) run("node_modules/.bin/remix", ["vite:build"]);
  const persistTo = ".wrangler/bench-state";
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo);
  run("node", ["scripts/seed.mjs", "--persist-to", persistTo]);
  const { child, url } = await serve({ persistTo, port: Number(process.env.BENCH_PORT || 8798), stdio: ["ignore", "ignore", "inherit"] });
  try {
    return await fn(url, { persistTo, child });
  } finally {
    stop(child);
  }
}
