import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { bumpCatalogue } from "~/catalog/site-version.server";
import type { Deps, PrimaryDeps } from "~/deps";
import { orderAt, orderIs, previousChanged, runBatch } from "~/db/guards.server";
import { LEDGER_KIND, LEDGER_REASON, LEDGER_STATE, ledger, orderItems, orders, users, type Order, type User } from "~/db/schema";
import { adminMessages } from "~/i18n/admin.messages";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format, sentences } from "~/i18n/format";
import { brandName, localePath, type Lang } from "~/i18n/lang";
import { formatDateTimeIst } from "~/lib/dates";
import { aboveCeiling } from "./ceiling";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { deliverOrderMessages, enRouteStatements, weighedStatements } from "~/messaging/outbox.server";
import { weighedText } from "~/messaging/weighed";
import { notifyCustomer } from "~/notifications/notify.server";
import { awaitsPayment, checkTransition, normalizeStatus, ORDER_STATUS, PAYMENT_STATE, PRICE_ANSWER, type AdminStatus } from "~/orders/status";
import { processOrderRefunds, refundStatement } from "~/payments/ledger.server";
import { cancelLinksStatement } from "~/payments/links.server";
import { eventStatement } from "./events.server";
import { closeCancelledLinks } from "~/payments/settle.server";
import { finalTotals, MAX_WEIGHT_GRAMS, moneyBlocksMove } from "./fulfilment";
import { weighedNotice } from "./weighed-notice";

/**
 * The admin's side of an order: the dashboard's figures and list, status moves (forward only, refused when
 * the form is stale), weighing, the balance, cancellation with its refund. D1 has no interactive
 * transactions: every change is one batch whose first statement moves the order only from the version it was
 * decided on (`orderAt`), checked by its row count, and whose other statements are guarded on that move
 * (app/db/guards.server.ts), so two admins (or an admin and a webhook) can never both apply a change to the same version.
 */
const m = adminMessages;
type StatusLabels = Record<keyof typeof checkoutMessages.status.labels, string>;
const labelOf = (status: string, labels: StatusLabels = checkoutMessages.status.labels) =>
  labels[(normalizeStatus(status) ?? "unknown") as keyof StatusLabels] ?? status;

export class StaleOrderError extends ConflictError {
  constructor() {
    super(m.errors.stale);
  }
}

/** An order with its customer's language, the one its notices and text messages are written in. */
export type CustomerOrder = Order & { lang: Lang };

export async function loadByNumber(deps: Pick<Deps, "db">, number: string): Promise<CustomerOrder> {
  const [row] = await deps.db
    .select({ order: orders, lang: users.lang })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.number, number))
    .limit(1);
  if (!row) throw new NotFoundError(checkoutMessages.orders.notFound);
  return { ...row.order, lang: row.lang };
}

/**
 * Moves an order to `to`, from the version the admin's form was opened with. Forward only (checkTransition),
 * never past the money (moneyBlocksMove), refused if anyone changed the order since. Cancelling (with a
 * reason the customer is shown) gives the stock back, cancels the live balance links and writes a refund of
 * everything every capture has left, all in the batch that cancels; the gateway is asked afterwards. A
 * delivery with the balance to collect records the cash. The customer is told; `emailed` says whether the
 * e-mail went out.
 */
