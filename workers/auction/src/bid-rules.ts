/**
 * The bid rules, as one pure function over the auction's state. The Durable Object calls it one bid at a
 * time and persists what it returns; nothing here reads a clock or storage, so every rule is unit tested.
 * Money is integer paise; times are epoch ms.
 */
import { MAX_BID_FACTOR } from "../../../app/auctions/auction";
import { bidMessages } from "../../../app/i18n/bids.messages";
import { format } from "../../../app/i18n/format";
import type { ErrorKind, KeyedText } from "../../../app/lib/errors";
import { formatRupees } from "../../../app/lib/money";

export const BID_INTERVAL_MS = 1_000;

/** The soft-close rule, from the Worker's configuration (`softClose` in app/config.server.ts). */
export type SoftClose = { windowMs: number; capMs: number };

export type RoomStatus = "active" | "ended" | "cancelled";

export type RoomState = {
  id: number;
  status: RoomStatus;
  startPricePaise: number;
  incrementPaise: number;
  currentPricePaise: number;
  startTime: number;
  scheduledEndTime: number;
  endTime: number;
  sellerUserId: number | null;
  bidCount: number;
  /** The leader and their (secret) proxy maximum; null before the first bid. */
  leaderId: number | null;
  leaderName: string | null;
  leaderMaxPaise: number;
  /** Bumped on every change; watchers resync when they see a gap. */
  version: number;
  /** When each bidder last placed a bid (for the one-bid-per-second rule). */
  lastBidAt: Record<string, number>;
};

export type Bidder = { id: number; name: string; verified: boolean; isAdmin: boolean };

/** One row of bid history: the bidder's own bid, or the proxy bid the object placed for the leader. */
export type HistoryBid = { userId: number; bidderName: string; amountPaise: number; proxy: boolean };

/** The Worker's answers to a bid, in English; each refusal also names its key, for the store to show it in the page's language. */
export const BID_MESSAGES = bidMessages;
export type BidCode = keyof typeof bidMessages;

/** A refused bid: the English words, the key of its text and the values of its placeholders. */
export type BidRefusal<K extends ErrorKind = ErrorKind> = { ok: false; error: string; code: BidCode; values?: Record<string, string>; kind: K };

export function refusal<K extends ErrorKind>(code: BidCode, kind: K, values?: Record<string, string>): BidRefusal<K> {
  return values ? { ok: false, error: format(BID_MESSAGES[code], values), code, values, kind } : { ok: false, error: BID_MESSAGES[code], code, kind };
}

/** A refusal as an error's text: English for the JSON API, keyed for the store's pages. */
export function refusalText(r: BidRefusal): KeyedText {
  return { english: r.error, key: `bids.${r.code}`, ...(r.values ? { values: r.values } : {}) };
}

export type BidResult =
  | { ok: true; state: RoomState; history: HistoryBid[]; outbidUserId: number | null }
  | BidRefusal<"invalid" | "unauthorized" | "forbidden" | "conflict" | "too_many">;

/** An auction before its first bid: open at its starting price, no leader, ending when it was scheduled to. */
export function openingState(auction: Pick<RoomState, "id" | "startPricePaise" | "incrementPaise" | "startTime" | "endTime" | "sellerUserId">): RoomState {
  return {
    id: auction.id,
    status: "active",
    startPricePaise: auction.startPricePaise,
    incrementPaise: auction.incrementPaise,
    currentPricePaise: auction.startPricePaise,
    startTime: auction.startTime,
    scheduledEndTime: auction.endTime,
    endTime: auction.endTime,
    sellerUserId: auction.sellerUserId,
    bidCount: 0,
    leaderId: null,
    leaderName: null,
    leaderMaxPaise: 0,
    version: 1,
    lastBidAt: {},
  };
}

/** The lowest amount the next bid may be: the starting price first, then current + increment. */
export function minimumNextBid(state: Pick<RoomState, "bidCount" | "startPricePaise" | "currentPricePaise" | "incrementPaise">): number {
  return state.bidCount === 0 ? state.startPricePaise : state.currentPricePaise + state.incrementPaise;
}

