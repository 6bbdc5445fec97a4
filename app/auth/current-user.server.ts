import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AuthDeps } from "./accounts.server";

/** What the account functions need, taken from the load context. */
export function authDeps(context: AppLoadContext): AuthDeps {
  return { db: context.db, config: context.config, env: context.cloudflare.env, client: context.client };
}