export async function changeOrderStatus(
  deps: PrimaryDeps,
  actor: User | null,
  input: { number: string; version: number; to: string; reason?: string; answer?: "declined" | "timed_out" },
  now = deps.now(),
) {
  const order = await loadByNumber(deps, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  const check = checkTransition(order.status, input.to);
  if (!check.ok) {
    if (check.reason === "unknown") throw new InvalidInputError(awaitsPayment(order.status) ? m.errors.notPaid : m.errors.unknownStatus);
    if (check.reason === "unchanged") throw new ConflictError(format(m.errors.unchanged, { label: labelOf(order.status) }));
    throw new ConflictError(format(m.errors.notAllowed, { from: labelOf(order.status), to: labelOf(input.to) }));
  }
  const blocked = moneyBlocksMove(check.to, order);
  if (blocked)
    throw new ConflictError(blocked === "weigh_first" ? m.errors.weighFirst : blocked === "answer_first" ? m.errors.answerFirst : m.errors.balanceFirst);
  const cancelling = check.to === ORDER_STATUS.order_cancelled;
  const reason = input.reason?.trim() ?? "";
  if (cancelling && (reason.length < 3 || reason.length > 300)) throw new InvalidInputError(m.errors.cancelReason);

  // Delivered with the balance to collect: the cash is recorded with the delivery.
  const cashOnDelivery = check.to === ORDER_STATUS.order_delivered && order.paymentState === PAYMENT_STATE.balance_on_delivery;
  // A decline (or no answer in time) of a price above the ceiling is this cancel, recorded with it. Its callers
  // check the answer is awaited on the version they pass: any change of the answer moves the version.
  const answer = cancelling ? (input.answer ?? null) : null;
  // Where the order's update leaves it: every statement after it applies only if the order is there now.
  const moved = orderIs(order.id, { status: check.to, version: order.version + 1 });
  const shipped = check.to === ORDER_STATUS.order_shipped;
  const batch = await runBatch(deps.db, {
    // This update alone decides whether the change happens.
    order: deps.db
      .update(orders)
      .set({
        status: check.to,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
        ...(cancelling ? { stockHeld: false, cancelReason: reason } : {}),
        ...(cashOnDelivery ? { paymentState: PAYMENT_STATE.balance_paid } : {}),
        ...(answer ? { priceAnswer: answer } : {}),
      })
      .where(orderAt(order.id, { version: order.version, status: order.status })),
    event: eventStatement(deps, order.id, actor, "status", order.status, check.to, cancelling ? reason : null, now),
    // What is left of the catch and the slot is derived from stock_held, which the update above cleared; public pages move on.
    catalogue: cancelling && order.stockHeld && bumpCatalogue(deps),
    links: cancelling && cancelLinksStatement(deps, order.id, now, { status: ORDER_STATUS.order_cancelled, version: order.version + 1 }),
    refund: cancelling && refundStatement(deps, { orderId: order.id, reason: LEDGER_REASON.cancel, now, guard: moved }),
    // The cash is what the final price still lacks after the captures and refunds, computed in the statement.
    cash:
      cashOnDelivery &&
      deps.db.run(
        sql`INSERT INTO ${ledger} (order_id, kind, reason, ref, provider, amount_paise, state, created_at, updated_at)
            SELECT o.id, ${LEDGER_KIND.cash}, ${LEDGER_REASON.balance}, 'cash:' || o.id, 'cash', o.final_total_paise - k.kept, ${LEDGER_STATE.done}, ${now}, ${now}
            FROM orders o, (SELECT coalesce(sum(CASE WHEN kind = ${LEDGER_KIND.refund} THEN -amount_paise ELSE amount_paise END), 0) AS kept
                            FROM ledger WHERE order_id = ${order.id}) k
            WHERE o.id = ${order.id} AND ${moved} AND o.final_total_paise - k.kept > 0
            ON CONFLICT (ref) DO NOTHING`,
      ),
    // Shipped: the customer's en-route message (SMS, and WhatsApp where configured) is written with the change, so
    // a crash after it cannot lose it; it is sent right after, and the scheduled job retries what did not go.
    enRoute: shipped && enRouteStatements(deps, order, now),
  });
  if (batch.order.meta.changes !== 1) throw new StaleOrderError();
  if (shipped) await deliverOrderMessages(deps, order.id, now);

  let refund = { done: 0, pending: 0 };
  if (cancelling) {
    await closeCancelledLinks(deps, order.id, now);
    refund = await processOrderRefunds(deps, order.id, now);
  }
  // A customer who cancelled their own order is not asked to contact support "if this is unexpected".
  const byCustomer = cancelling && actor?.id === order.userId;
  const { emailed } = await tellStatusChange(deps, order, check.to, { reason: cancelling ? reason : null, byCustomer, refund });
  return { label: labelOf(check.to), emailed };
}

/** The customer is told the order's new status, with the cancel's reason and its refund (made, or on its way). */
function tellStatusChange(
  deps: Deps,
  order: CustomerOrder,
  status: AdminStatus,
  cancel: { reason: string | null; byCustomer: boolean; refund: { done: number; pending: number } },
) {
  const refunded = cancel.refund.done + cancel.refund.pending;
  const to = status as keyof typeof checkoutMessages.status.messages;
  return notifyCustomer(
    deps,
    { ...order, status },
    {
      type: "order_status_update",
      words: (t) => ({
        title: format(t.customer.statusTitle, { number: order.number, label: labelOf(status, t.status.labels) }),
        message: sentences(
          cancel.byCustomer ? t.status.cancelledByYou : t.status.messages[to],
          cancel.reason !== null ? format(t.customer.cancelReason, { reason: cancel.reason }) : null,
          // A refund the gateway has not made yet is told as on its way, never as made.
          refunded > 0
            ? format(cancel.refund.pending > 0 ? t.customer.cancelledRefundPending : t.customer.cancelledRefund, {
                amount: formatRupees(refunded),
                number: order.number,
              })
            : null,
        ),
      }),
    },
  );
}

/** What a weighing brings besides the weights (the fish on the scale): statements for its batch, each written only if the weighing was, and a line for its e-mail. */
export type WeighingAttachment = { statements: BatchItem<"sqlite">[]; emailLine: (lang: Lang) => string | undefined };

/**
 * Records what each line came to: a per-kg line's weight (grams), a per-pack line's packs delivered (0 to the
 * packs ordered), and the final price; the customer is told each line, the final price and the balance.
 */
export async function recordWeights(
  deps: PrimaryDeps,
  actor: User,
  input: { number: string; version: number; weights: Map<number, number>; packs?: Map<number, number>; attach?: WeighingAttachment },
  now = deps.now(),
) {
  const order = await loadByNumber(deps, input.number);
  if (order.version !== input.version) throw new StaleOrderError();
  if (awaitsPayment(order.status) || order.status === ORDER_STATUS.order_cancelled) throw new ConflictError(m.errors.notPaid);
  // A pre-booking still in the season's queue has no fish yet: it is weighed once a catch fills it.
  if (order.status === ORDER_STATUS.prebooked) throw new ConflictError(m.errors.notFilled);
  if (order.paymentState !== PAYMENT_STATE.advance_paid) throw new ConflictError(m.errors.balanceState);
  const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id);
  const recorded = items.map((item) => {
    if (item.productId === null) return item;
    if (item.unit === "pack") {
      const packs = input.packs?.get(item.id);
      if (packs === undefined || !Number.isSafeInteger(packs) || packs < 0 || packs > item.quantity) throw new InvalidInputError(m.errors.packs);
      return { ...item, weightGrams: null, packsDelivered: packs };
    }
    const grams = input.weights.get(item.id);
    if (grams === undefined || !Number.isSafeInteger(grams) || grams < 1 || grams > MAX_WEIGHT_GRAMS) throw new InvalidInputError(m.errors.weights);
    return { ...item, weightGrams: grams, packsDelivered: null };
  });
  const totals = finalTotals(recorded, order.advancePaise);
  if (!totals) throw new InvalidInputError(m.errors.weights);
  const answer = answerAfterWeighing(order, totals.finalPaise, now + deps.config.priceAnswerMs);
  const base = deps.origin || deps.config.siteUrl;
  const pageUrl = (lang: Lang) => (base ? `${base}${localePath(lang, `/orders/${order.number}`)}` : null);
  const text = weighedText(
    { brand: brandName(deps.config, order.lang) },
    { number: order.number, finalPaise: totals.finalPaise, pageUrl: pageUrl(order.lang) },
    answer.priceAnswer === PRICE_ANSWER.awaiting && order.ceilingPaise !== null
      ? { next: "answer", limitPaise: order.ceilingPaise, dueAt: answer.answerDueAt }
      : totals.balancePaise > 0
        ? { next: "due", balancePaise: totals.balancePaise }
        : totals.balancePaise < 0
          ? { next: "refund" }
          : { next: "paid" },
    order.lang,
  );
  const batch = await runBatch(deps.db, {
    order: deps.db
      .update(orders)
      .set({
        finalTotalPaise: totals.finalPaise,
        priceAnswer: answer.priceAnswer,
        answerDueAt: answer.answerDueAt,
        version: sql`${orders.version} + 1`,
        updatedAt: now,
      })
      .where(orderAt(order.id, { version: order.version, paymentState: PAYMENT_STATE.advance_paid })),
    // Chained on the previous statement: each line is written only if the order's update (and the line before) was.
    lines: recorded.map((item, i) =>
      deps.db
        .update(orderItems)
        .set({ weightGrams: item.weightGrams, packsDelivered: item.packsDelivered, finalPaise: totals.lines[i] })
        .where(and(eq(orderItems.id, item.id), previousChanged())),
    ),
    event: eventStatement(
      deps,
      order.id,
      actor,
      "weight",
      order.finalTotalPaise === null ? null : formatRupees(order.finalTotalPaise),
      formatRupees(totals.finalPaise),
      null,
      now,
    ),
    // The customer's text message (SMS, and WhatsApp where configured), written with the weights and sent right after.
    message: weighedStatements(deps, order, order.id, text, now),
    attached: input.attach?.statements,
  });
  if (batch.order.meta.changes !== 1) throw new StaleOrderError();
  await deliverOrderMessages(deps, order.id, now);
  const amounts = { final: formatRupees(totals.finalPaise), balance: formatRupees(totals.balancePaise) };
  await notifyCustomer(deps, order, {
    type: "order_weighed",
    words: (t, lang) => {
      const notice = weighedNotice(t.customer, lang, order.number, recorded, totals);
      if (answer.priceAnswer !== "awaiting" || order.ceilingPaise === null) return { ...notice, emailLine: input.attach?.emailLine(lang) };
      // Above the ceiling the customer is asked for their answer, with the way to their order page.
      const asked = format(t.customer.answerNeeded, { limit: formatRupees(order.ceilingPaise), time: formatDateTimeIst(answer.answerDueAt, lang) });
      const link = base ? format(t.customer.answerAt, { url: pageUrl(lang)! }) : null;
      return { ...notice, message: sentences(notice.message, asked, link), emailLine: input.attach?.emailLine(lang) };
    },
  });
  return amounts;
}

/**
 * The answer a weighing leaves the order with: above the ceiling the shopper's answer is awaited until `dueAt`,
 * unless they already accepted a final price at least this high; within it (or without a ceiling) none is needed.
 */
export function answerAfterWeighing(
  order: Pick<Order, "ceilingPaise" | "priceAnswer" | "finalTotalPaise">,
  finalPaise: number,
  dueAt: number,
): { priceAnswer: "awaiting"; answerDueAt: number } | { priceAnswer: "accepted" | null; answerDueAt: null } {
  if (!aboveCeiling(finalPaise, order.ceilingPaise)) return { priceAnswer: null, answerDueAt: null };
  if (order.priceAnswer === "accepted" && order.finalTotalPaise !== null && finalPaise <= order.finalTotalPaise)
    return { priceAnswer: "accepted", answerDueAt: null };
  return { priceAnswer: "awaiting", answerDueAt: dueAt };
}
