import { z } from "zod";
import type { Auction } from "./auction";

const auctionSchema: z.ZodType<Auction> = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  product_image: z.string().nullable(),
  current_price: z.number(),
  end_time: z.string(),
  status: z.string(),
  bid_count: z.number(),
  bids: z.array(z.object({ id: z.number(), bidder_name: z.string(), amount: z.number(), created_at: z.string() })),
  seller: z.object({ name: z.string() }),
});

const listSchema = z.union([
  z.object({ success: z.literal(true), auctions: z.array(auctionSchema) }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

export class AuctionServiceError extends Error {}

/** Reads the auction list from the auction Worker through the service binding. */
export async function fetchAuctions(env: { AUCTION: Fetcher }, fallbackError: string): Promise<Auction[]> {
  let body: unknown;
  try {
    const response = await env.AUCTION.fetch("https://auction.internal/api/auction", { headers: { Accept: "application/json" } });
    body = await response.json();
  } catch (error) {
    console.error("auction service unreachable", error);
    throw new AuctionServiceError(fallbackError);
  }
  const parsed = listSchema.safeParse(body);
  if (!parsed.success) throw new AuctionServiceError(fallbackError);
  if (!parsed.data.success) throw new AuctionServiceError(parsed.data.error);
  return parsed.data.auctions;
}

const oneSchema = z.union([
  z.object({ success: z.literal(true), auction: auctionSchema }),
  z.object({ success: z.literal(false), error: z.string() }),
]);

/** One auction, or null when the auction Worker does not know it. */
export async function fetchAuction(env: { AUCTION: Fetcher }, id: number, fallbackError: string): Promise<Auction | null> {
  let response: Response;
  let body: unknown;
  try {
    response = await env.AUCTION.fetch(`https://auction.internal/api/auction/${id}`, { headers: { Accept: "application/json" } });
    body = await response.json();
  } catch (error) {
    console.error("auction service unreachable", error);
    throw new AuctionServiceError(fallbackError);
  }
  if (response.status === 404) return null;
  const parsed = oneSchema.safeParse(body);
  if (!parsed.success) throw new AuctionServiceError(fallbackError);
  if (!parsed.data.success) throw new AuctionServiceError(parsed.data.error);
  return parsed.data.auction;
}
