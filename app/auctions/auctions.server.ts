import { z } from "zod";
import type { Deps } from "~/deps";
import { keyedMessage, sectionsFor } from "~/i18n/texts";
import type { PublishedLog } from "../../workers/auction/src/bid-log";
import type { Auction, AuctionView } from "./auction";

const auctionShape = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  title_te: z.string().nullish(),
  description_te: z.string().nullish(),
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

type AuctionService = Pick<Deps, "auctionService">;

/**
 * One request to the auction Worker through the AUCTION service binding (`deps.auctionService`). With
 * `cookie`, it goes as that visitor: their cookie header is passed on and the auction Worker authenticates them
 * itself (nothing else identifies them). Null when the Worker cannot be reached (or there is no binding) or
 * does not answer JSON (logged).
 */
async function callAuctionWorker(
  deps: AuctionService,
  path: string,
  init: { method?: "GET" | "POST"; body?: BodyInit; contentType?: string; cookie?: string } = {},
): Promise<{ status: number; ok: boolean; body: unknown } | null> {
  const headers = new Headers({ Accept: "application/json" });
  if (init.cookie !== undefined) headers.set("Cookie", init.cookie);
  if (init.contentType) headers.set("Content-Type", init.contentType);
  try {
    if (!deps.auctionService) throw new Error("No AUCTION binding");
    const response = await deps.auctionService.fetch(`https://auction.internal${path}`, { method: init.method ?? "GET", headers, body: init.body });
    return { status: response.status, ok: response.ok, body: await response.json() };
  } catch (error) {
    console.error("auction service unreachable", path, error);
    return null;
  }
}

/** Reads the auction list from the auction Worker. */
export async function fetchAuctions(deps: AuctionService, fallbackError: string): Promise<Auction[]> {
  const answer = await callAuctionWorker(deps, "/api/auction");
  const parsed = listSchema.safeParse(answer?.body);
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
    you: z.enum(["leading", "outbid", "won", "lapsed", "lost"]).nullable(),
    winner: z.string().nullable().default(null),
    watching: z.boolean().default(false),
    outbid_texts: z.boolean().default(false),
    scheduled_end_time: z.string(),
    extension_ms: z.number(),
    your_bids: z.array(z.number()).default([]),
    cancel_reason: z.string().nullable(),
    order_number: z.string().nullable(),
    log_head: z.object({ seq: z.number(), hash: z.string() }).nullable().default(null),
    receipts: z.array(z.object({ seq: z.number(), kind: z.string(), amount_paise: z.number(), time: z.number(), hash: z.string() })).default([]),
  }),
});

/** The auction as its Durable Object holds it, seen by the visitor whose cookie header this is; null for an unknown one. */
export async function fetchAuctionView(deps: AuctionService, id: number, cookie: string, fallbackError: string): Promise<AuctionView | null> {
  const answer = await callAuctionWorker(deps, `/api/auction/${id}`, { cookie });
  if (answer?.status === 404) return null;
  const parsed = viewSchema.safeParse(answer?.body);
  if (!parsed.success) throw new AuctionServiceError(fallbackError);
  return parsed.data.auction;
}

/** The auction Worker's answer to a change: its status (0 unreached), whether it succeeded, its message or error, and its whole body. */
type WorkerAnswer = { status: number; ok: boolean; message: string | null; error: string | null; body: Record<string, unknown> };

/** Sends a change to the auction Worker as the visitor whose cookie header this is (a bid, or an admin's change). */
export async function postToAuctionWorker(
  deps: AuctionService,
  cookie: string,
  path: string,
  body: BodyInit,
  contentType = "application/json",
): Promise<WorkerAnswer> {
  const answer = await callAuctionWorker(deps, path, { method: "POST", body, contentType, cookie });
  const fields = answer && typeof answer.body === "object" && answer.body !== null ? (answer.body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : null);
  return {
    status: answer?.status ?? 0,
    ok: answer !== null && answer.ok && fields.success === true,
    message: text("message"),
    error: text("error"),
    body: fields,
  };
}

/**
 * Asks an auction's object to look at its lot's order now (the scheduled job, once it found the order ended
 * unpaid): the lot is offered on at once instead of at the object's own deadline. Nobody is named: the object
 * acts only on what the database already says. Whether the object was reached.
 */
