import { and, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Deps, PrimaryDeps } from "~/deps";
import { ledger, LEDGER_KIND, LEDGER_STATE, type LedgerReason, type LedgerRow } from "~/db/schema";
import { GatewayError } from "./gateway";
import { summarizeLedger, type MoneySummary } from "./ledger";

/**
 * The ledger's writes. Refund rows are written here, captures by settle.server.ts, the cash row by the admin's
 * delivery (app/admin/orders.server.ts): each in the same atomic batch as the state check that allows it (D1
 * has no interactive transactions, so each step is one batch of conditional statements, read back by row count).
 *
 * Invariants, under any interleaving of callbacks, webhooks, admin actions and the scheduled job:
 * - a gateway payment id is one ledger row, so it belongs to one order, once;
 * - a refund is inserted only if its payment has that much left (computed inside the INSERT), so refunds
 *   never exceed captures;
 * - a capture nothing is owed for (the order moved on, the link was closed, a second capture) gets its full
 *   refund row in the same batch that records it: money is never silently kept or dropped.
 */

/** Sum of the refunds (any state) already drawn on the capture aliased `c`. */
const REFUNDED_OF_C = sql`(SELECT coalesce(sum(r.amount_paise), 0) FROM ledger r WHERE r.kind = ${LEDGER_KIND.refund} AND r.payment_ref = c.ref)`;

/**
 * A refund row for every capture of `orderId` matching `filter`, of what it has left (or exactly `amount`
 * when given and available), keyed `{reason}:{payment id}`: replays and concurrent callers insert it once.
 * `guard` must hold for the refund to exist (the state that allows it, a named guard of app/db/guards.server.ts),
 * checked in the same statement.
 */
export function refundStatement(
  deps: Pick<Deps, "db">,
  input: { orderId: number; reason: LedgerReason; now: number; paymentRef?: string; amountPaise?: number; guard?: SQL },
) {
  const left = sql`c.amount_paise - ${REFUNDED_OF_C}`;
  const amount = input.amountPaise === undefined ? left : sql`${input.amountPaise}`;
  const enough = input.amountPaise === undefined ? sql`${left} > 0` : sql`${left} >= ${input.amountPaise}`;
  return deps.db.run(
    sql`INSERT INTO ${ledger} (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at)
       SELECT c.order_id, ${LEDGER_KIND.refund}, ${input.reason}, ${input.reason} || ':' || c.ref, c.provider, ${amount}, ${LEDGER_STATE.pending}, c.ref, ${input.now}, ${input.now}
       FROM ledger c WHERE c.order_id = ${input.orderId} AND c.kind = ${LEDGER_KIND.capture} AND ${enough}
         ${input.paymentRef === undefined ? sql.empty() : sql`AND c.ref = ${input.paymentRef}`} ${input.guard ? sql`AND (${input.guard})` : sql.empty()}
       ORDER BY c.id
       ON CONFLICT (ref) DO NOTHING`,
  );
}

/**
 * A refund of exactly `amountPaise` for `orderId`, drawn from its captures oldest first (each gives what it has
 * left until the amount is reached), one row per capture keyed `{key}:{payment id}`. Written only if the
 * captures together still have that much left and `guard` holds, all inside the one statement, so with any
 * cancel, difference refund or other claim beside it refunds never exceed captures; a replay with the same
 * key inserts nothing.
 */
export function refundAmountStatement(
  deps: Pick<Deps, "db">,
  input: { orderId: number; reason: LedgerReason; key: string; amountPaise: number; now: number; guard?: SQL },
) {
  const amount = input.amountPaise;
  return deps.db.run(
    sql`INSERT INTO ${ledger} (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at)
       SELECT order_id, ${LEDGER_KIND.refund}, ${input.reason}, ${input.key} || ':' || ref, provider, min(left_paise, ${amount} - coalesce(before, 0)), ${LEDGER_STATE.pending}, ref, ${input.now}, ${input.now}
       FROM (
         SELECT *, sum(left_paise) OVER () AS total, sum(left_paise) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
         FROM (SELECT c.id, c.order_id, c.ref, c.provider, c.amount_paise - ${REFUNDED_OF_C} AS left_paise FROM ledger c WHERE c.order_id = ${input.orderId} AND c.kind = ${LEDGER_KIND.capture})
         WHERE left_paise > 0
       )
       WHERE total >= ${amount} AND ${amount} - coalesce(before, 0) > 0 ${input.guard ? sql`AND (${input.guard})` : sql.empty()}
       ORDER BY id
       ON CONFLICT (ref) DO NOTHING`,
  );
}

