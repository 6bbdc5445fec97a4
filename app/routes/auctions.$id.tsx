import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { brandName, textLang } from "~/i18n/lang";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { auctionFishCode } from "~/landings/landings.server";
import { fishPath } from "~/landings/rules";
import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { Form, Link } from "~/components/link";
import type { PushOptIn } from "~/components/push-opt-in";
import { auctionIdParam, auctionTexts, isOpen, MAX_BID_FACTOR } from "~/auctions/auction";
import { fetchAuctionView, postBid } from "~/auctions/auctions.server";
import { loadByNumber } from "~/orders/changes.server";
import { awaitsPayment } from "~/orders/status";
import { useLiveAuction } from "~/auctions/use-live-auction";
import { AuctionImage, StatusBadge } from "~/components/auction-card";
import { AuctionCountdown } from "~/components/auction-countdown";
import { BidReceipts, LogHeadLine } from "~/components/bid-receipts";
import { EndMovedNote, WatchForm } from "~/components/auction-watch";
import { bidderText } from "~/auctions/bid-log-text";
import { format } from "~/i18n/format";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatDateTime, formatExactTimeIst } from "~/lib/dates";
import { formatRupees, rupeesToPaise } from "~/lib/money";
import { redirectWithFlash } from "~/web/flash.server";
import { reminderMinutes, watchAction } from "~/web/auction-watch.server";
import { pageMeta } from "~/web/meta";
import { useLang, useMessages, useSite } from "~/web/site";

/** Rendered from the auction's Durable Object for this visitor: never kept by any cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data?.texts.title ?? ""} | ${data?.brand ?? ""}`, description: data?.texts.description.slice(0, 150) ?? "" });

export async function loader({ params, request, context: { deps } }: LoaderFunctionArgs) {
  const { config } = deps;
  const id = auctionIdParam(params.id);
  const m = messagesFor(deps).auctions;
  const auction = config.features.auctions && id !== null ? await fetchAuctionView(deps, id, request.headers.get("Cookie") ?? "", m.failed) : null;
  if (!auction) throw new Response("Not Found", { status: 404 });
  // The winner is sent to pay only while the order waits for it; once paid or cancelled, to the order.
  const won = auction.order_number ? await loadByNumber(deps, auction.order_number).catch(() => null) : null;
  const payable = won !== null && awaitsPayment(won.status);
  // The texts come with the page: live updates carry what bidding changes, never the Telugu texts.
  const fishCode = await auctionFishCode(deps, auction.id);
  // The store selling its own lot is named as the page names the store (in Telugu on a Telugu page).
  const seller = auction.seller.name === config.brand ? brandName(config, deps.lang) : auction.seller.name;
  return {
    auction,
    payable,
    texts: auctionTexts(auction, deps.lang),
    seller,
    brand: brandName(config, deps.lang),
    now: deps.now(),
    live: sectionsFor(deps).live,
    log: sectionsFor(deps).log,
    fish: fishCode ? { code: fishCode, text: sectionsFor(deps).fish.page.auctionLink } : null,
    reminderMinutes: String(reminderMinutes(deps.config)),
  };
}

/** The plain form (works without JavaScript): the auction Worker decides, the result comes back as a toast. */
export async function action({ params, request, context: { deps } }: ActionFunctionArgs) {
  const id = auctionIdParam(params.id);
  if (id === null) throw new Response("Not Found", { status: 404 });
  const m = messagesFor(deps);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 20) : "";
  };
  const intent = form.get("intent");
  if (intent === "watch" || intent === "unwatch") return watchAction(deps, request, id, intent === "watch", form.get("texts") === "on");
  if (!deps.user) return redirectWithFlash(deps, `/auctions/${id}`, { type: "error", text: m.auctions.loginToBid });
  const result = await postBid(
    deps,
    request.headers.get("Cookie") ?? "",
    { auctionId: id, amount: text("amount"), maxAmount: text("max_amount") },
    sectionsFor(deps).live.failed,
  );
  return redirectWithFlash(deps, `/auctions/${id}`, { type: !result.ok ? "error" : result.outbid ? "info" : "success", text: result.text });
}

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

const BidderName = ({ name }: { name: string }) => <span lang={textLang(name)}>{name}</span>;

/** A leader who is outbid while watching is told at once, wherever on the page they are. */
function useOutbidToast(you: string | null, text: string) {
  const before = useRef(you);
  useEffect(() => {
    if (before.current === "leading" && you === "outbid") showToast({ type: "info", text });
    before.current = you;
  }, [you, text]);
}

const STANDING_STYLES = {
  leading: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  won: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  lapsed: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  outbid: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  lost: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
} as const;

/**
 * The push opt-in, loaded once the page is hydrated and only for a signed-in bidder: an anonymous visitor's
 * first load of this page does not carry it.
 */
