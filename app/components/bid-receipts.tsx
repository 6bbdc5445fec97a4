import { shortHash, type LogTexts } from "~/auctions/bid-log-text";
import type { BidReceipt, LogHead } from "~/auctions/auction";
import { Link } from "~/components/link";
import { format } from "~/i18n/format";
import { formatDateTime } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { useLang } from "~/web/site";

/** A hash shortened to read, whole to copy (selected at once) and in its title; hex digits, never translated. */
function Hash({ hash, label, testId }: { hash: string; label: string; testId?: string }) {
  return (
    <details className="inline-block align-top">
      <summary className="cursor-pointer font-mono text-sm" title={hash} data-testid={testId} translate="no">
        {shortHash(hash)}
      </summary>
      <span className="sr-only">{label}: </span>
      <code className="block select-all break-all text-xs" translate="no">
        {hash}
      </code>
    </details>
  );
}

/**
 * The auction's public log head, with the way to its log. A <div>, not a <p>: the hash's <details> may not sit
 * in a paragraph (the browser would close it there, and the page would not hydrate).
 */
export function LogHeadLine({ auctionId, head, texts: m }: { auctionId: number; head: LogHead | null; texts: LogTexts }) {
  return (
    <div className="mt-4 text-sm" data-testid="auction-log-head">
      <span className="text-slate-600 dark:text-slate-300">{m.logHead}: </span>
      {head ? (
        <>
          {format(m.logHeadValue, { seq: String(head.seq) })} · <Hash hash={head.hash} label={m.copy} />{" "}
        </>
      ) : (
        <>{m.noEntries} </>
      )}
      <Link to={`/auctions/${auctionId}/log`} className="link">
        {m.viewLog}
      </Link>
    </div>
  );
}

/** The signed-in bidder's receipts: each of their entries in the log, by number and hash. */
export function BidReceipts({ receipts, texts: m }: { receipts: BidReceipt[]; texts: LogTexts }) {
  const { lang } = useLang();
  if (receipts.length === 0) return null;
  return (
    <section className="card mt-6 p-6" aria-labelledby="receipts-heading">
      <h2 id="receipts-heading" className="font-serif text-2xl font-bold">
        {m.receipts}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.receiptsHint}</p>
      <ol className="mt-3 divide-y divide-river-100 dark:divide-river-800" data-testid="receipts">
        {receipts.map((r) => (
          <li key={r.seq} className="py-3" data-testid="receipt">
            <p className="font-medium">
              {format(m.receipt, { seq: String(r.seq), kind: m.kinds[r.kind as "bid" | "proxy"] ?? r.kind, amount: formatRupees(r.amount_paise) })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <time dateTime={new Date(r.time).toISOString()}>{formatDateTime(r.time, lang)}</time>
            </p>
            <Hash hash={r.hash} label={m.copy} testId="receipt-hash" />
          </li>
        ))}
      </ol>
    </section>
  );
}
