import { z } from "zod";
import type { Deps } from "~/deps";
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

/** The auction Worker, or the fallback error when this Worker has no binding to it. */
function auctionService(deps: Pick<Deps, "auctionService">, fallbackError: string): Fetcher {
  if (!deps.auctionService) throw new AuctionServiceError(fallbackError);
  return deps.auctionService;
}

/** Reads the auction list from the auction Worker through the service binding. */
export async function fetchAuctions(deps: Pick<Deps, "auctionService">, fallbackError: string): Promise<Auction[]> {
  const service = auctionService(deps, fallbackError);
  let body: unknown;
  try {
    const response = await service.fetch("https://auction.internal/api/auction", { headers: { Accept: "application/json" } });
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
 * The auction as its Durable Object holds it, seen by the visitor: the visitor's own cookie header is passed
 * on so the auction Worker authenticates them itself (nothing else identifies them).
 */
export async function fetchAuctionView(deps: Pick<Deps, "auctionService">, id: number, cookie: string, fallbackError: string): Promise<AuctionView | null> {
  const service = auctionService(deps, fallbackError);
  let response: Response;
  let body: unknown;
  try {
    response = await service.fetch(`https://auction.internal/api/auction/${id}`, {
      headers: { Accept: "application/json", Cookie: cookie },
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

/** Places a bid from the plain form through the auction Worker, as the signed-in visitor (their cookie header). */
export async function postBid(
  deps: Pick<Deps, "auctionService">,
  cookie: string,
  bid: { auctionId: number; amount: string; maxAmount: string },
  fallbackError: string,
): Promise<{ ok: boolean; text: string }> {
  try {
    const response = await auctionService(deps, fallbackError).fetch("https://auction.internal/api/bids", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
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
