import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { applyMigrations, run, serve, stop } from "../../scripts/lib/local.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export const PERSIST_TO = ".wrangler/e2e-state";

/** The e2e store's soft close (production: 2 minutes, capped at 30 minutes), so the auction test waits seconds. */
export const SOFT_CLOSE_SECONDS = 30;
const SOFT_CLOSE_CAP_SECONDS = 600;

/** Serves the built store (build/ must exist: `npm run test:e2e` builds first) on a fresh local database. */
export default async function setup(project: TestProject) {
  rmSync(PERSIST_TO, { recursive: true, force: true });
  applyMigrations(PERSIST_TO);
  run("node", ["scripts/seed.mjs", "--persist-to", PERSIST_TO]);
  const port = Number(process.env.E2E_PORT || 8799);
  const { child, url } = await serve({
    persistTo: PERSIST_TO,
    port,
    stdio: ["ignore", "inherit", "inherit"],
    vars: { AUCTION_SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_SECONDS), AUCTION_SOFT_CLOSE_CAP_SECONDS: String(SOFT_CLOSE_CAP_SECONDS) },
  });
  project.provide("baseUrl", url);
  return () => stop(child);
}
