import { changeOrderStatus, loadByNumber, StaleOrderError } from "~/orders/changes.server";
import type { User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { messagesFor } from "~/i18n/texts";
import { checkoutMessages } from "~/i18n/checkout.messages";
import { format, sentences } from "~/i18n/format";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { deliverySentence, notifyAdmins } from "~/notifications/notify.server";
import { customerMayCancel, ORDER_STATUS } from "./status";

/**
 * The customer cancels their own order before it is shipped. It is the admin's cancel (one guarded batch on
 * the order's version: the refund of everything captured, links closed, stock back), so a cancel and a
 * shipment at the same moment cannot both happen: the second finds the version moved and is refused.
 */
export async function cancelOwnOrder(deps: PrimaryDeps, user: User, input: { number: string; version: number; reason: string }) {
  // The customer is answered in the page's language; the admins' notice below is in English.
  const shown = messagesFor(deps).shop.orders;
  const m = checkoutMessages.orders;
  const order = await loadByNumber(deps, input.number).catch(() => null);
  if (!order || order.userId !== user.id) throw new NotFoundError(shown.notFound);
  if (order.version !== input.version) throw new StaleOrderError();
  if (!customerMayCancel(order.status)) throw new ConflictError(shown.cancelTooLate);
  await changeOrderStatus(deps, user, { number: order.number, version: order.version, to: ORDER_STATUS.order_cancelled, reason: input.reason });
  const values = { number: order.number, name: user.name, reason: input.reason.trim() };
  await notifyAdmins(deps, {
    type: "order_status_update",
    title: format(m.cancelAdminTitle, values),
    message: sentences(format(m.cancelAdmin, values), deliverySentence({ ...order, status: ORDER_STATUS.order_cancelled })),
    orderId: order.id,
    orderNumber: order.number,
  });
}
