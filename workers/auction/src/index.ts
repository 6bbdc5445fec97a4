import { eq } from "drizzle-orm";
import { getDb } from "../../../app/db/client.server";
import { auctions, type AuctionRow } from "../../../app/db/schema";
import { BodyTooLargeError, readLimitedBytes } from "../../../app/web/body-limit.server";
import type { AuctionRoom } from "./auction-room";
import { authenticate, authenticateBidder } from "./auth";
import { publicBidderName } from "./bid-rules";
import { createAuctionInput, MAX_IMAGE_BYTES, parseBid, readBody, sniffImage } from "./input";
import { listAuctions } from "./listing";
import type { RoomEnv } from "./room-d1";

export { AuctionRoom } from "./auction-room";

type Env = RoomEnv & { AUCTION_ROOM: DurableObjectNamespace<AuctionRoom>; AUCTION_IMAGES?: R2Bucket };

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

const IMAGE_RULE = "The image must be a JPEG, PNG or WebP file of at most 2 MB";

function fail(error: string, status: number) {
  return json({ success: false, error }, status);
}

/** Auction rows by id, so an unknown id is refused before any Durable Object is created for it. */
async function auctionRow(env: Env, id: number): Promise<AuctionRow | null> {
  const [row] = await getDb(env).select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return row ?? null;
}

/** Objects this isolate has already seen adopt their row: later requests skip that round trip. */
const adopted = new Set<number>();

/** The auction's object, or null for an id D1 does not know (no object is ever made for one). */
async function room(env: Env, id: number, known?: AuctionRow) {
  const stub = env.AUCTION_ROOM.get(env.AUCTION_ROOM.idFromName(String(id)));
  if (!adopted.has(id)) {
    const row = known ?? (await auctionRow(env, id));
    if (!row) return null;
    await stub.adopt(row);
    adopted.add(id);
  }
  return stub;
}

async function handle(request: Request, env: Env): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/api/auction" && request.method === "GET") {
    return json({ success: true, auctions: await listAuctions(env.DB) });
  }
  if (pathname === "/api/auction" && request.method === "POST") {
    const user = await authenticate(request, env);
    if (!user) return fail("Please login to continue", 401);
    if (!user.isAdmin) return fail("Access denied. Admin privileges required.", 403);
    const parsed = createAuctionInput(await readBody(request), Date.now());
    if (!parsed.ok) return fail(parsed.error, 400);
    const input = parsed.value;
    const [row] = await getDb(env)
      .insert(auctions)
      .values({
        title: input.title,
        description: input.description,
        productImage: input.image,
        startPricePaise: input.startPricePaise,
        currentPricePaise: input.startPricePaise,
        minIncrementPaise: input.incrementPaise,
        startTime: input.startTime,
        endTime: input.endTime,
        scheduledEndTime: input.endTime,
        sellerName: input.sellerName,
        sellerUserId: user.id,
      })
      .returning();
    const stub = env.AUCTION_ROOM.get(env.AUCTION_ROOM.idFromName(String(row.id)));
    const auction = await stub.create({ ...input, id: row.id, sellerUserId: user.id });
    return json({ success: true, message: "Auction created successfully!", auction }, 201);
  }
  if (pathname === "/api/bids" && request.method === "POST") {
    const body = await readBody(request);
    const bid = parseBid(body);
    if (!bid.ok) return fail(bid.error, 400);
    const stub = await room(env, bid.auctionId);
    if (!stub) return fail("Auction not found", 404);
    const user = await authenticateBidder(request, env);
    const bidder = user ? { id: user.id, name: publicBidderName(user.name), verified: user.emailVerifiedAt !== null, isAdmin: user.isAdmin } : null;
    const outcome = await stub.bid(bidder, bid.amountPaise, bid.maxPaise);
    return outcome.ok ? json({ success: true, message: outcome.message, auction: outcome.auction }) : fail(outcome.error, outcome.status);
  }
  if (pathname === "/api/auction/images" && request.method === "POST") {
    const user = await authenticate(request, env);
    if (!user) return fail("Please login to continue", 401);
    if (!user.isAdmin) return fail("Access denied. Admin privileges required.", 403);
    if (!env.AUCTION_IMAGES) return fail("Image uploads are not configured", 503);
    // The body is the image's bytes themselves: above MAX_IMAGE_BYTES it is refused (413) as it is read.
    const bytes = await readLimitedBytes(request, MAX_IMAGE_BYTES, IMAGE_RULE);
    const kind = sniffImage(bytes);
    if (bytes.byteLength === 0 || !kind) return fail(IMAGE_RULE, 400);
    const key = `${crypto.randomUUID()}.${kind.ext}`;
    await env.AUCTION_IMAGES.put(key, bytes, { httpMetadata: { contentType: kind.type } });
    return json({ success: true, url: `/api/auction/images/${key}` }, 201);
  }
  const cancel = /^\/api\/auction\/(\d{1,12})\/cancel$/.exec(pathname);
  if (cancel && request.method === "POST") {
    const user = await authenticate(request, env);
    if (!user) return fail("Please login to continue", 401);
    if (!user.isAdmin) return fail("Access denied. Admin privileges required.", 403);
    const body = await readBody(request);
    const reason = typeof body.reason === "string" ? body.reason.trim().slice(0, 500) : "";
    if (reason.length < 3) return fail("Please give a reason for cancelling", 400);
    const stub = await room(env, Number(cancel[1]));
    if (!stub) return fail("Auction not found", 404);
    const result = await stub.cancel(reason);
    return result.ok ? json({ success: true, message: "Auction cancelled" }) : fail(result.error ?? "Failed", 409);
  }
  const image = /^\/api\/auction\/images\/([0-9a-f-]{36}\.(?:jpg|png|webp))$/.exec(pathname);
  if (image && request.method === "GET") {
    const object = await env.AUCTION_IMAGES?.get(image[1]);
    if (!object) return fail("Not found", 404);
    // At most 2 MB: buffered, so the body crosses the service binding as one piece.
    return new Response(await object.arrayBuffer(), {
      headers: { "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  }
  const one = /^\/api\/auction\/(\d{1,12})(\/watch)?$/.exec(pathname);
  if (one && request.method === "GET") {
    const row = await auctionRow(env, Number(one[1]));
    if (!row || row.status === "cancelled") return fail("Auction not found", 404);
    const user = await authenticate(request, env);
    const stub = (await room(env, row.id, row))!;
    if (one[2]) {
      if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return fail("Expected a WebSocket upgrade", 426);
      // A fresh internal request: none of the client's headers reach the object, only the id we authenticated.
      const internal = new URL("https://auction-room/watch");
      if (user) internal.searchParams.set("uid", String(user.id));
      return stub.fetch(new Request(internal, { headers: { Upgrade: "websocket" } }));
    }
    return json({ success: true, auction: await stub.view(user?.id ?? null) });
  }
  return fail("Not found", 404);
}

/**
 * The auction JSON API. The store reaches it through its AUCTION service binding (same origin for the
 * browser, which forwards the original request); on Cloudflare it also answers on its own host.
 */
export default {
  async fetch(request, env): Promise<Response> {
    try {
      return await handle(request, env);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return fail(error.message, 413);
      console.error("auction worker error", error);
      return fail("Failed to fetch auctions", 500);
    }
  },
} satisfies ExportedHandler<Env>;
