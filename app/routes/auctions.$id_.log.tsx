import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { auctionIdParam, auctionTexts } from "~/auctions/auction";
import { bidderText, shortHash } from "~/auctions/bid-log-text";
import { fetchAuctionLog } from "~/auctions/auctions.server";
import { VerifyLogButton } from "~/components/bid-log-verify";
import { Link } from "~/components/link";
import { format } from "~/i18n/format";
import { brandName, textLang } from "~/i18n/lang";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatExactTimeIst } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { pageMeta } from "~/web/meta";
import { useLang } from "~/web/site";

/** Read from the auction's object: its head moves with every bid until the close. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `${data ? format(data.texts.heading, { title: data.title }) : ""} | ${data?.brand ?? ""}`, description: data?.texts.intro ?? "" });

export async function loader({ params, context: { deps } }: LoaderFunctionArgs) {
  const id = auctionIdParam(params.id);
  const found = deps.config.features.auctions && id !== null ? await fetchAuctionLog(deps, id, messagesFor(deps).auctions.failed) : null;
  if (!found) throw new Response("Not Found", { status: 404 });
  const sections = sectionsFor(deps);
  return {
    log: found.log,
    title: auctionTexts({ title: found.title, title_te: found.title_te, description: "" }, deps.lang).title,
    jsonUrl: `${deps.origin}/api/auction/${found.log.auction_id}/log`,
    texts: sections.log,
    bids: sections.bids,
    brand: brandName(deps.config, deps.lang),
  };
}

export default function AuctionLog() {
  const { log, title, jsonUrl, texts: m, bids } = useLoaderData<typeof loader>();
  const { lang } = useLang();
  const close = log.entries.find((e) => e.kind === "close");
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
      <Link to={`/auctions/${log.auction_id}`} className="link">
        ← {m.back}
      </Link>
      <h1 className="mt-4 font-serif text-2xl font-bold sm:text-3xl">
        {m.title}: <span lang={textLang(title)}>{title}</span>
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-200">{m.intro}</p>

      <section className="card mt-6 p-5 sm:p-6" aria-labelledby="head-heading">
        <h2 id="head-heading" className="font-serif text-xl font-bold">
          {m.head}
        </h2>
        {log.head ? (
          <p className="mt-2" data-testid="log-head">
            {format(m.headValue, { seq: String(log.head.seq) })} ·{" "}
            <code className="break-all text-sm" data-testid="log-head-hash" translate="no">
              {log.head.hash}
            </code>
          </p>
        ) : (
          <p className="mt-2">{m.noEntries}</p>
        )}
        {log.status === "cancelled" ? <p className="mt-2 font-medium">{m.cancelled}</p> : null}
        {!log.published ? (
          <p className="mt-3 font-medium" data-testid="log-unpublished">
            {m.unpublished}
          </p>
        ) : close ? (
          <p className="mt-3 font-medium" data-testid="log-result">
            {close.bidder ? format(m.result, { winner: bidderText(close.bidder, m), amount: formatRupees(close.amount_paise) }) : m.resultNone}
          </p>
        ) : null}
      </section>

      {log.published ? (
        <section className="card mt-6 p-5 sm:p-6" aria-labelledby="entries-heading">
          <h2 id="entries-heading" className="font-serif text-xl font-bold">
            {m.entries}
          </h2>
          <ol className="mt-3 divide-y divide-river-100 dark:divide-river-800" data-testid="log-entries">
            {log.entries.map((e) => (
              <li key={e.seq} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-3">
                <span className="font-semibold">
                  {m.seq} {e.seq}
                </span>
                <span>{m.kinds[e.kind]}</span>
                <span>{e.bidder ? bidderText(e.bidder, m) : "—"}</span>
                {/* A cancel and a stop move no money: they show no amount. */}
                {e.kind === "cancel" || e.kind === "stop" ? null : <span className="font-bold">{formatRupees(e.amount_paise)}</span>}
                {e.kind === "bid" && e.max_paise > e.amount_paise ? (
                  <span className="text-sm">
                    {m.max} {formatRupees(e.max_paise)}
                  </span>
                ) : null}
                <time className="text-sm text-slate-600 dark:text-slate-300" dateTime={new Date(e.time).toISOString()}>
                  {formatExactTimeIst(e.time, lang)}
                </time>
                {/* The label stays out of the monospace font, which has no Telugu letters. */}
                <span className="text-xs">
                  {m.hash}{" "}
                  <code title={e.hash} data-hash={e.hash} translate="no">
                    {shortHash(e.hash)}
                  </code>
                </span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section className="card mt-6 p-5 sm:p-6" aria-labelledby="verify-heading">
        <h2 id="verify-heading" className="font-serif text-xl font-bold">
          {m.verifyHeading}
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{m.verifyHint}</p>
        <p className="mt-3">
          <a className="link" href={`/api/auction/${log.auction_id}/log`} data-testid="log-json">
            {m.jsonLink}
          </a>
        </p>
        <p className="mt-3 text-sm">{m.command}</p>
        <pre className="mt-1 whitespace-pre-wrap break-all rounded-lg bg-river-50 p-3 text-sm dark:bg-river-950" data-testid="log-command">
          <code>npm run verify-auction -- {jsonUrl}</code>
        </pre>
        {log.published ? <VerifyLogButton auctionId={log.auction_id} texts={m} bids={bids} /> : null}
      </section>
    </div>
  );
}
