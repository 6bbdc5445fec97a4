/** Logs made by the bid rules, for the verifier's tests (unit and the verify-auction script's). */
import { canonicalEntry, canonicalRules, proxySteps, sha256Hex, type LogEntry, type LogKind, type LogRules, type PublishedLog } from "./bid-log";
import { pseudonym } from "./pseudonym";
import { openingState, placeBid } from "./bid-rules";

export const T0 = 1_800_000_000_000;
export const MIN = 60_000;
export const RULES: LogRules = {
  auction_id: 7,
  start_price_paise: 100_000,
  increment_paise: 10_000,
  start_time: T0 - 60 * MIN,
  scheduled_end_time: T0 + 60 * MIN,
  soft_close_window_ms: 2 * MIN,
  soft_close_cap_ms: 30 * MIN,
  bid_interval_ms: 1_000,
  max_bid_factor: 10,
};

export type Draft = { kind: LogKind; bidder: string; amount_paise: number; max_paise: number; time: number };

/** Chains drafts as the object does: numbered from 1, each naming the hash before it (the rules' for the first). */
export async function chain(drafts: Draft[], rules = RULES): Promise<LogEntry[]> {
  let prev = await sha256Hex(canonicalRules(rules));
  const entries: LogEntry[] = [];
  for (const [i, d] of drafts.entries()) {
    const body = { ...d, seq: i + 1, nonce: (i + 1).toString(16).padStart(32, "0"), prev };
    const hash = await sha256Hex(canonicalEntry(rules.auction_id, body));
    entries.push({ ...body, hash });
    prev = hash;
  }
  return entries;
}

/** The drafts an auction run by the rules gives: each bid as sent, the proxy bids the rules make, then the close. */
export function run(bids: { who: number; amount: number; max?: number; at: number }[], close = true): Draft[] {
  let state = openingState({
    id: 7,
    startPricePaise: 100_000,
    incrementPaise: 10_000,
    startTime: RULES.start_time,
    endTime: RULES.scheduled_end_time,
    sellerUserId: null,
  });
  const drafts: Draft[] = [];
  for (const b of bids) {
    const result = placeBid(state, { id: b.who, name: pseudonym(b.who), verified: true, isAdmin: false }, b.amount, b.max ?? null, b.at, {
      windowMs: 2 * MIN,
      capMs: 30 * MIN,
    });
    if (!result.ok) throw new Error(result.error);
    drafts.push({ kind: "bid", bidder: pseudonym(b.who), amount_paise: b.amount, max_paise: b.max ?? b.amount, time: b.at });
    for (const p of proxySteps(result.history)) drafts.push({ kind: "proxy", ...p, max_paise: 0, time: b.at });
    state = result.state;
  }
  if (close)
    drafts.push({
      kind: "close",
      bidder: state.leaderId ? pseudonym(state.leaderId) : "",
      amount_paise: state.leaderId ? state.currentPricePaise : 0,
      max_paise: 0,
      time: RULES.scheduled_end_time,
    });
  return drafts;
}

/** Bidder 1 bids ₹1,000 with a maximum of ₹2,000; Bidder 2 bids ₹1,200 (the proxy answers ₹1,300), then ₹2,500 with a maximum of ₹3,000. */
export const AUCTION = run([
  { who: 1, amount: 100_000, max: 200_000, at: T0 },
  { who: 2, amount: 120_000, at: T0 + MIN },
  { who: 2, amount: 250_000, max: 300_000, at: T0 + 2 * MIN },
]);

export async function published(entries: LogEntry[], over: Partial<PublishedLog> = {}): Promise<PublishedLog> {
  const last = entries[entries.length - 1];
  return {
    format: "pulasa-bid-log-v1",
    auction_id: 7,
    status: "ended",
    published: true,
    rules: RULES,
    head: last ? { seq: last.seq, hash: last.hash } : null,
    start: null,
    entries,
    ...over,
  };
}