/** What the order's captures have left to refund: captured minus every refund, asked, failed or done. */
export async function refundablePaise(deps: Pick<Deps, "db">, orderId: number): Promise<number> {
  const { summary } = await orderMoney(deps, orderId);
  return summary.capturedPaise - summary.refundedPaise - summary.refundPendingPaise;
}

/**
 * Asks the gateway for one refund row's money. The idempotency key is the row's key (plus the number of
 * refusals so far), so concurrent or repeated calls make one refund; an answer we never got is retried with
 * the same key, a refusal with a new one. Returns whether the gateway has made the refund.
 */
export async function processRefund(deps: Pick<PrimaryDeps, "db" | "gateway" | "now">, row: LedgerRow, now = deps.now()): Promise<boolean> {
  if (row.kind !== LEDGER_KIND.refund || row.state === LEDGER_STATE.done || row.gatewayRefundId)
    return row.state === LEDGER_STATE.done || row.gatewayRefundId !== null;
  const gateway = deps.gateway;
  try {
    if (!gateway || row.provider !== gateway.name || !row.paymentRef) throw new GatewayError("The gateway that took this payment is not configured", 503);
    const refund = await gateway.refund({
      paymentId: row.paymentRef,
      amountPaise: row.amountPaise,
      idempotencyKey: row.tries === 0 ? row.ref : `${row.ref}#${row.tries}`,
    });
    const state = refund.status === "processed" ? LEDGER_STATE.done : refund.status === "failed" ? LEDGER_STATE.failed : LEDGER_STATE.pending;
    const failed = state === LEDGER_STATE.failed;
    // A refused refund is retried under a new idempotency key, so it forgets the gateway's refund id.
    await deps.db
      .update(ledger)
      .set({ state, gatewayRefundId: failed ? null : refund.id, tries: sql`${ledger.tries} + ${failed ? 1 : 0}`, updatedAt: now })
      .where(unsettledRefund(row.id));
    return state !== "failed";
  } catch (error) {
    console.error(`refund ${row.ref} failed; the scheduled job retries it`, error);
    // A refusal (4xx) will not change by asking again with the same key; an unknown outcome must keep it.
    const refused = error instanceof GatewayError && error.status >= 400 && error.status < 500;
    await deps.db
      .update(ledger)
      .set({ state: LEDGER_STATE.failed, tries: sql`${ledger.tries} + ${refused ? 1 : 0}`, updatedAt: now })
      .where(unsettledRefund(row.id));
    return false;
  }
}

/** A refund row the gateway has not made or accepted yet: only such a row takes the gateway's answer. */
const unsettledRefund = (id: number) => and(eq(ledger.id, id), ne(ledger.state, LEDGER_STATE.done), isNull(ledger.gatewayRefundId));

/** Every refund of an order the gateway has not made yet (after a cancel or a difference refund). */
export async function processOrderRefunds(
  deps: Pick<PrimaryDeps, "db" | "gateway" | "now">,
  orderId: number,
  now = deps.now(),
): Promise<{ done: number; pending: number }> {
  const rows = await deps.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.orderId, orderId), eq(ledger.kind, LEDGER_KIND.refund), inArray(ledger.state, [LEDGER_STATE.pending, LEDGER_STATE.failed])));
  let done = 0;
  let pending = 0;
  for (const row of rows) {
    if (await processRefund(deps, row, now)) done += row.amountPaise;
    else pending += row.amountPaise;
  }
  return { done, pending };
}

/** The gateway confirmed (`processed`) or gave up on (`failed`) a refund it had accepted. */
export async function recordRefundOutcome(deps: Pick<PrimaryDeps, "db" | "now">, gatewayRefundId: string, outcome: "processed" | "failed", now = deps.now()) {
  const refund = and(eq(ledger.gatewayRefundId, gatewayRefundId), eq(ledger.kind, LEDGER_KIND.refund));
  if (outcome === "processed") {
    await deps.db.update(ledger).set({ state: LEDGER_STATE.done, updatedAt: now }).where(refund);
  } else {
    await deps.db
      .update(ledger)
      .set({ state: LEDGER_STATE.failed, gatewayRefundId: null, tries: sql`${ledger.tries} + 1`, updatedAt: now })
      .where(and(refund, ne(ledger.state, LEDGER_STATE.done)));
  }
}

/** An order's money, from its ledger rows. */
export async function orderMoney(deps: Pick<Deps, "db">, orderId: number): Promise<{ rows: LedgerRow[]; summary: MoneySummary }> {
  const rows = await deps.db.select().from(ledger).where(eq(ledger.orderId, orderId)).orderBy(ledger.id);
  return { rows, summary: summarizeLedger(rows) };
}
