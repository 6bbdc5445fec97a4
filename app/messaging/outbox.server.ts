import { and, asc, desc, eq, lt, lte, sql } from "drizzle-orm";
import type { AppConfig } from "~/config.server";
import { messageOutbox, type MessageChannel, type Order } from "~/db/schema";
import type { Deps } from "~/deps";
import { orderIs, previousChanged } from "~/db/guards.server";
import { ORDER_STATUS } from "~/orders/status";
import { brandName, productName, type Lang } from "~/i18n/lang";
import { messagingMessages as m } from "~/i18n/messaging.messages";
import { firstFishCode, fishLinkStart } from "~/landings/sms";
import { enRouteText, MESSAGE_TRIES, messagePhone, retryDelayMs, SEND_LEASE_MS } from "./en-route";
import { ProviderError, sendTwilioSms } from "./twilio.server";

type SendDeps = Pick<Deps, "db" | "config" | "fetch" | "now">;
export type DeliveryOutcome = "sent" | "retry" | "failed" | "skipped";

/**
 * Only a message that is still true may go: that the order is on its way while it is shipped still (not delivered,
 * not cancelled); that its fish was weighed while it has not left yet and is not cancelled.
 */
const STILL_TRUE = sql`CASE message_outbox.kind
  WHEN 'outbid' THEN EXISTS (SELECT 1 FROM auctions a WHERE a.id = message_outbox.auction_id AND a.status = 'active')
  ELSE EXISTS (SELECT 1 FROM orders o WHERE o.id = message_outbox.order_id AND CASE message_outbox.kind
    WHEN 'en_route' THEN o.status = ${ORDER_STATUS.order_shipped}
    ELSE o.status IN (${ORDER_STATUS.order_raised}, ${ORDER_STATUS.order_confirmed}, ${ORDER_STATUS.order_packed}) END) END`;

/** The channels a message goes by: SMS always; WhatsApp too where the store has a WhatsApp sender. */
export function messageChannels(config: Pick<AppConfig, "whatsappSender">): MessageChannel[] {
  return config.whatsappSender ? ["sms", "whatsapp"] : ["sms"];
}

/**
 * The en-route message, for the batch that ships the order, one row per channel: written only if that batch's
 * update moved the order to shipped at `version + 1`, once per order and channel (a replayed or concurrent
 * 'Shipped' writes nothing). It is written in the customer's language (`order.lang`, the account's). None when
 * the order has no phone to text. `deliverOrderMessages` sends them after the batch.
 */
export function enRouteStatements(deps: Pick<Deps, "db" | "config">, order: Order & { lang: Lang }, now: number) {
  const to = messagePhone(order.phone);
  if (!to) return [];
  const text = enRouteText({ brand: brandName(deps.config, order.lang), product: productName(deps.config, order.lang) }, order, order.lang);
  const shipped = orderIs(order.id, { status: ORDER_STATUS.order_shipped, version: order.version + 1 });
  return messageChannels(deps.config).map((channel) =>
    deps.db.run(
      sql`INSERT INTO ${messageOutbox} (order_id, kind, channel, to_phone, body, state, tries, next_attempt_at, created_at, updated_at)
          SELECT ${order.id}, 'en_route', ${channel}, ${to}, ${text} || coalesce(' ' || ${fishLinkStart(deps.config, order.lang)} || (${firstFishCode(order.id)}), ''),
            'pending', 0, ${now}, ${now}, ${now}
          WHERE ${shipped}
          ON CONFLICT (order_id, kind, channel) DO NOTHING`,
    ),
  );
}

/**
 * The weighed message, one row per channel, chained in the batch that records the weights right after the
 * statement that did (each written only if the statement before it was): a weighing that lost its race writes
 * nothing, not even over the winner's message. A weighing again (a corrected weight) replaces the message and
 * sends it afresh, as it does the e-mail. None when the order has no phone to text.
 */
export function weighedStatements(deps: Pick<Deps, "db" | "config">, order: Pick<Order, "phone">, orderId: number, text: string, now: number) {
  const to = messagePhone(order.phone);
  if (!to) return [];
  return messageChannels(deps.config).map((channel) =>
    deps.db.run(
      sql`INSERT INTO ${messageOutbox} (order_id, kind, channel, to_phone, body, state, tries, next_attempt_at, created_at, updated_at)
          SELECT ${orderId}, 'weighed', ${channel}, ${to}, ${text}, 'pending', 0, ${now}, ${now}, ${now}
          WHERE ${previousChanged()}
          ON CONFLICT (order_id, kind, channel) DO UPDATE SET to_phone = excluded.to_phone, body = excluded.body, state = 'pending', tries = 0,
            next_attempt_at = excluded.next_attempt_at, provider = NULL, provider_ref = NULL, last_error = NULL, sent_at = NULL, updated_at = excluded.updated_at`,
    ),
  );
}

/**
 * The outbid text to a bidder who asked for it, one row per channel, then sent at once (the scheduled job retries
 * what does not go). Only true while the auction still runs: a text not sent before the close is not sent after.
 * Nothing when the bidder has no phone to text. The caller limits how often (as it limits the outbid e-mail).
 */
