import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { getLoadContext } from "../../workers/load-context";

/** The load context a request gets in the Worker (database, config, current user), for tests inside workerd. */
export function loadContext(request: Request, extraEnv: Record<string, string> = {}): Promise<AppLoadContext> {
  const waitUntil = () => {};
  return getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, ...extraEnv }, ctx: { waitUntil, passThroughOnException: () => {}, props: {} }, cf: undefined, caches } as never },
  });
}
