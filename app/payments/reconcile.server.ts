import { and, asc, eq, gt, inArray, lt, or } from "drizzle-orm";
import { jobCursors, ledger, payments } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import type { PaymentGateway, StatementPayment } from "./gateway";
import { processRefund } from "./ledger.server";
import { isLinkAttempt } from "./links.server";
import { closeLink, settleGatewayPayments, settlePayment } from "./settle.server";

/** A browser return or webhook may still be on its way for this long; after it the gateway is asked. */
export const RECONCILE_AFTER_MS = 3 * 60_000;
/** A link lives 7 days: open links are checked a day past that. The statement is read at most this far back. */
const LOOK_BACK_MS = 8 * 24 * 60 * 60_000;
/** Each read of the statement starts this much before where the last one ended, for entries listed late. */
const STATEMENT_OVERLAP_MS = 15 * 60_000;
const STATEMENT = "gateway-statement";
const BATCH = 50;

export type ReconcileReport = { payments: number; links: number; refunds: number; errors: number };

/**
 * The scheduled job's money pass: asks the gateway, not our own records, so a payment whose browser return
 * and webhooks were all lost is still found (and the order placed, or the payment refunded), a second
 * capture on a paid gateway order is refunded, a link the gateway has not closed yet is closed again, and a
 * refund the gateway refused or never answered is asked again. Every step goes through the ledger's guarded
 * writes, so running it twice, or beside a webhook, changes nothing twice.
 */
export async function reconcilePayments(deps: PrimaryDeps, now = deps.now()): Promise<ReconcileReport> {
  const report: ReconcileReport = { payments: 0, links: 0, refunds: 0, errors: 0 };
  const gateway = deps.gateway;
  if (!gateway) return report;
  try {
    report.payments = await readStatement(deps, gateway, now);
  } catch (error) {
    report.errors++;
    console.error("reading the gateway's payment statement failed; next run reads from the same place", error);
  }
  await checkLinks(deps, gateway, now, report);
  await retryRefunds(deps, gateway, now, report);
  return report;
}

/**
 * Every payment the gateway made on one of our checkouts, however old the checkout (a second tab can pay a
 * gateway order days later), read from the gateway's statement since where the last run stopped. The cursor
 * never passes a payment that is still in flight (authorised, not yet captured or failed) or too young to
 * settle, so each is settled once it is final.
 */
async function readStatement(deps: PrimaryDeps, gateway: PaymentGateway, now: number): Promise<number> {
  const [cursor] = await deps.db.select().from(jobCursors).where(eq(jobCursors.name, STATEMENT)).limit(1);
  const since = Math.max((cursor?.at ?? 0) - STATEMENT_OVERLAP_MS, now - LOOK_BACK_MS);
  const settledBefore = now - RECONCILE_AFTER_MS;
  let settled = 0;
  let done: number | null = null;
  let held: number | null = null;
  const listed = await gateway.listPayments(since);
  const open = await capturesToSettle(
    deps,
    listed.filter((p) => p.createdAt <= settledBefore && p.status === "captured" && p.orderId),
  );
  for (const p of listed) {
    if (p.createdAt > settledBefore || !FINAL_PAYMENT_STATES.has(p.status)) {
      held = Math.min(held ?? p.createdAt, p.createdAt);
      continue;
    }
    if (p.status === "captured" && p.orderId && open.has(p.id)) {
      const outcome = await settlePayment(deps, { attemptRef: p.orderId, paymentId: p.id, amountPaise: p.amount, currency: p.currency }, now);
      if (outcome.kind !== "ignored") settled++;
    }
    done = Math.max(done ?? p.createdAt, p.createdAt);
  }
  const at = held ?? done;
  if (at !== null && at !== cursor?.at)
    await deps.db.insert(jobCursors).values({ name: STATEMENT, at }).onConflictDoUpdate({ target: jobCursors.name, set: { at } });
  return settled;
}

/** Payment ids per query: D1 binds at most 100 values to one statement. */
const IDS_PER_QUERY = 90;

/**
 * Of the captures the statement lists, those the store may still have to settle: made on one of our checkouts
 * (a payment on a link names the gateway's own order for it, which the store never saw) and not yet in the ledger.
 * The statement repeats every payment since its cursor on each run (a quarter of an hour, or days behind a payment
 * still authorising), and a capture in the ledger was settled in the same batch that wrote it: asking the ledger
 * once for all of them, in one round trip, keeps a run's cost to what is new instead of every payment listed.
 */
async function capturesToSettle(deps: PrimaryDeps, listed: StatementPayment[]): Promise<Set<string>> {
  if (listed.length === 0) return new Set();
  const chunks: StatementPayment[][] = [];
  for (let i = 0; i < listed.length; i += IDS_PER_QUERY) chunks.push(listed.slice(i, i + IDS_PER_QUERY));
  const queries = chunks.flatMap((chunk) => {
    const ids = chunk.map((p) => p.id);
    const attempts = [...new Set(chunk.map((p) => p.orderId!))];
    return [
      deps.db.select({ ref: ledger.ref }).from(ledger).where(inArray(ledger.ref, ids)),
      deps.db.select({ ref: payments.providerRef }).from(payments).where(inArray(payments.providerRef, attempts)),
    ];
  });
  const answers = await deps.db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  const recorded = new Set<string | null>();
  const ours = new Set<string | null>();
  answers.forEach((rows, i) => rows.forEach((row) => (i % 2 === 0 ? recorded : ours).add(row.ref)));
  return new Set(listed.filter((p) => !recorded.has(p.id) && ours.has(p.orderId)).map((p) => p.id));
}

/** A payment in one of these states will not change into a capture any more. */
const FINAL_PAYMENT_STATES = new Set(["captured", "failed", "refunded"]);

/**
 * Open links, the advance's and the balance's (paid, expired or cancelled at the gateway meanwhile), and links we
 * cancelled the gateway has not closed yet.
 */
async function checkLinks(deps: PrimaryDeps, gateway: PaymentGateway, now: number, report: ReconcileReport) {
  const links = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, gateway.name),
        isLinkAttempt,
        or(
          and(eq(payments.status, "created"), lt(payments.createdAt, now - RECONCILE_AFTER_MS), gt(payments.createdAt, now - LOOK_BACK_MS)),
          and(eq(payments.status, "cancelled"), eq(payments.gatewayClosed, false)),
        ),
      ),
    )
    // The least recently checked first; each check touches `checked_at`, so a long list is worked through in turns.
    .orderBy(asc(payments.checkedAt))
    .limit(BATCH);
  for (const link of links) {
    if (!link.providerRef) continue;
    try {
      if (link.status === "cancelled") {
        await closeLink(deps, link, now);
      } else {
        const known = await gateway.fetchPaymentLink(link.providerRef);
        await settleGatewayPayments(deps, link.providerRef, known.payments, now);
        if (known.status === "expired" || known.status === "cancelled") {
          await deps.db
            .update(payments)
            .set({ status: known.status, gatewayClosed: true, updatedAt: now })
            .where(and(eq(payments.id, link.id), eq(payments.status, "created")));
        }
      }
      report.links++;
      await deps.db.update(payments).set({ checkedAt: now }).where(eq(payments.id, link.id));
    } catch (error) {
      report.errors++;
      console.error(`reconciling ${link.providerRef} failed; next run tries again`, error);
    }
  }
}

/** Refunds the gateway refused or never answered: asked again (same idempotency key), or looked up. */
async function retryRefunds(deps: PrimaryDeps, gateway: PaymentGateway, now: number, report: ReconcileReport) {
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
}