/** Soft close: a bid in the last `windowMs` moves the end to `windowMs` after it, never past the scheduled end + `capMs`. */
export function extendedEnd(state: Pick<RoomState, "endTime" | "scheduledEndTime">, now: number, softClose: SoftClose): number {
  if (state.endTime - now >= softClose.windowMs) return state.endTime;
  return Math.min(Math.max(state.endTime, now + softClose.windowMs), state.scheduledEndTime + softClose.capMs);
}

export function isTakingBids(state: Pick<RoomState, "status" | "startTime" | "endTime">, now: number): boolean {
  return state.status === "active" && now >= state.startTime && now < state.endTime;
}

/**
 * Places one bid. `amountPaise` is the bid; `maxPaise` (optional) the bidder's proxy maximum. eBay style: the
 * price becomes the second-highest maximum plus the increment, capped at the highest maximum.
 */
export function placeBid(state: RoomState, bidder: Bidder | null, amountPaise: number, maxPaise: number | null, now: number, softClose: SoftClose): BidResult {
  if (!bidder || !bidder.verified) return refusal("login", "unauthorized");
  if (bidder.isAdmin || bidder.id === state.sellerUserId) return refusal("seller", "forbidden");
  if (state.status !== "active" || now < state.startTime) return refusal("notLive", "conflict");
  if (now >= state.endTime) return refusal("ended", "conflict");
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise % 100 !== 0) return refusal("wholeRupees", "invalid");
  if (maxPaise !== null && (!Number.isSafeInteger(maxPaise) || maxPaise % 100 !== 0)) return refusal("wholeRupees", "invalid");
  if (maxPaise !== null && maxPaise < amountPaise) return refusal("maxBelowBid", "invalid");
  if (state.bidCount > 0 && amountPaise <= state.currentPricePaise) return refusal("higher", "invalid");
  const minimum = minimumNextBid(state);
  if (amountPaise < minimum) return refusal("minimum", "invalid", { amount: formatRupees(minimum) });
  if ((maxPaise ?? amountPaise) > minimum * MAX_BID_FACTOR) return refusal("tooHigh", "invalid", { amount: formatRupees(minimum * MAX_BID_FACTOR) });
  if (state.leaderId === bidder.id) return refusal("leading", "conflict");
  const last = state.lastBidAt[String(bidder.id)];
  if (last !== undefined && now - last < BID_INTERVAL_MS) return refusal("tooFast", "too_many");

  const max = maxPaise ?? amountPaise;
  const history: HistoryBid[] = [];
  let next: RoomState;
  let outbidUserId: number | null = null;
  if (state.leaderId === null) {
    history.push({ userId: bidder.id, bidderName: bidder.name, amountPaise, proxy: false });
    next = { ...state, currentPricePaise: amountPaise, leaderId: bidder.id, leaderName: bidder.name, leaderMaxPaise: max };
  } else if (max > state.leaderMaxPaise) {
    // The newcomer leads; they pay one increment over the old leader's maximum (or their own bid if higher).
    const price = Math.max(amountPaise, Math.min(max, state.leaderMaxPaise + state.incrementPaise));
    history.push({ userId: bidder.id, bidderName: bidder.name, amountPaise: price, proxy: price !== amountPaise });
    outbidUserId = state.leaderId;
    next = { ...state, currentPricePaise: price, leaderId: bidder.id, leaderName: bidder.name, leaderMaxPaise: max };
  } else {
    // The leader's proxy maximum covers it: the object bids for the leader (ties go to the earlier bidder).
    const price = Math.min(state.leaderMaxPaise, max + state.incrementPaise);
    history.push({ userId: bidder.id, bidderName: bidder.name, amountPaise: max, proxy: max !== amountPaise });
    history.push({ userId: state.leaderId, bidderName: state.leaderName ?? "", amountPaise: price, proxy: true });
    outbidUserId = bidder.id;
    next = { ...state, currentPricePaise: price };
  }
  next.bidCount = state.bidCount + history.length;
  next.endTime = extendedEnd(state, now, softClose);
  next.version = state.version + 1;
  next.lastBidAt = { ...state.lastBidAt, [String(bidder.id)]: now };
  return { ok: true, state: next, history, outbidUserId };
}

/** Bidders are shown by first name and the initial of their last name ('Ravi K.'), never by e-mail. */
export function publicBidderName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Bidder";
  if (parts.length === 1) return parts[0];
  return `${parts[0]} ${parts[parts.length - 1][0].toUpperCase()}.`;
}
