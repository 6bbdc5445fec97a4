import { sql } from "drizzle-orm";
import { orderIs } from "~/db/guards.server";
import { ATTEMPT_STATUS, payments, type AttemptStatus, type Order } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { sectionsFor } from "~/i18n/texts";
import { payMessages } from "~/i18n/pay.messages";
import { ConflictError } from "~/lib/errors";
import { ORDER_STATUS } from "~/orders/status";
import { openAdvanceAttempt, PaymentUnavailableError } from "./advance.server";
import { MIN_LINK_EXPIRY_MS } from "./gateway";
import { closeCancelledLinks } from "./settle.server";

/** A link made now lives at least this long: the gateway's minimum, and a minute for its clock and ours to disagree. */
const LINK_LIFE_MIN_MS = MIN_LINK_EXPIRY_MS + 60_000;

/**
 * The ₹500 advance as a payment link, for a browser without JavaScript: a redirect reaches a link's page,
 * while Razorpay's hosted checkout takes only a form POST. The link asks for exactly the order's advance,
 * shows '₹500 Token Advance' and the store's name, is prefilled with the customer's name, e-mail and phone,
 * is not sent by the gateway (the shopper is on the way to it), returns to the order's callback and expires
 * with the reservation (or 16 minutes from now if that is sooner: the gateway wants 15; the store closes it
 * when the reservation ends). The order's live link is reused, so a resumed checkout makes no second one.
 *
 * A link made while the order stopped waiting (paid in another tab, expired) is recorded cancelled and closed.
 */
export async function startAdvanceLink(deps: PrimaryDeps, order: Order, email: string): Promise<{ url: string; linkId: string }> {
  if (order.status !== ORDER_STATUS.payment_pending) throw new ConflictError(payMessages.notPending);
  const gateway = deps.gateway;
  if (!gateway) throw new PaymentUnavailableError();
  const now = deps.now();
  const live = await openAdvanceAttempt(deps, order.id, gateway.name, { way: "link", liveAt: now });
  if (live?.linkUrl && live.providerRef) return { url: live.linkUrl, linkId: live.providerRef };

  const expiresAt = Math.max(order.reservedUntil ?? now, now + LINK_LIFE_MIN_MS);
  const link = await gateway.createPaymentLink({
    amountPaise: order.advancePaise,
    // Unique per attempt (the gateway refuses a repeated reference), and still naming the order.
    referenceId: `${order.number}-A${crypto.randomUUID().slice(0, 8)}`,
    description: sectionsFor(deps).pay.description,
    businessName: deps.config.brand,
    customer: { name: `${order.firstName} ${order.lastName}`.trim(), email, contact: order.phone },
    notify: false,
    callbackUrl: `${deps.origin}/orders/${order.number}/callback`,
    expiresAt,
  });
  // Recorded live only while the order still waits for its advance; otherwise recorded cancelled, to be closed.
  const pending = orderIs(order.id, { status: ORDER_STATUS.payment_pending });
  const [recorded] = await deps.db.all<{ status: AttemptStatus }>(
    sql`INSERT INTO ${payments} (order_id, kind, provider, provider_ref, amount_paise, currency, status, link_url, expires_at, created_at, updated_at)
        SELECT ${order.id}, 'advance', ${gateway.name}, ${link.id}, ${order.advancePaise}, 'INR',
          CASE WHEN ${pending} THEN ${ATTEMPT_STATUS.created} ELSE ${ATTEMPT_STATUS.cancelled} END, ${link.shortUrl}, ${expiresAt}, ${now}, ${now}
        RETURNING status`,
  );
  if (recorded?.status !== ATTEMPT_STATUS.created) {
    await closeCancelledLinks(deps, order.id, now);
    throw new ConflictError(payMessages.notPending);
  }
  return { url: link.shortUrl, linkId: link.id };
}
