import { purgeDeadCodes } from "../app/auth/pending-codes.server";
import { purgeOldRateLimits } from "../app/auth/rate-limit.server";
import { purgeExpiredSessions } from "../app/auth/session.server";
import { fillMissingCopies } from "../app/catalog/photos.server";
import { createDeps } from "../app/deps.server";
import { sendDueMessages } from "../app/messaging/outbox.server";
import { sendDuePushes } from "../app/push/outbox.server";
import { offerLapsedLots } from "../app/orders/lot-offers.server";
import { declineUnanswered } from "../app/orders/price-answer.server";
import { releaseExpiredOrders } from "../app/orders/stock.server";
import { reconcilePayments } from "../app/payments/reconcile.server";
import { runWaitlist } from "../app/waitlist/waitlist.server";
import { expirePrebookings } from "../app/season/prebook.server";
import { fillQueue } from "../app/season/queue.server";

/**
 * The app Worker's Cron Trigger (wrangler.toml `[triggers]`, every 5 minutes; `npm start` calls it on a timer):
 * - payments are reconciled with the gateway (lost returns and webhooks, second captures, links to close,
 *   refunds to retry) and unpaid reservations released;
 * - pre-bookings past their last date (or whose season was closed) are cancelled and refunded in full, and the
 *   season's queue is filled with what catch is free, before the waitlists;
 * - an auction whose won lot's order ended unpaid offers the lot to the next highest bidder at once;
 * - waitlist holds not used in time lapse, and every sold-out product's line is served with what is free again;
 * - a final price above the shopper's ceiling left unanswered past its time is declined (the order cancelled, all refunded);
 * - text messages the provider refused or never answered are tried again (with backoff, a bounded number of times),
 *   and so are pushes the push service failed;
 * - product photos uploaded before a copy's width was added get that copy, a few photos a run;
 * - tables that would otherwise only grow lose their dead rows (expired sessions, sign-ups and password resets
 *   nobody finished, old rate-limit windows).
 */
export async function runScheduledJobs(env: Env, now = Date.now()) {
  const deps = createDeps(env);
  await releaseExpiredOrders(deps, now);
  await expirePrebookings(deps, now);
  await fillQueue(deps, now);
  await offerLapsedLots(deps, now);
  await runWaitlist(deps, now);
  await declineUnanswered(deps, now);
  await reconcilePayments(deps, now);
  await sendDueMessages(deps, now);
  await sendDuePushes(deps, now);
  await deps.db.batch([purgeExpiredSessions(deps, now), purgeDeadCodes(deps, now), purgeOldRateLimits(deps, now)]);
  await fillMissingCopies(deps);
}
