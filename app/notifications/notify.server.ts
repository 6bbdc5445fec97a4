import type { AppConfig } from "~/config.server";
import type { Db } from "~/db/client.server";
import { notifications, users } from "~/db/schema";
import { eq } from "drizzle-orm";
import { sendMail } from "~/mail/mail.server";

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

export type NotifyDeps = { db: Db; config: AppConfig; env: { DB: D1Database; MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string } };

/**
 * The one way a customer is told something: stored for the bell (in-app) and e-mailed through the mail
 * module. The in-app row is written first and always; `emailed` says whether the e-mail went out, so a
 * caller can say '(Notification failed to send)'. `email: false` stores it without mailing (rate-limited
 * notices such as repeated outbids).
 */
export async function notify(deps: NotifyDeps, input: NotificationInput, options: { email?: boolean } = {}): Promise<{ id: number; emailed: boolean }> {
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
  return { id: row.id, emailed: await emailNotice(deps, input) };
}

/**
 * The e-mail half of `notify`, for a notice already stored (one written in the same batch as what it tells
 * about). Never throws: false when it could not be sent; the stored notice stands either way.
 */
export async function emailNotice(deps: NotifyDeps, notice: Pick<NotificationInput, "userId" | "title" | "message">): Promise<boolean> {
  try {
    const [user] = await deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, notice.userId)).limit(1);
    if (!user) return false;
    await sendMail(deps.env, deps.config, {
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

/** A notice about one order, to the customer who placed it (linked to the order in the bell). */
export function notifyCustomer(
  deps: NotifyDeps,
  order: { id: number; userId: number; number: string },
  notice: Pick<NotificationInput, "type" | "title" | "message">,
  options: { email?: boolean } = {},
) {
  return notify(deps, { ...notice, userId: order.userId, orderId: order.id, orderNumber: order.number }, options);
}

/** A notice to every admin (money the store refunded on its own, say), in the bell and by e-mail. */
export async function notifyAdmins(deps: NotifyDeps, notice: Omit<NotificationInput, "userId">) {
  const admins = await deps.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  for (const admin of admins) await notify(deps, { ...notice, userId: admin.id });
}
