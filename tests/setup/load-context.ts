import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { getLoadContext } from "../../workers/load-context";

const pending = new Set<Promise<unknown>>();

/** Waits for the work requests handed to the runtime to finish after their responses (as the Worker's would). */
export async function afterResponses() {
  while (pending.size) await Promise.allSettled([...pending]);
}

/** The load context a request gets in the Worker (database, config, current user), for tests inside workerd. */
/** `extraEnv` adds or replaces bindings (a D1 binding that watches its queries, say) or variables. */
export function loadContext(request: Request, extraEnv: Record<string, unknown> = {}): Promise<AppLoadContext> {
  const waitUntil = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  return getLoadContext({
    request,
    context: { cloudflare: { env: { ...env, ...extraEnv }, ctx: { waitUntil, passThroughOnException: () => {}, props: {} }, cf: undefined, caches } as never },
  });
}
