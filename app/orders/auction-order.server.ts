import { and, eq, sql } from "drizzle-orm";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { isUniqueClash, orderAt, runBatch } from "~/db/guards.server";
import { notifications, orderItems, orders, type Order, type User } from "~/db/schema";
import { formatDelivery, isSlotBookable } from "~/delivery/slots";
import { messagesFor } from "~/i18n/texts";
import { InvalidInputError } from "~/lib/errors";
import type { PrimaryDeps } from "~/deps";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { formatRupees } from "~/lib/money";
import { storedPhone, tenDigitPhone } from "~/lib/phone";
import { withReceipt, type LogReceipt } from "~/auctions/bid-log-text";
import { noticeMessages } from "~/notifications/notice-messages";
import { emailNotice, type ComposeNotice, type NoticeDeps } from "~/notifications/notify.server";
import type { ShippingInput } from "./checkout-schema";
import { shippingColumns } from "./checkout.server";
import { SlotFullError, type Delivery } from "./orders.server";
import { ADVANCE_PAISE, AUCTION_PAY_MS, orderNumber, splitName } from "./rules";
import { ORDER_STATUS, PAYMENT_STATE } from "./status";
import { holdCondition } from "./stock.server";

export type AuctionOrderInput = {
  user: Pick<User, "id" | "name" | "phone" | "address" | "lang">;
  auctionId: number;
  title: string;
  /** The title the winner's notice names the lot by when the winner reads Telugu; null: the English one. */
  titleTe?: string | null;
  image: string | null;
  winningPaise: number;
  now: number;
  /** A second chance: the lot offered to a bidder after the one before did not pay (their own notice); a winner otherwise. */
  offer?: boolean;
  /** The winner's winning entry in the bid log, named in their notice as the auction page shows it. */
  receipt?: LogReceipt | null;
};

/** The winner's notice, in the bell and by e-mail, in the winner's language; both lead to the order, which has the pay button. */
function auctionWonNotice(lang: Lang, title: string, winningPaise: number, number: string, offer: boolean, receipt: LogReceipt | null) {
  const m = noticeMessages(lang).auction;
  const values = { title, price: formatRupees(winningPaise), advance: formatRupees(ADVANCE_PAISE), number };
  return offer
    ? { type: "auction_offer", title: m.offerTitle, message: format(m.offer, values) }
    : { type: "auction_won", title: m.wonTitle, message: withReceipt(format(m.won, values), receipt, m) };
}

/**
 * A won auction's order, the one way it is made: `payment_pending` with the ₹500 advance due within 24 h,
 * the winning price as its estimated AND final total (a lot is sold whole at its price, never weighed, so its
 * balance can be asked for as soon as the advance is paid), one line without a product (no catch to hold), and the winner's
 * `auction_won` notice. The name, phone and address start from the winner's profile; the pay page asks for
 * the rest of the address (or a saved one) and the delivery date and slot when they pay at `/orders/{number}/pay`
 * (bookLotDelivery).
 *
 * The order, its line and the notice are ONE batch, so a crash leaves all or nothing. An auction has at most
 * one order per bidder (unique `orders.auction_id, user_id`) and at most one live one (not expired or cancelled:
 * a second chance goes to the next bidder only after the order before ended unpaid; a second live order is a
 * unique clash, thrown): the order insert does nothing if this bidder already has one, and
 * the line and the notice are inserted only beside the order this call inserted (selected by its new
 * number). So a retried or duplicated close or offer, even at the same moment, returns the existing order with
 * `created: false`, and only the call that created the order e-mails the notice.
 */