export async function sendOutbidText(deps: SendDeps, input: { userId: number; auctionId: number; phone: string | null; text: string }, now = deps.now()) {
  const to = messagePhone(input.phone);
  if (!to) return [];
  const rows = await deps.db
    .insert(messageOutbox)
    .values(
      messageChannels(deps.config).map((channel) => ({
        auctionId: input.auctionId,
        userId: input.userId,
        kind: "outbid" as const,
        channel,
        toPhone: to,
        body: input.text,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: messageOutbox.id });
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of rows) outcomes.push(await deliverMessage(deps, id, now));
  return outcomes;
}

/**
 * Hands the text to Twilio, by SMS or by WhatsApp (the same API, both numbers prefixed `whatsapp:`), when that
 * channel is configured; elsewhere than production an SMS goes to the development outbox (/dev/mail) and the log.
 */
async function handOver(deps: SendDeps, channel: MessageChannel, to: string, body: string): Promise<{ provider: "twilio" | "outbox"; ref: string | null }> {
  if (channel === "whatsapp") {
    const sender = deps.config.whatsappSender;
    if (!sender) throw new ProviderError(m.errors.notConfigured, false);
    return { provider: "twilio", ref: (await sendTwilioSms(deps.fetch, sender, `whatsapp:${to}`, body)).sid };
  }
  const twilio = deps.config.twilio;
  if (twilio) return { provider: "twilio", ref: (await sendTwilioSms(deps.fetch, twilio, to, body)).sid };
  if (deps.config.environment === "production") throw new ProviderError(m.errors.notConfigured, false);
  console.log(`[sms] to=${to}\n${body}`);
  return { provider: "outbox", ref: null };
}

/**
 * One try at one message, by whoever calls first (the request that wrote it, or the scheduled job): the claim
 * counts the try and takes the lease in one conditional update, so no other caller sends it meanwhile. A
 * failure waits its backoff, or fails the message for good after the last try or on a final refusal. Never
 * throws: the change the message tells about has already happened and stands.
 */
export async function deliverMessage(deps: SendDeps, id: number, now = deps.now()): Promise<DeliveryOutcome> {
  const db = deps.db;
  try {
    const [claimed] = await db
      .update(messageOutbox)
      .set({ tries: sql`${messageOutbox.tries} + 1`, nextAttemptAt: now + SEND_LEASE_MS, updatedAt: now })
      .where(
        and(
          eq(messageOutbox.id, id),
          eq(messageOutbox.state, "pending"),
          lte(messageOutbox.nextAttemptAt, now),
          lt(messageOutbox.tries, MESSAGE_TRIES),
          STILL_TRUE,
        ),
      )
      .returning({ toPhone: messageOutbox.toPhone, body: messageOutbox.body, tries: messageOutbox.tries, channel: messageOutbox.channel });
    if (!claimed) return "skipped";
    // The answer is about the text this try claimed: a corrected weighing may have rewritten the row meanwhile (a
    // new text, pending afresh), which this answer must neither mark sent nor fail.
    const stillClaimed = and(
      eq(messageOutbox.id, id),
      eq(messageOutbox.state, "pending"),
      eq(messageOutbox.body, claimed.body),
      eq(messageOutbox.toPhone, claimed.toPhone),
    );
    try {
      const { provider, ref } = await handOver(deps, claimed.channel, claimed.toPhone, claimed.body);
      await db.update(messageOutbox).set({ state: "sent", provider, providerRef: ref, lastError: null, sentAt: now, updatedAt: now }).where(stillClaimed);
      return "sent";
    } catch (error) {
      const final = (error instanceof ProviderError && !error.retryable) || claimed.tries >= MESSAGE_TRIES;
      const reason = error instanceof ProviderError ? error.message : m.errors.noAnswer;
      if (!(error instanceof ProviderError)) console.error("text message failed", error);
      await db
        .update(messageOutbox)
        .set({ state: final ? "failed" : "pending", nextAttemptAt: now + retryDelayMs(claimed.tries), lastError: reason, updatedAt: now })
        .where(stillClaimed);
      return final ? "failed" : "retry";
    }
  } catch (error) {
    console.error("text message outbox unavailable", error);
    return "skipped";
  }
}

/**
 * The scheduled job's part: closes what can no longer go (out of tries after a last try that died, or an
 * order that moved on from shipped), then tries every message whose backoff or lease has run out, oldest first.
 */
export async function sendDueMessages(deps: SendDeps, now = deps.now()) {
  await deps.db
    .update(messageOutbox)
    .set({
      state: "failed",
      updatedAt: now,
      lastError: sql`CASE WHEN ${STILL_TRUE} THEN coalesce(${messageOutbox.lastError}, ${m.errors.noAnswer}) ELSE ${m.errors.orderMovedOn} END`,
    })
    .where(
      and(eq(messageOutbox.state, "pending"), lte(messageOutbox.nextAttemptAt, now), sql`(${messageOutbox.tries} >= ${MESSAGE_TRIES} OR NOT ${STILL_TRUE})`),
    );
  const due = await deps.db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.state, "pending"), lte(messageOutbox.nextAttemptAt, now)))
    .orderBy(asc(messageOutbox.nextAttemptAt))
    .limit(50);
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of due) outcomes.push(await deliverMessage(deps, id, now));
  return outcomes;
}

/** Sends this order's messages that are due now (those its change just wrote), each by its channel. */
export async function deliverOrderMessages(deps: SendDeps, orderId: number, now = deps.now()): Promise<DeliveryOutcome[]> {
  const due = await deps.db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.state, "pending"), lte(messageOutbox.nextAttemptAt, now)))
    .orderBy(asc(messageOutbox.id));
  const outcomes: DeliveryOutcome[] = [];
  for (const { id } of due) outcomes.push(await deliverMessage(deps, id, now));
  return outcomes;
}

/** An order's text messages, oldest first, for the admin's order page. */
export function orderMessages(deps: Pick<Deps, "db">, orderId: number) {
  return deps.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, orderId)).orderBy(asc(messageOutbox.id));
}

/** What the development outbox received, newest first (shown at /dev/mail beside the e-mails). */
export function devOutboxMessages(deps: Pick<Deps, "db">, limit = 50) {
  return deps.db.select().from(messageOutbox).where(eq(messageOutbox.provider, "outbox")).orderBy(desc(messageOutbox.sentAt)).limit(limit);
}
