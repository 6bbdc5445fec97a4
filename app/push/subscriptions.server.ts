import { and, desc, eq, notInArray } from "drizzle-orm";
import { pushSubscriptions, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { InvalidInputError } from "~/lib/errors";
import { endpointProblem, type SubscribeInput } from "./subscription";

/**
 * An account's push devices. A shopper changes phones and browsers, and a browser that lost its subscription can
 * never remove it, so at the limit the least recently used device makes room for the new one instead of the new
 * one being refused.
 */
export const MAX_DEVICES = 5;

/** A point that is not on the P-256 curve cannot be encrypted to: refused now rather than failing every push. */
async function isP256Point(p256dh: string): Promise<boolean> {
  const bytes = Uint8Array.from(atob(p256dh.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stores the caller's device. An endpoint is one browser: posted again it takes the new keys and language, and
 * posted by another account's signed-in session (someone else signed in on that browser) it moves to that
 * account, so the previous account's news never shows on a device it left. All in one batch: concurrent posts
 * never leave more than MAX_DEVICES, and the device just posted is always kept.
 */
export async function subscribe(deps: Pick<Deps, "db" | "config" | "now">, user: User, input: SubscribeInput): Promise<{ id: number }> {
  const problem = endpointProblem(input.endpoint, deps.config.environment === "production");
  if (problem) throw new InvalidInputError(problem);
  if (!(await isP256Point(input.keys.p256dh))) throw new InvalidInputError("The subscription's p256dh key is not a P-256 public key");
  const now = deps.now();
  const device = { userId: user.id, p256dh: input.keys.p256dh, auth: input.keys.auth, lang: input.lang ?? user.lang, lastUsedAt: now };
  const newest = deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
    .orderBy(desc(pushSubscriptions.lastUsedAt), desc(pushSubscriptions.id))
    .limit(MAX_DEVICES);
  const [[row]] = await deps.db.batch([
    deps.db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...device })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: device })
      .returning({ id: pushSubscriptions.id }),
    deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), notInArray(pushSubscriptions.id, newest))),
  ]);
  return row;
}

/** Removes the caller's device; another account's endpoint (or an unknown one) is left alone and answers the same. */
export async function unsubscribe(deps: Pick<Deps, "db">, user: User, endpoint: string): Promise<void> {
  await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
}

/** Whether `endpoint` is one of the caller's devices at the store. */
export async function isDevice(deps: Pick<Deps, "db">, user: User, endpoint: string): Promise<boolean> {
  return (await deps.db.$count(pushSubscriptions, and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)))) > 0;
}

/** How many devices the account gets pushes on. */
export async function countDevices(deps: Pick<Deps, "db">, userId: number): Promise<number> {
  return deps.db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId));
}

/** Removes every device of the caller's (the profile's 'Turn off on all devices'). */
export async function unsubscribeAll(deps: Pick<Deps, "db">, user: User): Promise<void> {
  await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
}