export async function promptLotOffers(deps: AuctionService, auctionId: number): Promise<boolean> {
  const answer = await callAuctionWorker(deps, `/api/auction/${auctionId}/offers/check`, { method: "POST" });
  return answer?.ok === true;
}

/**
 * Starts or stops the signed-in visitor (their cookie header) watching an auction, texted when outbid if `texts`:
 * what came of it (`texting`: watching and texted). The Worker decides: an unknown or cancelled auction is
 * `notFound`, one that has ended `ended`.
 */
export async function postWatching(
  deps: AuctionService,
  cookie: string,
  auctionId: number,
  watch: boolean,
  texts = false,
): Promise<"watching" | "texting" | "stopped" | "notFound" | "ended" | "failed"> {
  const answer = await postToAuctionWorker(deps, cookie, `/api/auction/${auctionId}/watching`, JSON.stringify({ watch, texts }));
  if (answer.ok) return answer.body.watching !== true ? "stopped" : answer.body.texts === true ? "texting" : "watching";
  return answer.status === 404 ? "notFound" : answer.status === 409 ? "ended" : "failed";
}

/**
 * Places a bid from the plain form through the auction Worker, as the signed-in visitor (their cookie header):
 * what to tell them, in the page's language (the Worker names its refusal by its key).
 */
export async function postBid(
  deps: AuctionService & Pick<Deps, "lang">,
  cookie: string,
  bid: { auctionId: number; amount: string; maxAmount: string },
  fallbackError: string,
): Promise<{ ok: boolean; outbid: boolean; text: string }> {
  const answer = await postToAuctionWorker(
    deps,
    cookie,
    "/api/bids",
    JSON.stringify({ auction_id: bid.auctionId, amount: bid.amount, max_amount: bid.maxAmount }),
  );
  if (answer.ok) {
    // Placed, yet a proxy maximum already beat it: saying "placed" alone would contradict the standing beside it.
    const auction = answer.body.auction;
    const outbid = typeof auction === "object" && auction !== null && (auction as { you?: unknown }).you === "outbid";
    const bids = sectionsFor(deps).bids;
    return { ok: true, outbid, text: outbid ? bids.placedOutbid : bids.success };
  }
  const { code, values } = answer.body;
  const keyed = typeof code === "string" ? keyedMessage(code, isTextRecord(values) ? values : null, deps) : null;
  return { ok: false, outbid: false, text: keyed ?? answer.error ?? fallbackError };
}

const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "string");

const entrySchema = z.object({
  seq: z.number(),
  kind: z.enum(["bid", "proxy", "cancel", "close", "lapse", "offer", "stop"]),
  bidder: z.string(),
  amount_paise: z.number(),
  max_paise: z.number(),
  time: z.number(),
  nonce: z.string(),
  prev: z.string(),
  hash: z.string(),
});
const numbers = z.record(z.string(), z.number());
const logSchema = z.object({
  success: z.literal(true),
  title: z.string(),
  title_te: z.string().nullish(),
  log: z.object({
    format: z.string(),
    auction_id: z.number(),
    status: z.string(),
    published: z.boolean(),
    rules: z.object({
      auction_id: z.number(),
      start_price_paise: z.number(),
      increment_paise: z.number(),
      start_time: z.number(),
      scheduled_end_time: z.number(),
      soft_close_window_ms: z.number(),
      soft_close_cap_ms: z.number(),
      bid_interval_ms: z.number(),
      max_bid_factor: z.number(),
    }),
    head: z.object({ seq: z.number(), hash: z.string() }).nullable(),
    start: z
      .object({
        after_seq: z.number(),
        price_paise: z.number(),
        bid_count: z.number(),
        leader: z.string().nullable(),
        leader_max_paise: z.number(),
        end_time: z.number(),
        last_bid_at: numbers,
      })
      .nullable(),
    entries: z.array(entrySchema),
  }),
});

/** An auction's bid log with its titles (docs/bid-log.md); null for an auction the Worker does not know. */
export async function fetchAuctionLog(
  deps: AuctionService,
  id: number,
  fallbackError: string,
): Promise<{ log: PublishedLog; title: string; title_te?: string | null } | null> {
  const answer = await callAuctionWorker(deps, `/api/auction/${id}/log`);
  if (answer?.status === 404) return null;
  const parsed = logSchema.safeParse(answer?.body);
  if (!parsed.success) throw new AuctionServiceError(fallbackError);
  return parsed.data;
}
