/**
 * The auction's bid log: a hash chain of everything that decided it (docs/bid-log.md), and its verification.
 * Pure and shared: the auction object builds entries with it, and the log page's Verify button, the
 * `verify-auction` script and the tests check a published log with `verifyLog`. Replaying the bids uses the
 * object's own bid rules (`placeBid`), so the verifier can never disagree with the object about a rule.
 * Web Crypto only: it runs the same in workerd, a browser and Node.
 */
import { MAX_BID_FACTOR } from "../../../app/auctions/auction";
import { BID_INTERVAL_MS, openingState, placeBid, type BidCode, type RoomState } from "./bid-rules";
import { pseudonym, pseudonymNumber } from "./pseudonym";

export const LOG_FORMAT = "pulasa-bid-log-v1";

/**
 * `lapse`, `offer` and `stop` follow a close (the second chance): the lot's holder did not pay in time, the lot is
 * offered to the next highest distinct bidder at their own highest amount, the store stopped offering it.
 */
export type LogKind = "bid" | "proxy" | "cancel" | "close" | "lapse" | "offer" | "stop";

/**
 * One entry. `bidder` is the bidder's pseudonym in this auction ("Bidder 3"; "" for a cancel, and for a close
 * without a winner); `max_paise` is the proxy maximum sent with a bid (its amount when none was sent) and 0 for
 * the other kinds; `nonce` is 16 random bytes that keep a maximum from being guessed from the hash before the close.
 */
export type LogEntry = {
  seq: number;
  kind: LogKind;
  bidder: string;
  amount_paise: number;
  max_paise: number;
  time: number;
  nonce: string;
  prev: string;
  hash: string;
};

/** The rules the auction was run by; their hash is the first entry's `prev`, so they cannot change afterwards. */
export type LogRules = {
  auction_id: number;
  start_price_paise: number;
  increment_paise: number;
  start_time: number;
  scheduled_end_time: number;
  soft_close_window_ms: number;
  soft_close_cap_ms: number;
  bid_interval_ms: number;
  max_bid_factor: number;
};

/**
 * Where the replay starts when the auction had bids before its log existed: those first `after_seq` entries are
 * chained like the rest but not replayed (what was sent with them was not kept); the object's state when the log
 * began is the state the replay continues from.
 */
export type LogStart = {
  after_seq: number;
  price_paise: number;
  bid_count: number;
  leader: string | null;
  leader_max_paise: number;
  end_time: number;
  last_bid_at: Record<string, number>;
};

export type LogHead = { seq: number; hash: string };

/** The log as the auction Worker publishes it: the head always, the entries (and the start) once the auction is over. */
export type PublishedLog = {
  format: string;
  auction_id: number;
  status: string;
  published: boolean;
  rules: LogRules;
  head: LogHead | null;
  start: LogStart | null;
  entries: LogEntry[];
};

/** The first entry's `prev`: none of the 64 hex digits of a hash, but the hash of the rules (see canonicalRules). */
export function canonicalRules(r: LogRules): string {
  return [
    LOG_FORMAT,
    "rules",
    r.auction_id,
    r.start_price_paise,
    r.increment_paise,
    r.start_time,
    r.scheduled_end_time,
    r.soft_close_window_ms,
    r.soft_close_cap_ms,
    r.bid_interval_ms,
    r.max_bid_factor,
  ].join("|");
}

/** What an entry's hash is taken over: its fields in this order, '|'-separated, as UTF-8. */
export function canonicalEntry(auctionId: number, e: Omit<LogEntry, "hash">): string {
  return [LOG_FORMAT, auctionId, e.seq, e.kind, e.bidder, e.amount_paise, e.max_paise, e.time, e.nonce, e.prev].join("|");
}

