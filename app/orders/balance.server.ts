import { and, eq, gt, sql } from "drizzle-orm";
import { orderAt, orderIs, previousChanged, runBatch } from "~/db/guards.server";
import { ATTEMPT_STATUS, LEDGER_REASON, orders, payments, users, type Payment, type User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { ConflictError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { notifyCustomer } from "~/notifications/notify.server";
import { processOrderRefunds, refundStatement } from "~/payments/ledger.server";
import { cancelLinksStatement } from "~/payments/links.server";
import { closeCancelledLinks } from "~/payments/settle.server";
import { ORDER_STATUS, PAYMENT_STATE, type PaymentState } from "~/orders/status";
import { canCollectOnDelivery, canRequestBalance } from "./fulfilment";
import type { PaymentGateway } from "~/payments/gateway";
import { loadByNumber, StaleOrderError, type CustomerOrder } from "./changes.server";
import { eventStatement } from "./events.server";
import { claimThenCall } from "~/payments/gateway-step.server";

/** The balance after weighing: a payment link, a refund of the difference, or cash on delivery. */
const m = adminMessages;

/** A balance link takes payments for this long, then the gateway closes it on its own. */
export const BALANCE_LINK_MS = 7 * 24 * 60 * 60_000;

/**
 * After weighing: a payment link for the balance (final − advance), or, when the fish came in below the
 * advance, a refund of the difference; nothing owed marks the balance paid. Each path leaves
 * `advance_paid` only on the version the admin's form showed: the refund and nothing-owed paths in the batch
 * that records them, the link path by claiming `balance_requested` before the gateway is asked (undone if
 * the gateway fails). Once a link has run out unpaid, a new one may be sent the same way: the claim is on
 * the version, so two presses still make one link. The run-out link is left to the scheduled job, which asks
 * the gateway about it (a payment made on it that was never reported is refunded, since it no longer settles).
 */
export async function requestBalance(deps: PrimaryDeps, actor: User, input: { number: string; version: number }, now = deps.now()) {
  const order = await loadByNumber(deps, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (order.finalTotalPaise === null) throw new ConflictError(m.errors.noFinal);
  if (order.priceAnswer === "awaiting") throw new ConflictError(m.errors.answerFirst);
  const links = await deps.db.select().from(payments).where(eq(payments.orderId, order.id));
  if (!canRequestBalance(order, links, now)) throw new ConflictError(m.errors.balanceState);
  const balance = order.finalTotalPaise - order.advancePaise;
  const gateway = deps.gateway;
  if (balance > 0 && !gateway) throw new ConflictError(m.errors.noGateway);
  const ask = { deps, actor, order, now };
  if (balance === 0) return markNothingOwed(ask);
  if (balance < 0) return refundDifference(ask, -balance);
  return sendBalanceLink(ask, balance, links, gateway!);
}

/** A balance asked for: who asks, of which order (as the admin's form saw it), when. */
type BalanceAsk = { deps: PrimaryDeps; actor: User; order: CustomerOrder; now: number };

/** Where the admin's form saw the order: the balance is asked for only from there, and never for a cancelled order. */
const decidedOn = ({ order }: BalanceAsk) => ({ version: order.version, paymentState: order.paymentState, notStatus: ORDER_STATUS.order_cancelled }) as const;

/** Moves the payment state to `state`, only from where the form saw the order. */
const claimBalance = (ask: BalanceAsk, state: PaymentState) =>
  ask.deps.db
    .update(orders)
    .set({ paymentState: state, version: sql`${orders.version} + 1`, updatedAt: ask.now })
    .where(orderAt(ask.order.id, decidedOn(ask)));

async function markNothingOwed(ask: BalanceAsk) {
  const { deps, actor, order, now } = ask;
  const batch = await runBatch(deps.db, {
    order: claimBalance(ask, PAYMENT_STATE.balance_paid),
    event: eventStatement(deps, order.id, actor, "payment", PAYMENT_STATE.advance_paid, PAYMENT_STATE.balance_paid, m.detail.nothingOwed, now),
  });
  if (batch.order.meta.changes !== 1) throw new StaleOrderError();
  return { message: m.detail.nothingOwed };
}

/**
 * The fish came in below the advance: the refund row exists only if the advance has that much left and the
 * order is still where the form saw it; the order moves only if the refund row was written.
 */
async function refundDifference(ask: BalanceAsk, amount: number) {
  const { deps, actor, order, now } = ask;
  const batch = await runBatch(deps.db, {
    refund: refundStatement(deps, {
      orderId: order.id,
      reason: LEDGER_REASON.difference,
      amountPaise: amount,
      now,
      guard: sql`c.reason = ${LEDGER_REASON.advance} AND ${orderIs(order.id, { ...decidedOn(ask), paymentState: PAYMENT_STATE.advance_paid })}`,
    }),
    order: deps.db
      .update(orders)
      .set({ paymentState: PAYMENT_STATE.balance_paid, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(and(orderAt(order.id, { version: order.version }), previousChanged())),
    event: eventStatement(
      deps,
      order.id,
      actor,
      "payment",
      PAYMENT_STATE.advance_paid,
      PAYMENT_STATE.balance_paid,
      `Difference of ${formatRupees(amount)} to refund`,
      now,
    ),
  });
  if (batch.order.meta.changes !== 1) throw new StaleOrderError();
  const { done } = await processOrderRefunds(deps, order.id, now);
  const made = done >= amount;
  const text = formatRupees(amount);
  await notifyCustomer(deps, order, {
    type: "refund",
    words: (t) => ({
      title: format(t.customer.differenceRefundedTitle, { number: order.number }),
      message: format(made ? t.customer.differenceRefunded : t.customer.differenceRefundPending, { amount: text, number: order.number }),
    }),
  });
  return { message: format(made ? m.detail.differenceRefunded : m.detail.differencePending, { amount: text }) };
}

/**
 * A payment link for the balance: the request is claimed on the order first, so a second press (or another admin)
 * cannot make a second link; a gateway failure gives the claim back. The link is recorded only while the order
 * still waits for it; otherwise (cancelled meanwhile) it is recorded cancelled and closed at the gateway.
 */
async function sendBalanceLink(ask: BalanceAsk, balance: number, links: Payment[], gateway: PaymentGateway) {
  const { deps, actor, order, now } = ask;
  const db = deps.db;
  const from = order.paymentState;
  const [customer] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, order.userId)).limit(1);
  const sent = links.filter((l) => l.kind === "balance").length;
  const made = await claimThenCall({
    claim: async () => (await claimBalance(ask, PAYMENT_STATE.balance_requested)).meta.changes === 1,
    lost: () => new StaleOrderError(),
    call: () =>
      gateway.createPaymentLink({
        amountPaise: balance,
        // Razorpay wants a reference unique per link: a second link for the order (after one expired) gets its own.
        referenceId: `${order.number}-B${sent ? sent + 1 : ""}`,
        description: `Balance for ${order.number}`,
        businessName: deps.config.brand,
        customer: { name: `${order.firstName} ${order.lastName}`.trim() || (customer?.name ?? ""), email: customer?.email ?? "", contact: order.phone },
        notify: true,
        callbackUrl: `${deps.origin}/orders/${order.number}/callback`,
        expiresAt: now + BALANCE_LINK_MS,
      }),
    undo: () =>
      db
        .update(orders)
        .set({ paymentState: from, version: sql`${orders.version} + 1`, updatedAt: now })
        .where(orderAt(order.id, { paymentState: PAYMENT_STATE.balance_requested })),
    failed: (error) => {
      console.error("payment link failed", error);
      return new ConflictError(m.errors.gateway);
    },
  });
  const link = {
    orderId: order.id,
    kind: "balance",
    provider: gateway.name,
    providerRef: made.id,
    amountPaise: balance,
    currency: "INR",
    expiresAt: now + BALANCE_LINK_MS,
    createdAt: now,
    updatedAt: now,
  } as const;
  const waiting = orderIs(order.id, { paymentState: PAYMENT_STATE.balance_requested, notStatus: ORDER_STATUS.order_cancelled });
  const recorded = await runBatch(db, {
    link: db.run(
      sql`INSERT INTO ${payments} (order_id, kind, provider, provider_ref, amount_paise, currency, status, link_url, expires_at, created_at, updated_at)
          SELECT ${link.orderId}, ${link.kind}, ${link.provider}, ${link.providerRef}, ${link.amountPaise}, ${link.currency}, ${ATTEMPT_STATUS.created},
            ${made.shortUrl}, ${link.expiresAt}, ${link.createdAt}, ${link.updatedAt}
          WHERE ${waiting}`,
    ),
    event: eventStatement(deps, order.id, actor, "payment", from, PAYMENT_STATE.balance_requested, `Payment link ${made.id}`, now),
  });
  if (recorded.link.meta.changes !== 1) {
    await db.insert(payments).values({ ...link, status: ATTEMPT_STATUS.cancelled });
    await closeCancelledLinks(deps, order.id, now);
    throw new StaleOrderError();
  }
  const amount = formatRupees(balance);
  await notifyCustomer(deps, order, {
    type: "balance_requested",
    words: (t) => ({
      title: format(t.customer.balanceRequestedTitle, { number: order.number }),
      message: format(t.customer.balanceRequested, { amount, number: order.number }),
      emailLine: format(t.customer.balanceLink, { link: made.shortUrl }),
    }),
  });
  return { message: format(m.detail.balanceRequested, { amount }) };
}

/**
 * The balance will be collected in cash on delivery (lets the order ship; the cash is recorded at delivery).
 * A live payment link is cancelled in the same batch and then closed at the gateway, so the balance cannot
 * be paid twice.
 */
export async function collectOnDelivery(deps: PrimaryDeps, actor: User, input: { number: string; version: number }, now = deps.now()) {
  const order = await loadByNumber(deps, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (order.finalTotalPaise === null) throw new ConflictError(m.errors.noFinal);
  if (order.finalTotalPaise <= order.advancePaise) throw new ConflictError(m.errors.nothingToCollect);
  if (order.priceAnswer === "awaiting") throw new ConflictError(m.errors.answerFirst);
  if (!canCollectOnDelivery(order)) throw new ConflictError(m.errors.balanceState);
  const batch = await runBatch(deps.db, {
    order: deps.db
      .update(orders)
      .set({ paymentState: PAYMENT_STATE.balance_on_delivery, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(
        and(
          orderAt(order.id, { version: order.version, paymentState: order.paymentState, notStatus: ORDER_STATUS.order_cancelled }),
          gt(orders.finalTotalPaise, orders.advancePaise),
        ),
      ),
    event: eventStatement(deps, order.id, actor, "payment", order.paymentState, PAYMENT_STATE.balance_on_delivery, null, now),
    links: cancelLinksStatement(deps, order.id, now, { paymentState: PAYMENT_STATE.balance_on_delivery }),
  });
  if (batch.order.meta.changes !== 1) throw new StaleOrderError();
  await closeCancelledLinks(deps, order.id, now);
  const amount = formatRupees(order.finalTotalPaise - order.advancePaise);
  await notifyCustomer(deps, order, {
    type: "balance_requested",
    words: (t) => ({
      title: format(t.customer.balanceRequestedTitle, { number: order.number }),
      message: format(t.customer.collectOnDelivery, { amount, number: order.number }),
    }),
  });
  return { message: m.detail.collectOnDeliveryDone };
}
