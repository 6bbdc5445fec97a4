import { desc, eq, inArray, ne, sql } from "drizzle-orm";
import { RECENT_BIDS, type AuctionBid, type Auction as AuctionJson } from "../../../app/auctions/auction";
import { auctionBids, auctions, type AuctionBidRow, type AuctionRow } from "../../../app/db/schema";
import type { Deps } from "../../../app/deps";
import { paiseToRupees } from "../../../app/lib/money";

export type { Auction as AuctionJson } from "../../../app/auctions/auction";

/** One bid as the API shows it (from D1's mirror or from the auction's own object). */
export function toBidJson(id: number, bidderName: string, amountPaise: number, createdAt: number): AuctionBid {
  return { id, bidder_name: bidderName, amount: paiseToRupees(amountPaise), created_at: new Date(createdAt).toISOString() };
}

type AuctionFacts = {
  id: number;
  title: string;
  description: string;
  image: string | null;
  currentPricePaise: number;
  endTime: number;
  status: string;
  bidCount: number;
  sellerName: string;
};

/** An auction's Telugu texts as the API answers them: D1 holds them, the auction's object only what bidding changes. */
export function teluguTexts(row: Pick<AuctionRow, "titleTe" | "descriptionTe">) {
  return { title_te: row.titleTe, description_te: row.descriptionTe };
}

/** The API's auction, from D1's summary row (listings) or from the auction's own object (its page). */
export function toAuctionJson(auction: AuctionFacts, bids: AuctionBid[]): AuctionJson {
  return {
    id: auction.id,
    title: auction.title,
    description: auction.description,
    product_image: auction.image,
    current_price: paiseToRupees(auction.currentPricePaise),
    end_time: new Date(auction.endTime).toISOString(),
    status: auction.status,
    bid_count: auction.bidCount,
    bids,
    seller: { name: auction.sellerName },
  };
}

async function recentBidsFor(deps: Pick<Deps, "db">, ids: number[]) {
  const db = deps.db;
  if (ids.length === 0) return new Map<number, AuctionBidRow[]>();
  // Window function keeps the query to one round trip however many auctions are listed.
  const ranked = db
    .select({
      id: auctionBids.id,
      rank: sql<number>`row_number() over (partition by ${auctionBids.auctionId} order by ${auctionBids.createdAt} desc, ${auctionBids.id} desc)`.as("rank"),
    })
    .from(auctionBids)
    .where(inArray(auctionBids.auctionId, ids))
    .as("ranked");
  const rows = await db
    .select({ bid: auctionBids })
    .from(auctionBids)
    .innerJoin(ranked, eq(ranked.id, auctionBids.id))
    .where(sql`${ranked.rank} <= ${RECENT_BIDS}`)
    .orderBy(desc(auctionBids.createdAt), desc(auctionBids.id));
  const byAuction = new Map<number, AuctionBidRow[]>();
  for (const { bid } of rows) {
    const list = byAuction.get(bid.auctionId) ?? [];
    list.push(bid);
    byAuction.set(bid.auctionId, list);
  }
  return byAuction;
}

/** Every auction that is not cancelled: running ones first (ending soonest first), then ended ones. */
export async function listAuctions(deps: Pick<Deps, "db" | "now">, now = deps.now()): Promise<AuctionJson[]> {
  const rows = await deps.db
    .select()
    .from(auctions)
    .where(ne(auctions.status, "cancelled"))
    .orderBy(sql`case when ${auctions.status} = 'active' and ${auctions.endTime} > ${now} then 0 else 1 end`, auctions.endTime)
    .limit(100);
  const bids = await recentBidsFor(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...toAuctionJson(
      { ...row, image: row.productImage },
      (bids.get(row.id) ?? []).map((b) => toBidJson(b.id, b.bidderName, b.amountPaise, b.createdAt)),
    ),
    ...teluguTexts(row),
  }));
}