function LazyPushOptIn() {
  const { user } = useSite();
  const bidder = user !== null && !user.isAdmin;
  const [Card, setCard] = useState<typeof PushOptIn | null>(null);
  useEffect(() => {
    if (bidder) import("~/components/push-opt-in").then((module) => setCard(() => module.PushOptIn));
  }, [bidder]);
  return Card ? <Card className="mt-6" /> : null;
}

export default function AuctionDetail() {
  const { lang } = useLang();
  const data = useLoaderData<typeof loader>();
  const { auction, status } = useLiveAuction(data.auction);
  const { user } = useSite();
  const m = useMessages().auctions;
  const { l } = useLang();
  const live = data.live;
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  // The watch form and the bid form are busy each on its own.
  const watchBusy = posting && navigation.formData?.has("intent") === true;
  const busy = posting && !watchBusy;
  const open = isOpen(auction, Date.now()) && new Date(auction.start_time).getTime() <= Date.now();
  // A bidder the lot is offered to after the winner did not pay has its order, like a winner.
  const offered = auction.you === "lost" && auction.order_number !== null;
  const standing = offered ? live.offered : auction.you ? live[auction.you] : null;
  useOutbidToast(auction.you, live.outbid);
  // Once bidding is over the price is no longer 'current': it is what won, or the start if nobody bid.
  const biddingOver = !isOpen(auction, data.now);
  const priceLabel = !biddingOver ? m.currentPrice : auction.bid_count > 0 ? m.winningBid : m.startingPrice;
  const yours = new Set(auction.your_bids);
  // An order made at a close the page heard of live waits for its payment.
  const payable = data.payable || data.auction.order_number !== auction.order_number;
  // The bid and the maximum: whole rupees from the next valid amount up.
  const amountInput = {
    type: "number",
    inputMode: "numeric",
    min: auction.min_next_bid,
    max: auction.min_next_bid * MAX_BID_FACTOR,
    step: 1,
    disabled: !user || busy,
    className: "min-h-11 rounded-xl border border-river-400 bg-white px-4 text-lg disabled:opacity-60 dark:bg-river-950",
  } as const;
  const ended = auction.status !== "active" || !isOpen(auction, data.now);
  // On a phone the standing, the price, the time left and the bid form come first; the picture and the story
  // follow. On a wide screen the picture holds the left column and the rest sits beside it.
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <Link to="/auctions" className="link">
        ← {m.backToAuctions}
      </Link>
      <div className="mt-4 grid grid-cols-1 gap-6 sm:mt-6 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_auto_1fr] lg:gap-8">
        <section className="card p-5 sm:p-6 lg:col-start-2 lg:row-start-1" aria-labelledby="auction-title">
          <div className="flex items-start justify-between gap-4">
            <h1 id="auction-title" className="font-serif text-2xl font-bold sm:text-3xl" lang={textLang(data.texts.title)}>
              {data.texts.title}
            </h1>
            <StatusBadge auction={auction} now={data.now} />
          </div>
          {standing ? (
            <p role="status" data-testid="standing" className={`mt-4 rounded-xl p-4 font-semibold ${STANDING_STYLES[auction.you ?? "lost"]}`}>
              {standing}
              {(auction.you === "won" || offered) && auction.order_number ? (
                <>
                  {" "}
                  <a className="link" href={l(payable ? `/orders/${auction.order_number}/pay` : `/orders/${auction.order_number}`)}>
                    {payable ? live.payNow : live.viewOrder}
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-4" aria-live="polite">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{priceLabel}</dt>
              <dd className="text-2xl font-bold text-river-700 dark:text-gold-300" data-testid="current-price">
                {money(auction.current_price)}
              </dd>
              {auction.winner ? (
                <dd className="text-sm text-slate-700 dark:text-slate-200" data-testid="winner">
                  {format(live.wonBy, { bidder: bidderText(auction.winner, data.log) })}
                </dd>
              ) : null}
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{m.totalBids}</dt>
              <dd className="text-2xl font-bold" data-testid="bid-count">
                {auction.bid_count}
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{ended ? m.auctionEnded : m.endsOn}</dt>
              <dd className="font-medium" data-testid="end-time">
                {ended ? (
                  <time dateTime={auction.end_time}>{formatExactTimeIst(auction.end_time, lang)}</time>
                ) : (
                  <AuctionCountdown endTime={auction.end_time} label={live.endsIn} daysLeft={live.daysLeft} />
                )}
              </dd>
            </div>
          </dl>
          <LogHeadLine auctionId={auction.id} head={auction.log_head} texts={data.log} />
        </section>
        <div className="lg:col-start-2 lg:row-start-2">
          {open && user?.isAdmin ? (
            <section className="card p-6" aria-labelledby="bid-heading">
              <h2 id="bid-heading" className="font-serif text-2xl font-bold">
                {m.placeYourBid}
              </h2>
              <p className="mt-2 text-slate-700 dark:text-slate-200" data-testid="admin-note">
                {live.adminsCannotBid}
              </p>
              <Link to="/admin-dashboard/auctions" className="btn-outline mt-4">
                {live.manageThis}
              </Link>
            </section>
          ) : open ? (
            <section className="card p-6" aria-labelledby="bid-heading">
              <h2 id="bid-heading" className="font-serif text-2xl font-bold">
                {m.placeYourBid}
              </h2>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                {format(auction.bid_count > 0 ? live.hintIncrement : live.hintStart, { increment: money(auction.min_increment) })}
              </p>
              <p className="mt-1 text-sm font-medium">{format(live.minimumNext, { amount: money(auction.min_next_bid) })}</p>
              <Form method="post" className="mt-4 flex flex-col gap-3" key={auction.version}>
                <label htmlFor="bid-amount" className="text-sm font-medium">
                  {m.bidAmount}
                </label>
                <input id="bid-amount" name="amount" required {...amountInput} />
                <label htmlFor="bid-max" className="text-sm font-medium">
                  {live.maxBid}
                </label>
                <input id="bid-max" name="max_amount" aria-describedby="bid-max-hint" {...amountInput} />
                <p id="bid-max-hint" className="text-sm text-slate-600 dark:text-slate-300">
                  {live.maxHint}
                </p>
                <button type="submit" className="btn-dark" disabled={!user || busy}>
                  {busy ? m.placingBid : m.placeBid}
                </button>
              </Form>
              {!user ? (
                <p className="mt-4 text-sm">
                  <Link to={`/login?redirectTo=/auctions/${auction.id}`} className="link">
                    {m.loginToBid}
                  </Link>
                </p>
              ) : null}
              {status === "live" ? (
                <p className="mt-4 text-xs text-emerald-800 dark:text-emerald-200" data-testid="live">
                  ● {live.live}
                </p>
              ) : status === "reconnecting" ? (
                <p className="mt-4 text-xs text-amber-800 dark:text-amber-200" data-testid="reconnecting">
                  ● {live.reconnecting}
                </p>
              ) : null}
            </section>
          ) : null}
          {/* Below the bid form: on a phone the standing, the price, the time left and the form come first. */}
          <EndMovedNote auction={auction} live={live} lang={lang} />
          {user && !ended ? (
            <WatchForm watching={data.auction.watching} texts={data.auction.outbid_texts} minutes={data.reminderMinutes} busy={watchBusy} live={live} />
          ) : null}
        </div>
        <article className="card overflow-hidden lg:col-start-1 lg:row-span-3 lg:row-start-1 lg:self-start">
          <AuctionImage
            image={auction.product_image}
            title={data.texts.title}
            sizes="(min-width: 1024px) 41rem, calc(100vw - 2rem)"
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="p-6">
            <p className="leading-relaxed text-slate-700 dark:text-slate-200" lang={textLang(data.texts.description)}>
              {data.texts.description}
            </p>
            <dl className="mt-4 text-sm">
              <dt className="inline text-slate-600 dark:text-slate-300">{m.seller}: </dt>
              <dd className="inline font-medium" lang={textLang(data.seller)}>
                {data.seller || m.unknownSeller}
              </dd>
            </dl>
            {data.fish ? (
              <Link to={fishPath(data.fish.code)} className="link mt-3 inline-block">
                {data.fish.text}
              </Link>
            ) : null}
          </div>
        </article>
        <div className="lg:col-start-2 lg:row-start-3">
          <section className="card p-6" aria-labelledby="history-heading">
            <h2 id="history-heading" className="font-serif text-2xl font-bold">
              {m.bidHistory}
            </h2>
            {auction.bids.length === 0 ? (
              <p className="mt-4 text-slate-600 dark:text-slate-300">{m.noBids}</p>
            ) : (
              <ol className="mt-4 divide-y divide-river-100 dark:divide-river-800" data-testid="bid-history">
                {auction.bids.slice(0, 10).map((bid) => (
                  <li key={bid.id} className="flex items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-medium">
                        {/* A bidder's name is written as its owner typed it: screen readers read it in its own language. Once
                            the auction is over the Worker names bidders by their pseudonym, in the page's language. */}
                        <BidderName name={bidderText(bid.bidder_name, data.log)} />
                        {yours.has(bid.id) ? (
                          <span className="badge ml-2 bg-gold-100 text-gold-900 dark:bg-gold-300 dark:text-river-950" data-testid="your-bid">
                            {live.you}
                          </span>
                        ) : null}
                      </p>
                      <p className="text-sm text-slate-600 dark:text-slate-300">
                        <time dateTime={bid.created_at}>{formatDateTime(bid.created_at, lang)}</time>
                      </p>
                    </div>
                    <p className="font-bold">{money(bid.amount)}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
          {/* The receipts come with each load of the page (a bid reloads it), never from another viewer's live update. */}
          <BidReceipts receipts={data.auction.receipts} texts={data.log} />
          {/* Last on the page: appearing once the page's code runs, it moves nothing a shopper is reading. */}
          {!ended ? <LazyPushOptIn /> : null}
        </div>
      </div>
    </div>
  );
}
