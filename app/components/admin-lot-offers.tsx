import { Form, Link } from "~/components/link";
import { auctionLiveMessages } from "~/i18n/auction-live.messages";
import { format } from "~/i18n/format";
import { formatAdminDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

type LotOrder = { number: string; status: string; amountPaise: number; reservedUntil: number | null; paidAt: number | null; name: string; email: string };

/** A closed lot's chain: the winner, then each bidder it was offered to, and the stop while an offer waits. */
export function LotOffers({ auctionId, orders }: { auctionId: number; orders: LotOrder[] }) {
  const m = auctionLiveMessages;
  if (orders.length === 0) return null;
  const state = (o: LotOrder) =>
    o.paidAt !== null
      ? m.offerPaid
      : o.status === "payment_pending"
        ? format(m.offerWaiting, { date: o.reservedUntil === null ? "" : formatAdminDateTime(o.reservedUntil) })
        : o.status === "payment_expired"
          ? m.offerLapsed
          : m.offerCancelled;
  const last = orders[orders.length - 1];
  return (
    // An e-mail address breaks anywhere rather than widen a phone's page.
    <div className="min-w-0 basis-full text-sm [overflow-wrap:anywhere]" data-testid={`offers-${auctionId}`}>
      <h3 className="font-semibold">{m.offersHeading}</h3>
      <ol className="mt-1 grid gap-1">
        {orders.map((o, i) => (
          <li key={o.number}>
            {i === 0 ? m.offerWinner : format(m.offerNext, { n: String(i) })}: {o.name} ({o.email}) · {formatRupees(o.amountPaise)} ·{" "}
            <Link to={`/admin-dashboard/orders/${o.number}`} className="link">
              {o.number}
            </Link>{" "}
            · {state(o)}
          </li>
        ))}
      </ol>
      {orders.length > 1 && last.status === "payment_pending" && last.paidAt === null ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="stop-offers" />
          <input type="hidden" name="id" value={auctionId} />
          <button type="submit" className="btn-dark">
            {m.stopOffers}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
