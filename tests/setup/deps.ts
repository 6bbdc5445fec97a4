import { env } from "cloudflare:workers";
import type { PrimaryDeps } from "~/deps";
import { createDeps, type RequestFacts } from "~/deps.server";

/**
 * Deps as the Worker builds them outside a page request (every query on the primary), for tests inside workerd
 * (origin https://store.test unless `facts` says otherwise).
 */
export function testDeps(extraEnv: Record<string, string> = {}, facts: RequestFacts = {}): PrimaryDeps {
  return createDeps({ ...env, ...extraEnv }, { origin: "https://store.test", ...facts });
}