/** Lower-case hex SHA-256 of the text's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh nonce: 16 random bytes as 32 hex digits. */
export function newNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Why a log fails: each names the entry (its position's number) where it first goes wrong. */
export type LogProblem =
  | "notPublished" // the entries are published at the close
  | "malformed" // an entry lacks a field or has one of the wrong kind
  | "order" // entries missing, added or out of order: the numbers do not run 1, 2, 3...
  | "link" // the entry does not name the hash of the entry before it (or of the rules, for the first)
  | "hash" // the entry's hash is not the hash of its contents
  | "head" // the last entry is not the head the auction published
  | "refused" // the rules refuse this bid
  | "proxy" // the proxy bids here are not the ones the rules make
  | "close" // the close names another winner or price than the bids give
  | "afterEnd" // an entry after the close or the cancel (other than the second chance's), or after a stop
  | "offer"; // a lapse, offer or stop out of turn: not the holder, not the next highest bidder, not their amount

export type Verification =
  | { ok: true; entries: number; outcome: "running" | "ended" | "cancelled"; winner: string | null; pricePaise: number }
  | { ok: false; seq: number; problem: LogProblem; bidCode?: BidCode; detail: string };

const fail = (seq: number, problem: LogProblem, detail: string, bidCode?: BidCode): Verification => ({
  ok: false,
  seq,
  problem,
  detail,
  ...(bidCode ? { bidCode } : {}),
});

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isHex = (v: unknown, length: number) => typeof v === "string" && v.length === length && /^[0-9a-f]+$/.test(v);
const KINDS: readonly string[] = ["bid", "proxy", "cancel", "close", "lapse", "offer", "stop"];

function wellFormed(e: LogEntry): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    isInt(e.seq) &&
    KINDS.includes(e.kind) &&
    typeof e.bidder === "string" &&
    !e.bidder.includes("|") &&
    isInt(e.amount_paise) &&
    isInt(e.max_paise) &&
    isInt(e.time) &&
    isHex(e.nonce, 32) &&
    isHex(e.prev, 64) &&
    isHex(e.hash, 64)
  );
}

/** The bid rules' state before the first replayed entry. */
function replayStart(log: PublishedLog): RoomState {
  const r = log.rules;
  const opening = openingState({
    id: r.auction_id,
    startPricePaise: r.start_price_paise,
    incrementPaise: r.increment_paise,
    startTime: r.start_time,
    endTime: r.scheduled_end_time,
    sellerUserId: null,
  });
  const s = log.start;
  if (!s) return opening;
  const lastBidAt: Record<string, number> = {};
  for (const [name, at] of Object.entries(s.last_bid_at)) lastBidAt[String(pseudonymNumber(name))] = at;
  return {
    ...opening,
    currentPricePaise: s.price_paise,
    bidCount: s.bid_count,
    leaderId: s.leader === null ? null : pseudonymNumber(s.leader),
    leaderName: s.leader,
    leaderMaxPaise: s.leader_max_paise,
    endTime: s.end_time,
    lastBidAt,
  };
}

/** The proxy entries the object makes after a bid: the history rows the rules mark as proxy bids, in order. */
export function proxySteps(history: { bidderName: string; amountPaise: number; proxy: boolean }[]) {
  return history.filter((h) => h.proxy).map((h) => ({ bidder: h.bidderName, amount_paise: h.amountPaise }));
}

/**
 * Checks a published log: every entry's number, link and hash, the head, and then replays the bids by the bid
 * rules to recompute each proxy bid, the winner and the price the close names. With `expectedHead`, the log must
 * also end at that hash (one seen on the auction page while it ran, or a receipt's).
 */
export async function verifyLog(log: PublishedLog, options: { expectedHead?: string } = {}): Promise<Verification> {
  // What was fetched may be anything (another site's JSON, a log cut short): it fails as a log, never throws.
  const notALog = () => fail(0, "malformed", "it is not a bid log");
  if (typeof log !== "object" || log === null || Array.isArray(log)) return notALog();
  if (!log.published) return fail(0, "notPublished", "the log is published when the auction closes");
  if (!Array.isArray(log.entries) || typeof log.rules !== "object" || log.rules === null) return notALog();
  try {
    return await verifyChain(log, options);
  } catch {
    return notALog();
  }
}

