/** The auction as the JSON API answers it (amounts in rupees, times ISO 8601), shared by the server and the pages. */
export type AuctionBid = { id: number; bidder_name: string; amount: number; created_at: string };

export type Auction = {
  id: number;
  title: string;
  description: string;
  product_image: string | null;
  current_price: number;
  end_time: string;
  status: string;
  bid_count: number;
  bids: AuctionBid[];
  seller: { name: string };
};

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
  /** The viewer's standing, when signed in and they have bid. */
  you: "leading" | "outbid" | "won" | "lost" | null;
  cancel_reason: string | null;
  /** The winner's order (shown to the winner only). */
  order_number: string | null;
};
