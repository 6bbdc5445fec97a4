import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { pushSubscriptions, type PushSubscriptionRow } from "~/db/schema";
import type { Deps } from "~/deps";
import type { Lang } from "~/i18n/lang";

/** The longest title and text a push carries: a notification shows a line or two, and the whole must fit in 4 KB. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 600;

/**
 * What a push shows: a notification's title and text, the store's page it opens when tapped (a path on the
 * store, never another site) and its tag (a newer push with the same tag replaces the older one on the device).
 * The service worker reads exactly this JSON.
 */
const pushTextSchema = z.object({
  title: z.string().min(1).max(PUSH_TITLE_MAX),
  body: z.string().max(PUSH_BODY_MAX),
  url: z
    .string()
    .regex(/^\/(?!\/)/, "A push opens a path on the store")
    .max(500),
  tag: z.string().min(1).max(64),
});
export type PushText = z.infer<typeof pushTextSchema>;

/** A push not delivered by then is dropped by the push service: news of an order is stale a day later. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service that never answers cannot hold the request or job that sends. */
const SEND_TIMEOUT_MS = 10_000;

export type PushOutcome = {
  sent: number;
  /** Devices whose push went to the log instead (no VAPID keys, outside production). */
  logged: number;
  /** Devices the push service no longer knows (404 or 410): deleted. */
  removed: number;
  /** Devices to try again (the push service failed or was unreachable, or push is not configured in production). */
  failed: { subscriptionId: number; status: number | null; error: string }[];
};

type Result = { row: PushSubscriptionRow } & ({ kind: "sent" | "gone" } | { kind: "failed"; status: number | null; error: string });

async function sendOne(
  deps: Pick<Deps, "config" | "fetch">,
  row: PushSubscriptionRow,
  text: PushText,
  vapid: NonNullable<Deps["config"]["vapid"]>,
): Promise<Result> {
  try {
    const subscription = { endpoint: row.endpoint, expirationTime: null, keys: { p256dh: row.p256dh, auth: row.auth } };
    const payload = await buildPushPayload({ data: text, options: { ttl: TTL_SECONDS } }, subscription, vapid);
    const res = await deps.fetch(row.endpoint, { ...payload, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    if (res.ok) return { row, kind: "sent" };
    // RFC 8030 §7.3: the subscription has expired or was removed; it never comes back.
    if (res.status === 404 || res.status === 410) return { row, kind: "gone" };
    return { row, kind: "failed", status: res.status, error: `The push service answered ${res.status}` };
  } catch (error) {
    return { row, kind: "failed", status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Sends `message` (or, per device, the message in the device's language) to each of the user's devices (or to the
 * one `deviceId`, while it is still the user's), encrypted (RFC 8291) and signed with the store's VAPID key
 * (RFC 8292). Without VAPID keys nothing is sent: outside production the message is written to the log instead,
 * in production each device is reported failed.
 */
export async function sendPush(
  deps: Pick<Deps, "db" | "config" | "fetch" | "now">,
  userId: number,
  message: PushText | ((lang: Lang) => PushText),
  deviceId?: number,
): Promise<PushOutcome> {
  const rows = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), deviceId === undefined ? undefined : eq(pushSubscriptions.id, deviceId)));
  if (rows.length === 0) return { sent: 0, removed: 0, logged: 0, failed: [] };
  const texts = rows.map((row) => pushTextSchema.parse(typeof message === "function" ? message(row.lang) : message));
  const vapid = deps.config.vapid;
  if (!vapid) {
    if (deps.config.environment === "production") {
      return { sent: 0, removed: 0, logged: 0, failed: rows.map((row) => ({ subscriptionId: row.id, status: null, error: "No VAPID keys are configured" })) };
    }
    for (const [i, row] of rows.entries()) console.info(`[push] user ${userId}, device ${row.id} (${row.lang}): ${JSON.stringify(texts[i])}`);
    return { sent: 0, removed: 0, logged: rows.length, failed: [] };
  }
  const results = await Promise.all(rows.map((row, i) => sendOne(deps, row, texts[i], vapid)));
  const sent = results.filter((r) => r.kind === "sent").map((r) => r.row.id);
  const gone = results.filter((r) => r.kind === "gone").map((r) => r.row);
  // A gone device is deleted only with the keys it was sent to: posted again meanwhile, it is a new subscription.
  const deletes = gone.map((row) =>
    deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh), eq(pushSubscriptions.auth, row.auth))),
  );
  const touch = deps.db.update(pushSubscriptions).set({ lastUsedAt: deps.now() }).where(inArray(pushSubscriptions.id, sent));
  await deps.db.batch([touch, ...deletes]);
  return {
    sent: sent.length,
    removed: gone.length,
    logged: 0,
    failed: results.flatMap((r) => (r.kind === "failed" ? [{ subscriptionId: r.row.id, status: r.status, error: r.error }] : [])),
  };
}
