import type { bidLogMessages } from "../i18n/bid-log.messages";
import type { bidMessages } from "../i18n/bids.messages";
import { format } from "../i18n/format";
import type { Translation } from "../i18n/te/translation";
import { formatRupees } from "../lib/money";
import type { Verification } from "../../workers/auction/src/bid-log";
import { pseudonymNumber } from "../../workers/auction/src/pseudonym";

export type LogTexts = Translation<typeof bidLogMessages>;
export type BidTexts = Translation<typeof bidMessages>;

/** A pseudonym as the page's language writes it ("Bidder 3", "బిడ్డర్ 3"); anything else as it is. */
export function bidderText(name: string, m: LogTexts): string {
  const n = pseudonymNumber(name);
  return n === null ? name : format(m.bidderName, { n: String(n) });
}

/** What a verification found, in the page's language: "Verified: 5 entries, winner Bidder 3 at ₹1,300" or where it fails. */
export function verificationText(v: Verification, m: LogTexts, bids: BidTexts): string {
  if (v.ok) {
    const count = String(v.entries);
    if (v.outcome === "cancelled") return format(m.verifiedCancelled, { count });
    if (!v.winner) return format(m.verifiedNoWinner, { count });
    return format(m.verified, { count, winner: bidderText(v.winner, m), amount: formatRupees(v.pricePaise) });
  }
  const reason = v.problem === "refused" ? format(m.problems.refused, { reason: v.bidCode ? bids[v.bidCode] : "" }) : m.problems[v.problem];
  return format(m.failed, { seq: String(v.seq), reason });
}

/** A hash shortened for reading: its first 10 and last 6 hex digits. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** A bidder's entry in the bid log, as their receipt names it. */
export type LogReceipt = { seq: number; hash: string };

/** A notice's message with the bidder's receipt after it (its number and shortened hash, as the auction page shows it). */
export function withReceipt(message: string, receipt: LogReceipt | null | undefined, m: { receipt: string }): string {
  return receipt ? `${message} ${format(m.receipt, { seq: String(receipt.seq), hash: shortHash(receipt.hash) })}` : message;
}
