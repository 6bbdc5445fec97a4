import { eq } from "drizzle-orm";
import { orders, type Order, type User } from "~/db/schema";
import type { Deps } from "~/deps";
import { format } from "~/i18n/format";
import { inLang, type Lang } from "~/i18n/lang";
import { formatRupees } from "~/lib/money";
import { storedPhone, tenDigitPhone } from "~/lib/phone";
import { noticeMessages } from "~/notifications/notice-messages";
import { emailNotice } from "~/notifications/notify.server";
import { ADVANCE_PAISE, AUCTION_PAY_MS, orderNumber, splitName } from "./rules";

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
 * the winning price as its estimated total, one line without a product (no stock to hold), and the winner's
 * `auction_won` notice. The name, phone and address start from the winner's profile; the pay page asks for
 * what the profile does not hold (city, state, pincode) when they pay at `/orders/{number}/pay`.
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
          `INSERT INTO orders (number, user_id, status, payment_state, source, auction_id, estimated_total_paise, advance_paise, first_name, last_name,
             phone, address, city, state, zip, reserved_until, stock_held, created_at, updated_at)
           VALUES (?, ?, 'payment_pending', 'advance_due', 'auction', ?, ?, ?, ?, ?, ?, ?, '', '', '', ?, 0, ?, ?)
           ON CONFLICT (auction_id) DO NOTHING`,
        )
        .bind(
          number,
          input.user.id,
          input.auctionId,
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
        .prepare(`INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity) SELECT id, NULL, ?, ?, ?, ?, 1 ${thisOrder}`)
        .bind(input.title, input.titleTe ?? null, input.image, input.winningPaise, input.auctionId, number),
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
