import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { pushOutbox, pushSubscriptions } from "~/db/schema";
import type { Deps } from "~/deps";
import { localePath, type Lang } from "~/i18n/lang";
import { MESSAGE_TRIES, retryDelayMs, SEND_LEASE_MS } from "~/messaging/en-route";
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, sendPush } from "./send.server";

type PushDeps = Pick<Deps, "db" | "config" | "fetch" | "now">;
export type PushDelivery = "sent" | "retry" | "failed" | "gone" | "skipped";

/** A notice as its pushes tell it: whose, what about, the page it opens (an English path) and its words in a language. */
export type PushNotice = {
  userId: number;
  kind: string;
  orderId?: number | null;
  auctionId?: number | null;
  path: string;
  tag: string;
  text: (lang: Lang) => { title: string; body: string };
};

// Why a push was not sent, kept on its row (the log's and the database's words, never shown to a shopper).
const REPLACED = "A newer push with the same tag replaced it";
const DEVICE_LEFT = "The device is no longer this account's";
const MOVED_ON = "Not sent: the auction has ended since";
const NO_ANSWER = "The push service did not answer";

/** An outbid or ending-soon push is only true while its auction runs: one not sent before the close is not sent after. */
const STILL_TRUE = sql`(${pushOutbox.kind} NOT IN ('outbid', 'auction_reminder')
  OR EXISTS (SELECT 1 FROM auctions a WHERE a.id = ${pushOutbox.auctionId} AND a.status = 'active'))`;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * Writes the notice's push for each of the user's devices, in the device's own language (the language of the page
 * it subscribed on), opening the notice's page in that language. A pending push with the same tag to the same
 * device is dropped in the same batch: it would replace this newer news on the device if its retry came later.
 * Returns the rows written, to send with `deliverPushes`.
 */
export async function queuePush(deps: Pick<Deps, "db">, notice: PushNotice, now: number): Promise<number[]> {
  const devices = await deps.db
    .select({ id: pushSubscriptions.id, lang: pushSubscriptions.lang })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notice.userId));
  if (devices.length === 0) return [];
  const rows = devices.map((device) => {
    const { title, body } = notice.text(device.lang);
    return {
      subscriptionId: device.id,
      userId: notice.userId,
      kind: notice.kind,
      orderId: notice.orderId ?? null,
      auctionId: notice.auctionId ?? null,
      lang: device.lang,
      title: clip(title, PUSH_TITLE_MAX),
      body: clip(body, PUSH_BODY_MAX),
      url: localePath(device.lang, notice.path),
      tag: notice.tag,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    };
  });
  const [, inserted] = await deps.db.batch([
    deps.db
      .update(pushOutbox)
      .set({ state: "failed", lastError: REPLACED, updatedAt: now })
      .where(
        and(
          eq(pushOutbox.state, "pending"),
          eq(pushOutbox.tag, notice.tag),
          inArray(
            pushOutbox.subscriptionId,
            devices.map((d) => d.id),
          ),
        ),
      ),
    deps.db.insert(pushOutbox).values(rows).returning({ id: pushOutbox.id }),
  ]);
  return inserted.map((row) => row.id);
}

/**
 * One try at one push, by whoever calls first (the notice's own request or the scheduled job): the claim counts
 * the try and takes the lease in one conditional update, so no other caller sends it meanwhile. A device the push
 * service no longer knows is deleted (its pushes with it); a device that moved to another account is not sent
 * this account's news; another failure waits its backoff, and fails for good after the last try. Never throws:
 * what the push tells about has already happened and stands.
 */
export async function deliverPush(deps: PushDeps, id: number, now = deps.now()): Promise<PushDelivery> {
  try {
    const [claimed] = await deps.db
      .update(pushOutbox)
      .set({ tries: sql`${pushOutbox.tries} + 1`, nextAttemptAt: now + SEND_LEASE_MS, updatedAt: now })
      .where(and(eq(pushOutbox.id, id), eq(pushOutbox.state, "pending"), lte(pushOutbox.nextAttemptAt, now), lt(pushOutbox.tries, MESSAGE_TRIES), STILL_TRUE))
      .returning();
    if (!claimed) return "skipped";
    // The answer is recorded only by the try that holds the claim: one whose lease ran out and was taken over is not.
    const stillClaimed = and(eq(pushOutbox.id, id), eq(pushOutbox.state, "pending"), eq(pushOutbox.tries, claimed.tries));
    const text = { title: claimed.title, body: claimed.body, url: claimed.url, tag: claimed.tag };
    let error: string;
    try {
      const outcome = await sendPush(deps, claimed.userId, text, claimed.subscriptionId);
      if (outcome.removed > 0) return "gone";
      if (outcome.sent > 0 || outcome.logged > 0) {
        const provider = outcome.sent > 0 ? "push" : "outbox";
        await deps.db.update(pushOutbox).set({ state: "sent", provider, lastError: null, sentAt: now, updatedAt: now }).where(stillClaimed);
        return "sent";
      }
      if (outcome.failed.length === 0) {
        await deps.db.update(pushOutbox).set({ state: "failed", lastError: DEVICE_LEFT, updatedAt: now }).where(stillClaimed);
        return "failed";
      }
      error = outcome.failed[0].error;
    } catch (thrown) {
      console.error("push failed", thrown);
      error = NO_ANSWER;
    }
    const final = claimed.tries >= MESSAGE_TRIES;
    await deps.db
      .update(pushOutbox)
      .set({ state: final ? "failed" : "pending", nextAttemptAt: now + retryDelayMs(claimed.tries), lastError: error, updatedAt: now })
      .where(stillClaimed);
    return final ? "failed" : "retry";
  } catch (error) {
    console.error("push outbox unavailable", error);
    return "skipped";
  }
}

/** Sends the pushes just written, each to its device. */
export async function deliverPushes(deps: PushDeps, ids: number[], now = deps.now()): Promise<PushDelivery[]> {
  const outcomes: PushDelivery[] = [];
  for (const id of ids) outcomes.push(await deliverPush(deps, id, now));
  return outcomes;
}

/**
 * The scheduled job's part: closes what can no longer go (out of tries after a last try that died, or an
 * auction's push once it has ended), then tries every push whose backoff or lease has run out, oldest first.
 */
export async function sendDuePushes(deps: PushDeps, now = deps.now()): Promise<PushDelivery[]> {
  await deps.db
    .update(pushOutbox)
    .set({ state: "failed", updatedAt: now, lastError: sql`CASE WHEN ${STILL_TRUE} THEN coalesce(${pushOutbox.lastError}, ${NO_ANSWER}) ELSE ${MOVED_ON} END` })
    .where(and(eq(pushOutbox.state, "pending"), lte(pushOutbox.nextAttemptAt, now), sql`(${pushOutbox.tries} >= ${MESSAGE_TRIES} OR NOT ${STILL_TRUE})`));
  const due = await deps.db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.state, "pending"), lte(pushOutbox.nextAttemptAt, now)))
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .limit(50);
  return deliverPushes(
    deps,
    due.map((row) => row.id),
    now,
  );
}

/** The pushes the development outbox received (no VAPID keys, outside production), newest first, for /dev/mail. */
export function devOutboxPushes(deps: Pick<Deps, "db">, limit = 50) {
  return deps.db.select().from(pushOutbox).where(eq(pushOutbox.provider, "outbox")).orderBy(desc(pushOutbox.sentAt)).limit(limit);
}
