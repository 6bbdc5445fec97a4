import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isOpen } from "~/auctions/auction";
import { fetchAuction } from "~/auctions/auctions.server";
import { auctionDate, AuctionImage, StatusBadge } from "~/components/auction-card";
import { getConfig } from "~/config.server";
import { getMessages } from "~/i18n/messages";
import { formatRupees, rupeesToPaise } from "~/lib/money";
import { publicPage } from "~/web/cache-headers";
import { pageMeta } from "~/web/meta";
import { useMessages, useSite } from "~/web/site";

export const headers = publicPage(10);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.auction.title ?? ""} | ${data?.brand ?? ""}`, description: data?.auction.description.slice(0, 150) ?? "" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const config = getConfig(context.cloudflare.env);
  const m = getMessages(config.product).auctions;
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : null;
  const auction = config.features.auctions && id !== null ? await fetchAuction(context.cloudflare.env, id, m.failed) : null;
  if (!auction) throw new Response("Not Found", { status: 404 });
  return { auction, brand: config.brand, now: Date.now() };
}

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

export default function AuctionDetail() {
  const { auction, now } = useLoaderData<typeof loader>();
  const { user, site } = useSite();
  const m = useMessages().auctions;
  const open = isOpen(auction, now);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/auctions" className="link">
        ← {m.backToAuctions}
      </Link>
      <div className="mt-6 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <article className="card overflow-hidden">
          <AuctionImage auction={auction} className="aspect-[4/3] w-full object-cover" />
          <div className="p-6">
            <div className="flex items-start justify-between gap-4">
              <h1 className="font-serif text-3xl font-bold">{auction.title}</h1>
              <StatusBadge auction={auction} now={now} />
            </div>
            <p className="mt-4 leading-relaxed text-slate-700 dark:text-slate-200">{auction.description}</p>
            <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">{m.currentPrice}</dt>
                <dd className="text-xl font-bold text-river-700 dark:text-gold-300">{money(auction.current_price)}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">{m.totalBids}</dt>
                <dd className="text-xl font-bold">{auction.bid_count}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">{m.endsOn}</dt>
                <dd className="font-medium">
                  {open ? <time dateTime={auction.end_time}>{auctionDate.format(new Date(auction.end_time))}</time> : m.auctionEnded}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-300">{m.seller}</dt>
                <dd className="font-medium">{auction.seller.name || m.unknownSeller}</dd>
              </div>
            </dl>
          </div>
        </article>
        <div className="space-y-6">
          {open ? (
            <section className="card p-6" aria-labelledby="bid-heading">
              <h2 id="bid-heading" className="font-serif text-2xl font-bold">
                {m.placeYourBid}
              </h2>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.bidHint}</p>
              <form method="post" className="mt-4 flex flex-col gap-3">
                <label htmlFor="bid-amount" className="text-sm font-medium">
                  {m.bidAmount}
                </label>
                <input
                  id="bid-amount"
                  name="amount"
                  type="number"
                  inputMode="numeric"
                  min={auction.current_price + 1}
                  required
                  disabled
                  className="min-h-11 rounded-xl border border-river-200 bg-white px-4 text-lg disabled:opacity-60 dark:border-river-700 dark:bg-river-950"
                />
                {/* Bids are taken by the auction's Durable Object, which does not accept them yet: until it does,
                    the form stays disabled for everyone and signed-in bidders are told how to bid by phone. */}
                <button type="submit" className="btn-dark" disabled>
                  {m.placeBid}
                </button>
              </form>
              {!user ? (
                <p className="mt-4 text-sm">
                  <Link to="/login" className="link">
                    {m.loginToBid}
                  </Link>
                </p>
              ) : (
                <p className="mt-4 text-sm" role="note">
                  {m.biddingSoon}{" "}
                  <a className="link" href={`tel:${site.supportPhone.replace(/[^\d+]/g, "")}`}>
                    {site.supportPhone}
                  </a>
                  .
                </p>
              )}
            </section>
          ) : null}
          <section className="card p-6" aria-labelledby="history-heading">
            <h2 id="history-heading" className="font-serif text-2xl font-bold">
              {m.bidHistory}
            </h2>
            {auction.bids.length === 0 ? (
              <p className="mt-4 text-slate-600 dark:text-slate-300">{m.noBids}</p>
            ) : (
              <ol className="mt-4 divide-y divide-river-100 dark:divide-river-800">
                {auction.bids.slice(0, 10).map((bid) => (
                  <li key={bid.id} className="flex items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-medium">{bid.bidder_name}</p>
                      <p className="text-sm text-slate-600 dark:text-slate-300">
                        <time dateTime={bid.created_at}>{auctionDate.format(new Date(bid.created_at))}</time>
                      </p>
                    </div>
                    <p className="font-bold">{money(bid.amount)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
