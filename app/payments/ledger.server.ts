import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "~/deps";
import { ledger, orders, payments, type LedgerReason, type LedgerRow, type Order, type Payment } from "~/db/schema";
import { format } from "~/i18n/messages";
import { payMessages } from "~/i18n/pay.messages";
import { formatRupees } from "~/lib/money";
import { notifyAdmins, notifyCustomer } from "~/notifications/notify.server";
import { GatewayError } from "./gateway.server";
import { summarizeLedger, type MoneySummary } from "./ledger";

/**
 * The one money module: every capture and refund row is written by a statement built here (the cash row by
 * the admin's delivery, app/admin/orders.server.ts), each in the same atomic batch as the state check that
 * allows it (D1 has no interactive transactions, so each step is one batch of conditional statements, read
 * back by row count).
 *
 * Invariants, under any interleaving of callbacks, webhooks, admin actions and the scheduled job:
 * - a gateway payment id is one ledger row, so it belongs to one order, once;
 * - a refund is inserted only if its payment has that much left (computed inside the INSERT), so refunds
 *   never exceed captures;
 * - a capture nothing is owed for (the order moved on, the link was closed, a second capture) gets its full
 *   refund row in the same batch that records it: money is never silently kept or dropped.
 */
const m = payMessages;

/** Sum of the refunds (any state) already drawn on the capture aliased `c`. */
const REFUNDED_OF_C = "(SELECT coalesce(sum(r.amount_paise), 0) FROM ledger r WHERE r.kind = 'refund' AND r.payment_ref = c.ref)";

/**
 * A refund row for every capture of `orderId` matching `filter`, of what it has left (or exactly `amount`
 * when given and available), keyed `{reason}:{payment id}`: replays and concurrent callers insert it once.
 * `guard` is SQL that must hold for the refund to exist (the state that allows it), checked in the same
 * statement.
 */
export function refundStatement(
  deps: Pick<Deps, "db">,
  input: { orderId: number; reason: LedgerReason; now: number; paymentRef?: string; amountPaise?: number; guard?: { sql: string; binds: unknown[] } },
): D1PreparedStatement {
  const amount = input.amountPaise === undefined ? `c.amount_paise - ${REFUNDED_OF_C}` : "?";
  const enough = input.amountPaise === undefined ? `c.amount_paise - ${REFUNDED_OF_C} > 0` : `c.amount_paise - ${REFUNDED_OF_C} >= ?`;
  const binds: unknown[] = [input.reason, input.reason];
  if (input.amountPaise !== undefined) binds.push(input.amountPaise);
  binds.push(input.now, input.now, input.orderId);
  if (input.amountPaise !== undefined) binds.push(input.amountPaise);
  if (input.paymentRef !== undefined) binds.push(input.paymentRef);
  binds.push(...(input.guard?.binds ?? []));
  return deps.db.$client
    .prepare(
      `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at)
       SELECT c.order_id, 'refund', ?, ? || ':' || c.ref, c.provider, ${amount}, 'pending', c.ref, ?, ?
       FROM ledger c WHERE c.order_id = ? AND c.kind = 'capture' AND ${enough}
         ${input.paymentRef !== undefined ? "AND c.ref = ?" : ""} ${input.guard ? `AND (${input.guard.sql})` : ""}
       ORDER BY c.id
       ON CONFLICT (ref) DO NOTHING`,
    )
    .bind(...binds);
}

export type SettleOutcome =
  | { kind: "paid"; order: Order } // this call settled what was owed
  | { kind: "already"; order: Order } // recorded before (a replay, the other channel)
  | { kind: "refunded"; order: Order } // nothing was owed: refunded in full
  | { kind: "refund_pending"; order: Order } // nothing was owed: the refund is being retried
  | { kind: "ignored"; reason: string };

/**
 * A captured payment reported by the gateway (callback, webhook, reconciliation), through the attempt whose
 * gateway order or link is `attemptRef`. One batch records the capture (once per payment id), settles what
 * the order owed if the attempt and the order are still waiting for exactly this money, and otherwise
 * inserts the payment's full refund. Only the call that changed something tells anyone.
 */