async function verifyChain(log: PublishedLog, options: { expectedHead?: string }): Promise<Verification> {
  const entries = log.entries;
  const genesis = await sha256Hex(canonicalRules(log.rules));
  let prev = genesis;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (!wellFormed(e)) return fail(i + 1, "malformed", `entry ${i + 1} is not a log entry`);
    if (e.seq !== i + 1) return fail(i + 1, "order", `entry ${i + 1} is numbered ${e.seq}`);
    if (e.prev !== prev) return fail(e.seq, "link", `entry ${e.seq} does not name the hash of the entry before it`);
    const hash = await sha256Hex(canonicalEntry(log.auction_id, e));
    if (hash !== e.hash) return fail(e.seq, "hash", `entry ${e.seq}'s hash is not the hash of its contents`);
    prev = hash;
  }
  const last = entries[entries.length - 1];
  const head = options.expectedHead ?? log.head?.hash;
  if ((head ?? null) !== (last?.hash ?? null) || (log.head && log.head.seq !== (last?.seq ?? 0)))
    return fail(last?.seq ?? 0, "head", "the log does not end at the published head");
  return replay(log);
}

/** Replays the entries after the start through the bid rules; the chain is already checked. */
function replay(log: PublishedLog): Verification {
  const entries = log.entries;
  const softClose = { windowMs: log.rules.soft_close_window_ms, capMs: log.rules.soft_close_cap_ms };
  let state = replayStart(log);
  let outcome: "running" | "ended" | "cancelled" = "running";
  let i = log.start?.after_seq ?? 0;
  let chain: OfferChain | null = null;
  while (i < entries.length) {
    const e = entries[i];
    if (chain && (e.kind === "lapse" || e.kind === "offer" || e.kind === "stop")) {
      const problem = chainStep(chain, e);
      if (problem) return fail(e.seq, "offer", problem);
      i++;
      continue;
    }
    if (outcome !== "running") return fail(e.seq, "afterEnd", `entry ${e.seq} comes after the auction ${outcome}`);
    if (e.kind === "cancel") {
      outcome = "cancelled";
      state = { ...state, status: "cancelled" };
      i++;
      continue;
    }
    if (e.kind === "close") {
      const winner = state.leaderId === null ? "" : pseudonym(state.leaderId);
      const price = state.leaderId === null ? 0 : state.currentPricePaise;
      if (e.bidder !== winner || e.amount_paise !== price)
        return fail(
          e.seq,
          "close",
          `the bids give ${winner || "no winner"} at ${price} paise, the close names ${e.bidder || "no winner"} at ${e.amount_paise}`,
        );
      outcome = "ended";
      state = { ...state, status: "ended" };
      if (winner)
        chain = {
          holder: winner,
          holderAmount: price,
          fromOffer: false,
          stopped: false,
          offered: new Set([winner]),
          ranking: rankBidders(entries.slice(0, i)),
        };
      i++;
      continue;
    }
    if (e.kind !== "bid" && e.kind !== "proxy") return fail(e.seq, "offer", `entry ${e.seq} (${e.kind}) comes before the close`);
    if (e.kind === "proxy") return fail(e.seq, "proxy", `entry ${e.seq} is a proxy bid the rules do not make here`);
    const id = pseudonymNumber(e.bidder);
    if (id === null) return fail(e.seq, "malformed", `entry ${e.seq} names no bidder`);
    const result = placeBid(state, { id, name: e.bidder, verified: true, isAdmin: false }, e.amount_paise, e.max_paise, e.time, softClose);
    if (!result.ok) return fail(e.seq, "refused", `the rules refuse entry ${e.seq}: ${result.error}`, result.code);
    const expected = proxySteps(result.history);
    for (let k = 0; k < expected.length; k++) {
      const p = entries[i + 1 + k];
      if (!p || p.kind !== "proxy" || p.bidder !== expected[k].bidder || p.amount_paise !== expected[k].amount_paise || p.time !== e.time)
        return fail(
          p?.seq ?? e.seq,
          "proxy",
          `after entry ${e.seq} the rules bid ${expected[k].amount_paise} paise for ${expected[k].bidder}, the log ${p ? `has ${p.kind} ${p.amount_paise} for ${p.bidder || "nobody"}` : "ends"}`,
        );
    }
    state = result.state;
    i += 1 + expected.length;
  }
  if (chain && chain.holder === null && !chain.stopped) {
    const next = nextInRank(chain);
    if (next) return fail(entries[entries.length - 1].seq, "offer", `the lot lapsed but was not offered to ${next.bidder}, the next highest bidder`);
  }
  const winner = outcome === "ended" && state.leaderId !== null ? pseudonym(state.leaderId) : null;
  return { ok: true, entries: entries.length, outcome, winner, pricePaise: winner ? state.currentPricePaise : 0 };
}

