import { eq } from "drizzle-orm";
import { bumpCatalogueStatement } from "~/catalog/site-version.server";
import { orders, type Order, type User } from "~/db/schema";
import { formatDelivery, isSlotBookable } from "~/delivery/slots";
import { messagesFor } from "~/i18n/catalogue";
import { InvalidInputError } from "~/lib/errors";
import type { Deps } from "~/deps";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { formatRupees } from "~/lib/money";
import { storedPhone, tenDigitPhone } from "~/lib/phone";
import { noticeMessages } from "~/notifications/notice-messages";
import { emailNotice } from "~/notifications/notify.server";
import type { ShippingInput } from "./checkout-schema";
import { shippingColumns } from "./checkout.server";
import { SlotFullError, type Delivery } from "./orders.server";
import { ADVANCE_PAISE, AUCTION_PAY_MS, orderNumber, splitName } from "./rules";
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
};

/** The winner's notice, in the bell and by e-mail, in the winner's language; both lead to the order, which has the pay button. */
function auctionWonNotice(lang: Lang, title: string, winningPaise: number, number: string) {
  const m = noticeMessages(lang).auction;
  const values = { title, price: formatRupees(winningPaise), advance: formatRupees(ADVANCE_PAISE), number };
  return { type: "auction_won", title: m.wonTitle, message: format(m.won, values) };
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
 * one order (unique `orders.auction_id`): the order insert does nothing if the auction already has one, and
 * the line and the notice are inserted only beside the order this call inserted (selected by its new
 * number). So a retried or duplicated close, even at the same moment, returns the existing order with
 * `created: false`, and only the call that created the order e-mails the notice.
 */
export async function createAuctionOrder(deps: Pick<Deps, "db" | "config" | "mailer">, input: AuctionOrderInput): Promise<{ order: Order; created: boolean }> {
  const { firstName, lastName } = splitName(input.user.name);
  const digits = tenDigitPhone(input.user.phone);
  const d1 = deps.db.$client;

  for (let attempt = 0; attempt < 4; attempt++) {
    const number = orderNumber(input.now);
    const notice = auctionWonNotice(input.user.lang, inLang(input.title, input.titleTe, input.user.lang), input.winningPaise, number);
    const thisOrder = "FROM orders WHERE auction_id = ? AND number = ?";
    const statements = [
      d1
        .prepare(
          `INSERT INTO orders (number, user_id, status, payment_state, source, auction_id, estimated_total_paise, final_total_paise, advance_paise,
             first_name, last_name, phone, address, city, state, zip, reserved_until, stock_held, created_at, updated_at)
           VALUES (?, ?, 'payment_pending', 'advance_due', 'auction', ?, ?, ?, ?, ?, ?, ?, ?, '', '', '', ?, 0, ?, ?)
           ON CONFLICT (auction_id) DO NOTHING`,
        )
        .bind(
          number,
          input.user.id,
          input.auctionId,
          input.winningPaise,
          input.winningPaise,
          ADVANCE_PAISE,
          firstName,
          lastName,
          digits ? storedPhone(digits) : "",
          input.user.address ?? "",
          input.now + AUCTION_PAY_MS,
          input.now,
          input.now,
        ),
      d1
        .prepare(
          `INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity, final_paise) SELECT id, NULL, ?, ?, ?, ?, 1, ? ${thisOrder}`,
        )
        .bind(input.title, input.titleTe ?? null, input.image, input.winningPaise, input.winningPaise, input.auctionId, number),
      d1
        .prepare(
          `INSERT INTO notifications (user_id, type, title, message, order_id, order_number, auction_id) SELECT user_id, ?, ?, ?, id, number, auction_id ${thisOrder}`,
        )
        .bind(notice.type, notice.title, notice.message, input.auctionId, number),
    ];
    let created: boolean;
    try {
      const results = await d1.batch(statements);
      created = results[0].meta.changes === 1;
    } catch (error) {
      // Numbers are random (1 in a million per month to clash): a clash rolls the whole batch back, try another.
      if (String(error).includes("UNIQUE") && String(error).includes("orders.number")) continue;
      throw error;
    }
    const [order] = await deps.db.select().from(orders).where(eq(orders.auctionId, input.auctionId)).limit(1);
    if (created) await emailNotice(deps, { userId: order.userId, orderNumber: order.number, ...notice });
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
  deps: Pick<Deps, "db" | "config" | "lang">,
  order: Pick<Order, "id">,
  shipping: ShippingInput,
  delivery: Delivery,
  now: number,
): Promise<void> {
  const shop = messagesFor(deps).shop;
  if (!isSlotBookable(delivery.date, delivery.slot, now)) throw new InvalidInputError(shop.delivery.unavailable);
  const c = shippingColumns(shipping);
  const room = holdCondition([], delivery, deps.config.defaultSlotCapacity, order.id);
  const d1 = deps.db.$client;
  const [booked] = await d1.batch([
    d1
      .prepare(
        `UPDATE orders SET first_name = ?, last_name = ?, phone = ?, address = ?, city = ?, state = ?, zip = ?, delivery_date = ?, delivery_slot = ?,
           stock_held = 1, updated_at = ?
         WHERE id = ? AND source = 'auction' AND status = 'payment_pending' AND ${room.sql}`,
      )
      .bind(c.firstName, c.lastName, c.phone, c.address, c.city, c.state, c.zip, delivery.date, delivery.slot, now, order.id, ...room.binds),
    // What public pages show of the slots' room moves with it.
    bumpCatalogueStatement(deps),
  ]);
  if (booked.meta.changes !== 1) throw new SlotFullError(format(shop.delivery.slotFull, { when: formatDelivery(delivery.date, delivery.slot, deps.lang) }));
}