export async function settlePayment(
  deps: Deps,
  input: { attemptRef: string; paymentId: string; amountPaise?: number; currency?: string },
  now = deps.now(),
): Promise<SettleOutcome> {
  const [attempt] = await deps.db.select().from(payments).where(eq(payments.providerRef, input.attemptRef)).limit(1);
  if (!attempt) return { kind: "ignored", reason: "unknown gateway order or link" };
  if (!/^pay_[A-Za-z0-9]{6,40}$/.test(input.paymentId)) return { kind: "ignored", reason: "malformed payment id" };
  if (input.currency !== undefined && input.currency !== "INR") return { kind: "ignored", reason: "currency" };
  // The gateway takes exactly the attempt's amount; a report of anything else is recorded as it is, and refunded.
  const amount = input.amountPaise ?? attempt.amountPaise;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { kind: "ignored", reason: "amount" };
  const d1 = deps.db.$client;
  const advance = attempt.kind === "advance";
  const note = `${advance ? "Advance" : "Balance"} ${formatRupees(amount)} paid (${input.paymentId})`;
  const statements = [
    d1
      .prepare(
        `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, attempt_id, created_at, updated_at)
         VALUES (?, 'capture', ?, ?, ?, ?, 'done', ?, ?, ?) ON CONFLICT (ref) DO NOTHING`,
      )
      .bind(attempt.orderId, attempt.kind, input.paymentId, attempt.provider, amount, attempt.id, now, now),
    advance
      ? d1
          .prepare(
            `UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status IN ('created', 'failed') AND amount_paise = ?
               AND changes() = 1 AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND status = 'payment_pending')`,
          )
          .bind(input.paymentId, now, attempt.id, amount, attempt.orderId)
      : d1
          .prepare(
            `UPDATE payments SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ? AND status = 'created' AND amount_paise = ?
               AND (expires_at IS NULL OR expires_at > ?) AND changes() = 1
               AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND payment_state = 'balance_requested' AND status <> 'order_cancelled')`,
          )
          .bind(input.paymentId, now, attempt.id, amount, now, attempt.orderId),
    advance
      ? d1
          .prepare(
            `UPDATE orders SET status = 'order_raised', payment_state = 'advance_paid', paid_at = ?, reserved_until = NULL, version = version + 1,
               updated_at = ? WHERE id = ? AND status = 'payment_pending' AND changes() = 1`,
          )
          .bind(now, now, attempt.orderId)
      : d1
          .prepare(
            "UPDATE orders SET payment_state = 'balance_paid', version = version + 1, updated_at = ? WHERE id = ? AND payment_state = 'balance_requested' AND changes() = 1",
          )
          .bind(now, attempt.orderId),
    d1
      .prepare(
        "INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) SELECT ?, NULL, 'payment', ?, ?, ?, ? WHERE changes() = 1",
      )
      .bind(attempt.orderId, advance ? "payment_pending" : "balance_requested", advance ? "order_raised" : "balance_paid", note, now),
    ...(advance
      ? [
          d1
            .prepare(
              `DELETE FROM cart_items WHERE changes() = 1 AND user_id = (SELECT user_id FROM orders WHERE id = ?1 AND source = 'shop')
                 AND product_id IN (SELECT product_id FROM order_items WHERE order_id = ?1)`,
            )
            .bind(attempt.orderId),
        ]
      : []),
    // Not owed unless this very payment paid the attempt: refund all of it.
    refundStatement(deps, {
      orderId: attempt.orderId,
      reason: "unowed",
      now,
      paymentRef: input.paymentId,
      guard: { sql: "NOT EXISTS (SELECT 1 FROM payments WHERE id = ? AND status = 'paid' AND payment_id = ?)", binds: [attempt.id, input.paymentId] },
    }),
  ];
  const results = await d1.batch(statements);
  const order = await loadOrder(deps, attempt.orderId);
  if (results[2].meta.changes === 1) {
    await (advance ? sendReceipt(deps, order) : tellBalancePaid(deps, order, amount));
    return { kind: "paid", order };
  }
  const refundInserted = results[results.length - 1].meta.changes === 1;
  const [refund] = await deps.db
    .select()
    .from(ledger)
    .where(eq(ledger.ref, `unowed:${input.paymentId}`))
    .limit(1);
  if (!refund) return { kind: "already", order };
  if (refundInserted) {
    await d1
      .prepare(
        "INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) VALUES (?, NULL, 'payment', NULL, 'refund', ?, ?)",
      )
      .bind(order.id, `${formatRupees(refund.amountPaise)} from ${input.paymentId} was not owed: refunded in full`, now)
      .run();
  }
  const done = await processRefund(deps, refund, now);
  if (refundInserted) await tellUnowedRefund(deps, order, refund.amountPaise);
  return { kind: done ? "refunded" : "refund_pending", order };
}

