import { and, eq, gt, lte, ne, sql } from "drizzle-orm";
import { orderAt, runBatch } from "~/db/guards.server";
import { orders, type User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import type { Messages } from "~/i18n/messages";
import { messagesFor } from "~/i18n/texts";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { formatRupees } from "~/lib/money";
import { notifyAdmins } from "~/notifications/notify.server";
import { requestBalance } from "./balance.server";
import { changeOrderStatus, loadByNumber, StaleOrderError, type CustomerOrder } from "./changes.server";
import { eventStatement } from "./events.server";
import { ORDER_STATUS, PAYMENT_STATE, PRICE_ANSWER } from "./status";

/**
 * The shopper's answer to a final price above the ceiling they agreed to. Until they answer nothing is packed
 * and no balance is asked for. Accepting lets the order go on (the balance is asked for at once); declining is
 * the cancel the admin and the customer already have (one guarded batch: everything paid refunded, the links
 * closed, the stock back to the day's catch); no answer by the due time counts as a decline. Every path is one
 * statement on the order's version that also requires the answer to be still awaited, so accept, decline, the
 * timeout, an admin's cancel and a balance request can never both apply: the second finds the version moved.
 */
export type PriceAnswerInput = { number: string; version: number; answer: "accept" | "decline" };

type CeilingMessages = Messages["shop"]["ceiling"];

/**
 * Why an answer cannot be taken now, in the page's words; null while the answer is awaited. A yes comes too late
 * once the due time has passed (that counts as a decline); a decline then is still the same outcome, and taken.
 */
function refusalOf(order: CustomerOrder, m: CeilingMessages, now: number, answer: PriceAnswerInput["answer"] = "accept"): string | null {
  if (order.priceAnswer === "accepted" || order.priceAnswer === "declined" || order.priceAnswer === "timed_out") return m.errors.answered;
  if (order.priceAnswer !== PRICE_ANSWER.awaiting || order.status === ORDER_STATUS.order_cancelled || order.paymentState !== PAYMENT_STATE.advance_paid)
    return m.errors.moved;
  if (answer === "accept" && order.answerDueAt !== null && order.answerDueAt <= now) return m.errors.late;
  return null;
}

export async function answerPrice(deps: PrimaryDeps, user: User, input: PriceAnswerInput, now = deps.now()): Promise<{ message: string }> {
  const shop = messagesFor(deps).shop;
  const m = shop.ceiling;
  const order = await loadByNumber(deps, input.number).catch(() => null);
  // Someone else's order is answered as one that does not exist.
  if (!order || order.userId !== user.id) throw new NotFoundError(shop.orders.notFound);
  const refused = refusalOf(order, m, now, input.answer);
  if (refused) throw new ConflictError(refused);
  if (order.version !== input.version) throw new ConflictError(m.errors.stale);
  // Lost to another change in the meantime: said as what the order is now.
  const lost = async () => new ConflictError(refusalOf(await loadByNumber(deps, order.number), m, now, input.answer) ?? m.errors.stale);

  if (input.answer === "decline") {
    const reason = messagesFor({ config: deps.config, lang: order.lang }).shop.ceiling.declineReason;
    try {
      await changeOrderStatus(
        deps,
        user,
        { number: order.number, version: order.version, to: ORDER_STATUS.order_cancelled, reason, answer: PRICE_ANSWER.declined },
        now,
      );
    } catch (error) {
      if (error instanceof StaleOrderError) throw await lost();
      throw error;
    }
    return { message: format(m.declineDone, { number: order.number }) };
  }

  const batch = await runBatch(deps.db, {
    order: deps.db
      .update(orders)
      .set({ priceAnswer: PRICE_ANSWER.accepted, answerDueAt: null, version: sql`${orders.version} + 1`, updatedAt: now })
      .where(
        and(
          orderAt(order.id, { version: order.version, paymentState: PAYMENT_STATE.advance_paid, notStatus: ORDER_STATUS.order_cancelled }),
          eq(orders.priceAnswer, PRICE_ANSWER.awaiting),
          gt(orders.answerDueAt, now),
        ),
      ),
    event: eventStatement(deps, order.id, user, "answer", PRICE_ANSWER.awaiting, PRICE_ANSWER.accepted, null, now),
  });
  if (batch.order.meta.changes !== 1) throw await lost();
  const final = formatRupees(order.finalTotalPaise ?? 0);
  const limit = formatRupees(order.ceilingPaise ?? 0);
  const a = adminMessages.detail;
  await notifyAdmins(deps, {
    type: "order_status_update",
    title: format(a.acceptedTitle, { number: order.number }),
    message: format(a.acceptedText, { number: order.number, name: user.name, final, limit }),
    orderId: order.id,
    orderNumber: order.number,
  });
  // The order goes on as one within its ceiling: the balance is asked for now. If that cannot be done (no
  // gateway, the gateway down), the yes stands and the admin asks for it, or records it as paid on delivery.
  try {
    await requestBalance(deps, user, { number: order.number, version: order.version + 1 }, now);
  } catch (error) {
    console.error("asking for the balance after an accepted price failed", error);
  }
  return { message: format(m.acceptDone, { number: order.number }) };
}

/**
 * The scheduled job's part: every order whose answer is still awaited after its due time is cancelled as a
 * decline (everything paid refunded, the stock back). An order answered, cancelled or changed meanwhile is left
 * as it is now: its version moved, so the cancel is refused.
 */
export async function declineUnanswered(deps: PrimaryDeps, now: number): Promise<number> {
  const due = await deps.db
    .select({ number: orders.number, version: orders.version })
    .from(orders)
    .where(and(eq(orders.priceAnswer, PRICE_ANSWER.awaiting), lte(orders.answerDueAt, now), ne(orders.status, ORDER_STATUS.order_cancelled)))
    .limit(50);
  let declined = 0;
  for (const row of due) {
    try {
      const order = await loadByNumber(deps, row.number);
      if (order.version !== row.version) continue;
      const reason = messagesFor({ config: deps.config, lang: order.lang }).shop.ceiling.timeoutReason;
      await changeOrderStatus(
        deps,
        null,
        { number: order.number, version: order.version, to: ORDER_STATUS.order_cancelled, reason, answer: PRICE_ANSWER.timed_out },
        now,
      );
      declined++;
    } catch (error) {
      if (!(error instanceof ConflictError)) console.error("declining an unanswered price failed", row.number, error);
    }
  }
  return declined;
}