export async function createAuctionOrder(deps: NoticeDeps & Pick<PrimaryDeps, "db">, input: AuctionOrderInput): Promise<{ order: Order; created: boolean }> {
  const { firstName, lastName } = splitName(input.user.name);
  const digits = tenDigitPhone(input.user.phone);
  const db = deps.db;

  for (let attempt = 0; attempt < 4; attempt++) {
    const number = orderNumber(input.now);
    const notice = auctionWonNotice(
      input.user.lang,
      inLang(input.title, input.titleTe, input.user.lang),
      input.winningPaise,
      number,
      input.offer === true,
      input.receipt ?? null,
    );
    // The line and the notice go only beside the order this batch inserted.
    const thisOrder = sql`FROM ${orders} WHERE ${and(eq(orders.auctionId, input.auctionId), eq(orders.userId, input.user.id), eq(orders.number, number))}`;
    let created: boolean;
    try {
      const batch = await runBatch(db, {
        order: db
          .insert(orders)
          .values({
            number,
            userId: input.user.id,
            status: ORDER_STATUS.payment_pending,
            paymentState: PAYMENT_STATE.advance_due,
            source: "auction",
            auctionId: input.auctionId,
            estimatedTotalPaise: input.winningPaise,
            finalTotalPaise: input.winningPaise,
            advancePaise: ADVANCE_PAISE,
            firstName,
            lastName,
            phone: digits ? storedPhone(digits) : "",
            address: input.user.address ?? "",
            city: "",
            state: "",
            zip: "",
            reservedUntil: input.now + AUCTION_PAY_MS,
            stockHeld: false,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .onConflictDoNothing({ target: [orders.auctionId, orders.userId] }),
        line: db.run(
          sql`INSERT INTO ${orderItems} (order_id, product_id, name, name_te, image, price_paise, quantity, final_paise)
              SELECT id, NULL, ${input.title}, ${input.titleTe ?? null}, ${input.image}, ${input.winningPaise}, 1, ${input.winningPaise} ${thisOrder}`,
        ),
        notice: db.run(
          sql`INSERT INTO ${notifications} (user_id, type, title, message, order_id, order_number, auction_id)
              SELECT user_id, ${notice.type}, ${notice.title}, ${notice.message}, id, number, auction_id ${thisOrder}`,
        ),
      });
      created = batch.order.meta.changes === 1;
    } catch (error) {
      // Numbers are random (1 in a million per month to clash): a clash rolls the whole batch back, try another.
      if (isUniqueClash(error, "orders.number")) continue;
      throw error;
    }
    const [order] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.auctionId, input.auctionId), eq(orders.userId, input.user.id)))
      .limit(1);
    // The pushes are written in each device's language: the notice composed again in it.
    const words: ComposeNotice = (_m, lang) =>
      auctionWonNotice(lang, inLang(input.title, input.titleTe, lang), input.winningPaise, number, input.offer === true, input.receipt ?? null);
    if (created) await emailNotice(deps, { userId: order.userId, orderId: order.id, orderNumber: order.number, auctionId: input.auctionId, ...notice, words });
    return { order, created };
  }
  throw new Error("Could not allocate an order number");
}

/**
 * A won lot's delivery, chosen by the winner on the pay page before the advance: the address and the date and
 * slot, so the order is on that day's packing list. The slot's room is checked in the update itself (the order's
 * own earlier choice not counted), and the order then holds its slot like a shop order until it expires or is
 * cancelled. Only an auction order still waiting for its advance can be booked; anything else changes nothing.
 */
export async function bookLotDelivery(
  deps: Pick<PrimaryDeps, "db" | "config" | "lang">,
  order: Pick<Order, "id">,
  shipping: ShippingInput,
  delivery: Delivery,
  now: number,
): Promise<void> {
  const shop = messagesFor(deps).shop;
  if (!isSlotBookable(delivery.date, delivery.slot, now)) throw new InvalidInputError(shop.delivery.unavailable);
  const c = shippingColumns(shipping);
  const room = holdCondition([], delivery, deps.config.defaultSlotCapacity, order.id);
  const batch = await runBatch(deps.db, {
    order: deps.db
      .update(orders)
      .set({ ...c, deliveryDate: delivery.date, deliverySlot: delivery.slot, stockHeld: true, updatedAt: now })
      .where(and(orderAt(order.id, { status: ORDER_STATUS.payment_pending }), eq(orders.source, "auction"), room)),
    // What public pages show of the slots' room moves with it.
    catalogue: bumpCatalogue(deps),
  });
  if (batch.order.meta.changes !== 1)
    throw new SlotFullError(format(shop.delivery.slotFull, { when: formatDelivery(delivery.date, delivery.slot, deps.lang) }));
}