/**
 * Asks the gateway for one refund row's money. The idempotency key is the row's key (plus the number of
 * refusals so far), so concurrent or repeated calls make one refund; an answer we never got is retried with
 * the same key, a refusal with a new one. Returns whether the gateway has made the refund.
 */
export async function processRefund(deps: Pick<Deps, "db" | "gateway" | "now">, row: LedgerRow, now = deps.now()): Promise<boolean> {
  if (row.kind !== "refund" || row.state === "done" || row.gatewayRefundId) return row.state === "done" || row.gatewayRefundId !== null;
  const d1 = deps.db.$client;
  const gateway = deps.gateway;
  try {
    if (!gateway || row.provider !== gateway.name || !row.paymentRef) throw new GatewayError("The gateway that took this payment is not configured", 503);
    const refund = await gateway.refund({
      paymentId: row.paymentRef,
      amountPaise: row.amountPaise,
      idempotencyKey: row.tries === 0 ? row.ref : `${row.ref}#${row.tries}`,
    });
    const state = refund.status === "processed" ? "done" : refund.status === "failed" ? "failed" : "pending";
    await d1
      .prepare(
        `UPDATE ledger SET state = ?, gateway_refund_id = CASE WHEN ? = 'failed' THEN NULL ELSE ? END, tries = tries + CASE WHEN ? = 'failed' THEN 1 ELSE 0 END,
           updated_at = ? WHERE id = ? AND state <> 'done' AND gateway_refund_id IS NULL`,
      )
      .bind(state, state, refund.id, state, now, row.id)
      .run();
    return state !== "failed";
  } catch (error) {
    console.error(`refund ${row.ref} failed; the scheduled job retries it`, error);
    // A refusal (4xx) will not change by asking again with the same key; an unknown outcome must keep it.
    const refused = error instanceof GatewayError && error.status >= 400 && error.status < 500;
    await d1
      .prepare("UPDATE ledger SET state = 'failed', tries = tries + ?, updated_at = ? WHERE id = ? AND state <> 'done' AND gateway_refund_id IS NULL")
      .bind(refused ? 1 : 0, now, row.id)
      .run();
    return false;
  }
}

/** Every refund of an order the gateway has not made yet (after a cancel or a difference refund). */
export async function processOrderRefunds(
  deps: Pick<Deps, "db" | "gateway" | "now">,
  orderId: number,
  now = deps.now(),
): Promise<{ done: number; pending: number }> {
  const rows = await deps.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.orderId, orderId), eq(ledger.kind, "refund"), inArray(ledger.state, ["pending", "failed"])));
  let done = 0;
  let pending = 0;
  for (const row of rows) {
    if (await processRefund(deps, row, now)) done += row.amountPaise;
    else pending += row.amountPaise;
  }
  return { done, pending };
}

/** The gateway confirmed (`processed`) or gave up on (`failed`) a refund it had accepted. */
export async function recordRefundOutcome(deps: Pick<Deps, "db" | "now">, gatewayRefundId: string, outcome: "processed" | "failed", now = deps.now()) {
  const d1 = deps.db.$client;
  if (outcome === "processed") {
    await d1.prepare("UPDATE ledger SET state = 'done', updated_at = ? WHERE gateway_refund_id = ? AND kind = 'refund'").bind(now, gatewayRefundId).run();
  } else {
    await d1
      .prepare(
        "UPDATE ledger SET state = 'failed', gateway_refund_id = NULL, tries = tries + 1, updated_at = ? WHERE gateway_refund_id = ? AND kind = 'refund' AND state <> 'done'",
      )
      .bind(now, gatewayRefundId)
      .run();
  }
}