/**
 * The second chance after a close: who holds the lot now (the winner, then each bidder it is offered to; null
 * between a lapse and the next offer, and once nobody is left), and the bidders in the order the lot goes to them.
 */
type OfferChain = {
  holder: string | null;
  holderAmount: number;
  /** The holder was offered the lot (not the winner): only such an offer can be stopped. */
  fromOffer: boolean;
  stopped: boolean;
  offered: Set<string>;
  ranking: RankedBidder[];
};

export type RankedBidder = { bidder: string; amount_paise: number };

/**
 * The bidders in the order a lot is offered to them: by their own highest amount (a bid or a proxy bid placed for
 * them), highest first; between equal amounts, the one who reached it first. Entries without a bidder are left out.
 */
export function rankBidders(entries: Pick<LogEntry, "seq" | "kind" | "bidder" | "amount_paise">[]): RankedBidder[] {
  const best = new Map<string, { amount: number; seq: number }>();
  for (const e of entries) {
    if ((e.kind !== "bid" && e.kind !== "proxy") || !e.bidder) continue;
    const known = best.get(e.bidder);
    if (!known || e.amount_paise > known.amount) best.set(e.bidder, { amount: e.amount_paise, seq: e.seq });
  }
  return [...best.entries()].sort(([, a], [, b]) => b.amount - a.amount || a.seq - b.seq).map(([bidder, { amount }]) => ({ bidder, amount_paise: amount }));
}

const nextInRank = (chain: OfferChain) => chain.ranking.find((r) => !chain.offered.has(r.bidder)) ?? null;

/** One step of the second chance, checked: null when it is the step the chain allows here, else what is wrong. */
function chainStep(chain: OfferChain, e: LogEntry): string | null {
  if (chain.stopped) return `entry ${e.seq} comes after the offers were stopped`;
  if (e.kind === "lapse") {
    if (chain.holder === null) return `entry ${e.seq}: nobody holds the lot to let it lapse`;
    if (e.bidder !== chain.holder || e.amount_paise !== chain.holderAmount)
      return `entry ${e.seq}: the lot is held by ${chain.holder} at ${chain.holderAmount} paise, the lapse names ${e.bidder || "nobody"} at ${e.amount_paise}`;
    chain.holder = null;
    return null;
  }
  if (e.kind === "offer") {
    if (chain.holder !== null) return `entry ${e.seq}: the lot is still held by ${chain.holder}`;
    const next = nextInRank(chain);
    if (!next) return `entry ${e.seq}: no bidder is left to offer the lot to`;
    if (e.bidder !== next.bidder || e.amount_paise !== next.amount_paise)
      return `entry ${e.seq}: the next highest bidder is ${next.bidder} at ${next.amount_paise} paise, the offer names ${e.bidder || "nobody"} at ${e.amount_paise}`;
    chain.holder = next.bidder;
    chain.holderAmount = next.amount_paise;
    chain.fromOffer = true;
    chain.offered.add(next.bidder);
    return null;
  }
  if (chain.holder === null || !chain.fromOffer || e.bidder !== chain.holder) return `entry ${e.seq}: no live offer to ${e.bidder || "nobody"} to stop`;
  chain.holder = null;
  chain.stopped = true;
  return null;
}

/** The rules an auction runs by, for its log. */
export function logRules(
  s: Pick<RoomState, "id" | "startPricePaise" | "incrementPaise" | "startTime" | "scheduledEndTime">,
  softClose: { windowMs: number; capMs: number },
): LogRules {
  return {
    auction_id: s.id,
    start_price_paise: s.startPricePaise,
    increment_paise: s.incrementPaise,
    start_time: s.startTime,
    scheduled_end_time: s.scheduledEndTime,
    soft_close_window_ms: softClose.windowMs,
    soft_close_cap_ms: softClose.capMs,
    bid_interval_ms: BID_INTERVAL_MS,
    max_bid_factor: MAX_BID_FACTOR,
  };
}
