import { and, asc, eq, gt, inArray, lt, or } from "drizzle-orm";
import { ledger, payments } from "~/db/schema";
import type { Deps } from "~/deps";
import { closeLink, processRefund, settleGatewayPayments } from "./ledger.server";

/** A browser return or webhook may still be on its way for this long; after it the gateway is asked. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
/** How far back open attempts are checked: a checkout is abandoned after this; a link lives 7 days. */
const CHECKOUT_LOOK_BACK_MS = 2 * 24 * 60 * 60_000;
const LINK_LOOK_BACK_MS = 8 * 24 * 60 * 60_000;
/** A paid gateway order is checked for a second capture (a retry in another tab) for a day. */
const SECOND_CAPTURE_MS = 24 * 60 * 60_000;
const BATCH = 50;

export type ReconcileReport = { attempts: number; links: number; refunds: number; errors: number };

/**
 * The scheduled job's money pass: asks the gateway, not our own records, so a payment whose browser return
 * and webhooks were all lost is still found (and the order placed, or the payment refunded), a second
 * capture on a paid gateway order is refunded, a link the gateway has not closed yet is closed again, and a
 * refund the gateway refused or never answered is asked again. Every step goes through the ledger's guarded
 * writes, so running it twice, or beside a webhook, changes nothing twice.
 */
export async function reconcilePayments(deps: Deps, now = deps.now()): Promise<ReconcileReport> {
  const report: ReconcileReport = { attempts: 0, links: 0, refunds: 0, errors: 0 };
  const gateway = deps.gateway;
  if (!gateway) return report;
  const settledBefore = now - RECONCILE_AFTER_MS;
  const attempts = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, gateway.name),
        or(
          and(
            eq(payments.kind, "advance"),
            inArray(payments.status, ["created", "failed"]),
            lt(payments.createdAt, settledBefore),
            gt(payments.createdAt, now - CHECKOUT_LOOK_BACK_MS),
          ),
          and(
            eq(payments.kind, "balance"),
            eq(payments.status, "created"),
            lt(payments.createdAt, settledBefore),
            gt(payments.createdAt, now - LINK_LOOK_BACK_MS),
          ),
          and(eq(payments.kind, "advance"), eq(payments.status, "paid"), gt(payments.createdAt, now - SECOND_CAPTURE_MS)),
          and(eq(payments.kind, "balance"), eq(payments.status, "cancelled"), eq(payments.gatewayClosed, false)),
        ),
      ),
    )
    // The least recently checked first; each check touches `checked_at`, so a long list is worked through in turns.
    .orderBy(asc(payments.checkedAt))
    .limit(BATCH);
  for (const attempt of attempts) {
    if (!attempt.providerRef) continue;
    try {
      if (attempt.kind === "advance") {
        await settleGatewayPayments(deps, attempt.providerRef, await gateway.fetchOrderPayments(attempt.providerRef), now);
        report.attempts++;
      } else if (attempt.status === "cancelled") {
        await closeLink(deps, attempt, now);
        report.links++;
      } else {
        const link = await gateway.fetchPaymentLink(attempt.providerRef);
        await settleGatewayPayments(deps, attempt.providerRef, link.payments, now);
        if (link.status === "expired" || link.status === "cancelled") {
          await deps.db
            .update(payments)
            .set({ status: link.status, gatewayClosed: true, updatedAt: now })
            .where(and(eq(payments.id, attempt.id), eq(payments.status, "created")));
        }
        report.links++;
      }
      await deps.db.update(payments).set({ checkedAt: now }).where(eq(payments.id, attempt.id));
    } catch (error) {
      report.errors++;
      console.error(`reconciling ${attempt.providerRef} failed; next run tries again`, error);
    }
  }

  const refunds = await deps.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.kind, "refund"), inArray(ledger.state, ["pending", "failed"])))
    .limit(BATCH);
  for (const refund of refunds) {
    try {
      if (refund.gatewayRefundId && refund.paymentRef && refund.provider === gateway.name) {
        const known = await gateway.fetchRefund(refund.paymentRef, refund.gatewayRefundId);
        if (known.status === "processed") await deps.db.update(ledger).set({ state: "done", updatedAt: now }).where(eq(ledger.id, refund.id));
      } else {
        await processRefund(deps, refund, now);
      }
      report.refunds++;
    } catch (error) {
      report.errors++;
      console.error(`checking refund ${refund.ref} failed; next run tries again`, error);
    }
  }
  return report;
}
