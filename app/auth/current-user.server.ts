import type { AppLoadContext } from "@remix-run/cloudflare";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/client.server";
import type { User } from "~/db/schema";
import { clientAddress } from "./rate-limit.server";
import type { AuthDeps } from "./accounts.server";
import { findSessionUser, readSessionToken } from "./session.server";

export function authDeps(request: Request, context: AppLoadContext): AuthDeps {
  const { env } = context.cloudflare;
  return { db: getDb(env), config: getConfig(env), env, client: clientAddress(request) };
}

/** The signed-in user of a page request (session cookie), with the session token, or null. */
export async function getCurrentUser(request: Request, context: AppLoadContext): Promise<{ user: User; token: string } | null> {
  const { db, config } = authDeps(request, context);
  const token = await readSessionToken(request, config);
  if (!token) return null;
  const user = await findSessionUser(db, token);
  return user ? { user, token } : null;
}
