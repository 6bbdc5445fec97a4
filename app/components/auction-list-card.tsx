import { Link } from "~/components/link";
import { AuctionImage, StatusBadge } from "~/components/auction-card";
import { auctionTexts, isOpen, type Auction } from "~/auctions/auction";
import { textLang } from "~/i18n/lang";
import { format } from "~/i18n/format";
import { formatDateTime } from "~/lib/dates";
import { formatRupees, rupeesToPaise } from "~/lib/money";
import { useMessages, useLang } from "~/web/site";

export function AuctionCard({ auction, now }: { auction: Auction; now: number }) {
  const { lang } = useLang();
  const { title, description } = auctionTexts(auction, lang);
  const m = useMessages().auctions;
  const open = isOpen(auction, now);
  return (
    <article className="card flex flex-1 flex-col overflow-hidden">
      <AuctionImage
        image={auction.product_image}
        title={title}
        sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, calc(100vw - 2rem)"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-serif text-xl font-bold" lang={textLang(title)}>
            {title}
          </h2>
          <StatusBadge auction={auction} now={now} />
        </div>
        <p className="mt-2 line-clamp-2 text-sm text-slate-600 dark:text-slate-300" lang={textLang(description)}>
          {description}
        </p>
        <dl className="mt-4 grid flex-1 grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{open ? m.currentBid : auction.bid_count > 0 ? m.winningBid : m.startingPrice}</dt>
            <dd className="text-lg font-bold text-river-700 dark:text-gold-300">{formatRupees(rupeesToPaise(auction.current_price))}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-300">{open ? m.ends : m.ended}</dt>
            <dd className="font-medium">
              <time dateTime={auction.end_time}>{formatDateTime(auction.end_time, lang)}</time>
            </dd>
          </div>
          <div className="col-span-2 text-slate-600 dark:text-slate-300">
            <dt className="sr-only">{m.totalBids}</dt>
            <dd>{auction.bid_count === 1 ? m.oneBid : format(m.bids, { n: auction.bid_count })}</dd>
          </div>
        </dl>
        <Link to={`/auctions/${auction.id}`} className="btn-dark mt-5 w-full" aria-label={`${m.viewDetails}: ${title}`}>
          {m.viewDetails}
        </Link>
      </div>
    </article>
  );
}