/** The order's live balance links become `cancelled` if the order is now in the state `orderCondition` says. */
export function cancelLinksStatement(deps: Pick<Deps, "db">, orderId: number, now: number, orderCondition: string) {
  return deps.db.$client
    .prepare(
      `UPDATE payments SET status = 'cancelled', updated_at = ?1 WHERE order_id = ?2 AND kind = 'balance' AND status = 'created'
         AND EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND ${orderCondition})`,
    )
    .bind(now, orderId);
}

/**
 * Closes an order's balance links at the gateway once the store has cancelled them (order cancelled, cash on
 * delivery). A link the customer paid first is settled, which refunds it, since nothing is owed through it.
 */
export async function closeCancelledLinks(deps: Deps, orderId: number, now = deps.now()) {
  const links = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "balance"), eq(payments.status, "cancelled"), eq(payments.gatewayClosed, false)));
  for (const link of links) await closeLink(deps, link, now);
}

export async function closeLink(deps: Deps, link: Payment, now = deps.now()) {
  const gateway = deps.gateway;
  if (!gateway || link.provider !== gateway.name || !link.providerRef) return;
  try {
    const status = await gateway.cancelPaymentLink(link.providerRef);
    if (status === "paid" || status === "partially_paid")
      await settleGatewayPayments(deps, link.providerRef, (await gateway.fetchPaymentLink(link.providerRef)).payments, now);
    if (status !== "created") await deps.db.update(payments).set({ gatewayClosed: true, updatedAt: now }).where(eq(payments.id, link.id));
  } catch (error) {
    console.error(`closing payment link ${link.providerRef} failed; the scheduled job retries it`, error);
  }
}

/** Records every captured payment the gateway reports for one gateway order or link. */
export async function settleGatewayPayments(
  deps: Deps,
  attemptRef: string,
  reported: { id: string; amount: number; currency: string; status: string }[],
  now = deps.now(),
) {
  for (const p of reported) {
    if (p.status === "captured") await settlePayment(deps, { attemptRef, paymentId: p.id, amountPaise: p.amount, currency: p.currency }, now);
  }
}

/** An order's money, from its ledger rows. */
export async function orderMoney(deps: Pick<Deps, "db">, orderId: number): Promise<{ rows: LedgerRow[]; summary: MoneySummary }> {
  const rows = await deps.db.select().from(ledger).where(eq(ledger.orderId, orderId)).orderBy(ledger.id);
  return { rows, summary: summarizeLedger(rows) };
}

async function loadOrder(deps: Pick<Deps, "db">, id: number): Promise<Order> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return order;
}

async function sendReceipt(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order) {
  const items = await deps.db.$client
    .prepare("SELECT name, quantity FROM order_items WHERE order_id = ? ORDER BY id")
    .bind(order.id)
    .all<{ name: string; quantity: number }>();
  const list = items.results.map((i) => `${i.name} × ${i.quantity}`).join(", ");
  await notifyCustomer(deps, order, {
    type: "order_placed",
    title: format(m.receiptTitle, { number: order.number }),
    message: format(m.receipt, { number: order.number, items: list, total: formatRupees(order.estimatedTotalPaise) }),
  });
}

async function tellBalancePaid(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order, amount: number) {
  await notifyCustomer(deps, order, {
    type: "balance_paid",
    title: format(m.balancePaidTitle, { number: order.number }),
    message: format(m.balancePaid, { number: order.number, amount: formatRupees(amount) }),
  });
}

async function tellUnowedRefund(deps: Pick<Deps, "db" | "config" | "mailer">, order: Order, amount: number) {
  const values = { number: order.number, amount: formatRupees(amount) };
  await notifyCustomer(deps, order, { type: "refund", title: format(m.unowedTitle, values), message: format(m.unowed, values) });
  await notifyAdmins(deps, {
    type: "refund",
    title: format(m.unowedTitle, values),
    message: format(m.unowedAdmin, values),
    orderId: order.id,
    orderNumber: order.number,
  });
}
