/** The spec's auction shape (amounts in rupees, times ISO 8601), shared by the server and the pages. */
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
