import { inLang, type Lang } from "../i18n/lang";

/** Bids shown with each auction: its Bid History shows the 10 most recent. */
export const RECENT_BIDS = 10;

/**
 * A bid (or a proxy maximum) is at most this many times the minimum next bid: one typo or one griefer's bid of
 * ₹99,99,99,999 would otherwise end a ₹1,000 lot with a price nobody can beat or means to pay.
 */
export const MAX_BID_FACTOR = 10;

/** The auction as the JSON API answers it (amounts in rupees, times ISO 8601), shared by the server and the pages. */
export type AuctionBid = { id: number; bidder_name: string; amount: number; created_at: string };

export type Auction = {
  id: number;
  title: string;
  description: string;
  /** The Telugu title and description, null when the admin gave none (absent in live updates). */
  title_te?: string | null;
  description_te?: string | null;
  product_image: string | null;
  current_price: number;
  end_time: string;
  status: string;
  bid_count: number;
  bids: AuctionBid[];
  seller: { name: string };
};

/** The title and description a page in `lang` shows: the Telugu ones on a Telugu page when there are some. */
export function auctionTexts(auction: Pick<Auction, "title" | "description" | "title_te" | "description_te">, lang: Lang) {
  return { title: inLang(auction.title, auction.title_te, lang), description: inLang(auction.description, auction.description_te, lang) };
}

/** An auction's id from a path segment: 1 to 12 digits, else null (the page is then not found). */
export function auctionIdParam(param: string | undefined): number | null {
  return /^\d{1,12}$/.test(param ?? "") ? Number(param) : null;
}

/** Bidding is open only while the status is active and the end time has not passed. */
export function isOpen(auction: Pick<Auction, "status" | "end_time">, now = Date.now()): boolean {
  return auction.status === "active" && new Date(auction.end_time).getTime() > now;
}

/** The auction as its Durable Object sees it (detail page, live updates): the API's shape plus bidding details. */
export type AuctionView = Auction & {
  start_time: string;
  min_increment: number;
  /** The lowest amount the next bid may be (rupees). */
  min_next_bid: number;
  /** Bumped on every change: a client that sees a gap asks for the state again. */
  version: number;
  /** The ids of the viewer's own bids among `bids`. */
  your_bids: number[];
  /**
   * The viewer's standing, when signed in and they have bid; `lapsed`: they won or were offered the lot, their
   * time to pay ran out and the lot was offered on.
   */
  you: "leading" | "outbid" | "won" | "lapsed" | "lost" | null;
  /** The winner's pseudonym in the bid log ("Bidder 3") once the auction has ended with one; null before. */
  winner: string | null;
  cancel_reason: string | null;
  /** The winner's order (shown to the winner only). */
  order_number: string | null;
  /** The last entry of the auction's bid log (docs/bid-log.md), public while it runs; null before any. */
  log_head: LogHead | null;
  /** The viewer's own entries in the log, each their receipt: a load and a bid's answer carry them, live changes do not. */
  receipts: BidReceipt[];
  /** The end the admin set (ISO 8601): a later `end_time` is a late bid's soft close. */
  scheduled_end_time: string;
  /** How long a late bid keeps the auction open after it (its soft close window, from its published rules). */
  extension_ms: number;
  /** Whether the viewer watches the auction (reminded before its end); a load carries it, live changes do not. */
  watching: boolean;
  /** Whether the signed-in visitor asked to be texted when outbid here (false for anyone else). */
  outbid_texts: boolean;
};

export type LogHead = { seq: number; hash: string };
export type BidReceipt = { seq: number; kind: string; amount_paise: number; time: number; hash: string };

/** What a bid, a close or a cancel can change; the title, description, photo and seller never do. */
type ChangingFields =
  | "current_price"
  | "end_time"
  | "status"
  | "bid_count"
  | "min_next_bid"
  | "version"
  | "your_bids"
  | "you"
  | "cancel_reason"
  | "order_number"
  | "log_head"
  | "winner";

/**
 * What watchers are sent after a change: the fields that can change and only the bids it added, newest first,
 * placed after the bid numbered `after` (0: before any bid). A watcher whose newest bid is another asks again;
 * `after` is -1 when every bid shown changed (the close names bidders by pseudonym), so every watcher asks again.
 */
export type AuctionChange = { after: number; new_bids: AuctionBid[]; auction: Pick<AuctionView, ChangingFields> };

/**
 * The view after `change`; the view itself when the change is older; null when the view lacks bids the change
 * builds on (a missed message), so the whole state has to be asked for.
 */
export function applyChange(view: AuctionView, change: AuctionChange): AuctionView | null {
  if (change.auction.version < view.version) return view;
  const newest = view.bids[0]?.id ?? 0;
  let bids: AuctionBid[];
  if (newest === change.after) bids = [...change.new_bids, ...view.bids].slice(0, RECENT_BIDS);
  else if (change.new_bids.length > 0 && newest === change.new_bids[0].id) bids = view.bids;
  else return null;
  return { ...view, ...change.auction, bids };
}
