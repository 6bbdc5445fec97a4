import { env } from "cloudflare:workers";
import type { Deps } from "~/deps";
import { createDeps, type RequestFacts } from "~/deps.server";

/** Deps as the Worker builds them, for tests inside workerd (origin https://store.test unless `facts` says otherwise). */
export function testDeps(extraEnv: Record<string, string> = {}, facts: RequestFacts = {}): Deps {
  return createDeps({ ...env, ...extraEnv }, { origin: "https://store.test", ...facts });
}
