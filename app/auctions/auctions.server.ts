import { z } from "zod";
import type { Auction, AuctionView } from "./auction";

const auctionShape = z.object({
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
const auctionSchema: z.ZodType<Auction> = auctionShape;

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

const viewSchema = z.object({
  success: z.literal(true),
  auction: auctionShape.extend({
    start_time: z.string(),
    min_increment: z.number(),
    min_next_bid: z.number(),
    version: z.number(),
    you: z.enum(["leading", "outbid", "won", "lost"]).nullable(),
    cancel_reason: z.string().nullable(),
    order_number: z.string().nullable(),
  }),
});

/**
 * The auction as its Durable Object holds it, seen by the visitor: the visitor's own cookie is passed on so
 * the auction Worker authenticates them itself (nothing else identifies them).
 */
export async function fetchAuctionView(env: { AUCTION: Fetcher }, id: number, request: Request, fallbackError: string): Promise<AuctionView | null> {
  let response: Response;
  let body: unknown;
  try {
    response = await env.AUCTION.fetch(`https://auction.internal/api/auction/${id}`, {
      headers: { Accept: "application/json", Cookie: request.headers.get("Cookie") ?? "" },
    });
    body = await response.json();
  } catch (error) {
    console.error("auction service unreachable", error);
    throw new AuctionServiceError(fallbackError);
  }
  if (response.status === 404) return null;
  const parsed = viewSchema.safeParse(body);
  if (!parsed.success) throw new AuctionServiceError(fallbackError);
  return parsed.data.auction;
}

/** Places a bid from the plain form through the auction Worker, as the signed-in visitor (their cookie). */
export async function postBid(
  env: { AUCTION: Fetcher },
  request: Request,
  bid: { auctionId: number; amount: string; maxAmount: string },
  fallbackError: string,
): Promise<{ ok: boolean; text: string }> {
  try {
    const response = await env.AUCTION.fetch("https://auction.internal/api/bids", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: request.headers.get("Cookie") ?? "" },
      body: JSON.stringify({ auction_id: bid.auctionId, amount: bid.amount, max_amount: bid.maxAmount }),
    });
    const body = (await response.json()) as { success?: boolean; message?: string; error?: string };
    if (body.success) return { ok: true, text: body.message ?? "Bid placed successfully!" };
    return { ok: false, text: typeof body.error === "string" ? body.error : fallbackError };
  } catch (error) {
    console.error("bid failed", error);
    return { ok: false, text: fallbackError };
  }
}
