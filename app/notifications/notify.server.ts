import { eq } from "drizzle-orm";
import { z } from "zod";
import { notifications, orders, users } from "~/db/schema";
import type { Deps } from "~/deps";
import { formatDelivery, type DeliverySlot } from "~/delivery/slots";
import { adminMessages } from "~/i18n/admin.messages";
import { format } from "~/i18n/format";
import { InvalidInputError } from "~/lib/errors";

export type NoticeOptions = { email?: boolean; emailLine?: string };

export type NotificationInput = {
  userId: number;
  /** order_placed | order_status_update | order_weighed | balance_requested | balance_paid | refund | outbid | auction_won | auction_ended | auction_cancelled | note */
  type: string;
  title: string;
  message: string;
  orderId?: number | null;
  orderNumber?: string | null;
  auctionId?: number | null;
};

/**
 * The one way a customer is told something: stored for the bell (in-app) and e-mailed through the mail
 * module. The in-app row is written first and always; `emailed` says whether the e-mail went out, so a
 * caller can say '(Notification failed to send)'. `email: false` stores it without mailing (rate-limited
 * notices such as repeated outbids). `emailLine` is said in the e-mail only: a plain-text mail has no button,
 * so a payment link is written out there, while the bell leads to the order page and its 'Pay balance' button.
 */
export async function notify(
  deps: Pick<Deps, "db" | "config" | "mailer">,
  input: NotificationInput,
  options: NoticeOptions = {},
): Promise<{ id: number; emailed: boolean }> {
  const [row] = await deps.db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      orderId: input.orderId ?? null,
      orderNumber: input.orderNumber ?? null,
      auctionId: input.auctionId ?? null,
    })
    .returning({ id: notifications.id });
  if (options.email === false) return { id: row.id, emailed: false };
  return { id: row.id, emailed: await emailNotice(deps, options.emailLine ? { ...input, message: `${input.message}\n\n${options.emailLine}` } : input) };
}

/**
 * The e-mail half of `notify`, for a notice already stored (one written in the same batch as what it tells
 * about). Never throws: false when it could not be sent; the stored notice stands either way.
 */
export async function emailNotice(
  deps: Pick<Deps, "db" | "config" | "mailer">,
  notice: Pick<NotificationInput, "userId" | "title" | "message">,
): Promise<boolean> {
  try {
    const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, notice.userId)).limit(1);
    if (!user) return false;
    await deps.mailer.send({
      to: user.email,
      subject: `${notice.title} – ${deps.config.brand}`,
      body: [`Hello ${user.name},`, "", notice.message, "", `– ${deps.config.brand}`].join("\n"),
    });
    return true;
  } catch (error) {
    console.error("notification e-mail failed", error);
    return false;
  }
}

/** An order as a notice about it needs it: whose, which, and (a shop order) its delivery date and slot. */
export type NoticeOrder = {
  id: number;
  userId: number;
  number: string;
  status?: string;
  deliveryDate?: string | null;
  deliverySlot?: DeliverySlot | null;
};

/** The sentence that names an order's delivery date and slot (that it is called off, once cancelled); null without one. */
export function deliverySentence(order: Pick<NoticeOrder, "status" | "deliveryDate" | "deliverySlot">): string | null {
  if (!order.deliveryDate || !order.deliverySlot) return null;
  const when = formatDelivery(order.deliveryDate, order.deliverySlot);
  return format(order.status === "order_cancelled" ? adminMessages.customer.deliveryCancelled : adminMessages.customer.delivery, { when });
}

/**
 * A notice about one order, to the customer who placed it (linked to the order in the bell). Every one names
 * the order's delivery date and slot, so the customer never has to look up when the fish comes; `delivery:
 * false` for a notice whose own text already names them (a moved delivery).
 */
export function notifyCustomer(
  deps: Pick<Deps, "db" | "config" | "mailer">,
  order: NoticeOrder,
  notice: Pick<NotificationInput, "type" | "title" | "message">,
  options: NoticeOptions & { delivery?: boolean } = {},
) {
  const { delivery = true, ...rest } = options;
  const sentence = delivery ? deliverySentence(order) : null;
  const message = sentence ? `${notice.message} ${sentence}` : notice.message;
  return notify(deps, { ...notice, message, userId: order.userId, orderId: order.id, orderNumber: order.number }, rest);
}

/** A notice to every admin (money the store refunded on its own, say), in the bell and by e-mail. */
export async function notifyAdmins(deps: Pick<Deps, "db" | "config" | "mailer">, notice: Omit<NotificationInput, "userId">) {
  const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  for (const admin of admins) await notify(deps, { ...notice, userId: admin.id });
}

export const noteSchema = z.object({
  userId: z.number().int().positive(),
  type: z.string().trim().min(1).max(40).default("note"),
  title: z.string().trim().min(1).max(120),
  message: z.string().trim().min(1).max(1000),
  orderId: z.number().int().positive().optional(),
  orderNumber: z.string().max(20).optional(),
});

/** An admin's note to a customer, about one of their orders if it names one (another customer's order is refused). */
export async function sendNote(deps: Pick<Deps, "db" | "config" | "mailer">, input: z.infer<typeof noteSchema>) {
  const [customer] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!customer) throw new InvalidInputError("Unknown user");
  let orderNumber: string | null = null;
  if (input.orderId !== undefined) {
    const [order] = await deps.db.select({ number: orders.number, userId: orders.userId }).from(orders).where(eq(orders.id, input.orderId)).limit(1);
    if (!order || order.userId !== input.userId) throw new InvalidInputError("Unknown order for this user");
    orderNumber = order.number;
  }
  return notify(deps, { ...input, orderNumber });
}
