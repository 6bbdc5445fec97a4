import { eq } from "drizzle-orm";
import { auctions, type AuctionRow } from "../../../app/db/schema";
import type { Deps } from "../../../app/deps";
import { createDeps } from "../../../app/deps.server";
import { ConflictError, DomainError, InvalidInputError, NotFoundError, UnauthorizedError, UnavailableError } from "../../../app/lib/errors";
import { endpoint, handleApi, reply, type Api } from "../../../app/web/api.server";
import type { AuctionRoom } from "./auction-room";
import { authenticate, authenticateBidder } from "./auth";
import { publicBidderName, refusalText } from "./bid-rules";
import { createAuctionInput, MAX_IMAGE_BYTES, parseBid, sniffImage } from "./input";
import { listAuctions, teluguTexts } from "./listing";
import { messagePhone } from "../../../app/messaging/en-route";
import type { RoomEnv } from "./room-state";

export { AuctionRoom } from "./auction-room";

type Env = RoomEnv & { AUCTION_ROOM: DurableObjectNamespace<AuctionRoom>; AUCTION_IMAGES?: R2Bucket };

/** Texts when outbid go to the account's phone: without one there is nothing to text. */
const TEXTS_NEED_PHONE = "Add your phone number to your profile to be texted when you are outbid";
const IMAGE_RULE = "The image must be a whole JPEG, PNG or WebP photo of at most 15 MB";

/** Auction rows by id, so an unknown id is refused before any Durable Object is created for it. */
async function auctionRow(deps: Pick<Deps, "db">, id: number): Promise<AuctionRow | null> {
  const [row] = await deps.db.select().from(auctions).where(eq(auctions.id, id)).limit(1);
  return row ?? null;
}

/** Objects this isolate has already seen adopt their row: later requests skip that round trip. */
const adopted = new Set<number>();

/** The auction's object, or null for an id D1 does not know (no object is ever made for one). */
async function room(rooms: Env["AUCTION_ROOM"], deps: Pick<Deps, "db">, id: number, known?: AuctionRow) {
  const stub = rooms.get(rooms.idFromName(String(id)));
  if (!adopted.has(id)) {
    const row = known ?? (await auctionRow(deps, id));
    if (!row) return null;
    await stub.adopt(row);
    adopted.add(id);
  }
  return stub;
}

/**
 * The auction JSON API as one table (app/web/api.server.ts maps its errors: a refused bid keeps its own status
 * and message). The Durable Object namespace and the image bucket are this Worker's own bindings.
 */
function auctionApi(env: Env): Api {
  /** An auction anyone may look at (not cancelled), its object and the caller if signed in. */
  async function visibleRoom(request: Request, deps: Deps, id: number) {
    const row = await auctionRow(deps, id);
    if (!row || row.status === "cancelled") throw new NotFoundError("Auction not found");
    const user = await authenticate(request, deps);
    return { stub: (await room(env.AUCTION_ROOM, deps, row.id, row))!, user, row };
  }

  return {
    cacheControl: "private, no-store",
    fallback: "Something went wrong. Please try again.",
    async authenticate(request, deps) {
      const user = await authenticate(request, deps);
      if (!user) throw new UnauthorizedError("Please login to continue");
      return { user, sessionToken: "" };
    },
    endpoints: [
      endpoint({
        method: "GET",
        path: "/api/auction",
        guard: "public",
        fallback: "Failed to fetch auctions",
        handler: async ({ deps }) => ({ auctions: await listAuctions(deps) }),
      }),
      endpoint({
        method: "POST",
        path: "/api/auction",
        guard: "admin",
        body: { fields: true },
        status: 201,
        async handler({ deps, caller, body }) {
          const parsed = createAuctionInput(body, deps.now());
          if (!parsed.ok) throw new InvalidInputError(parsed.error);
          const input = parsed.value;
          const [row] = await deps.db
            .insert(auctions)
            .values({
              title: input.title,
              description: input.description,
              titleTe: input.titleTe,
              descriptionTe: input.descriptionTe,
              productImage: input.image,
              startPricePaise: input.startPricePaise,
              currentPricePaise: input.startPricePaise,
              minIncrementPaise: input.incrementPaise,
              startTime: input.startTime,
              endTime: input.endTime,
              scheduledEndTime: input.endTime,
              sellerName: input.sellerName,
              sellerUserId: caller.user.id,
            })
            .returning();
          const stub = env.AUCTION_ROOM.get(env.AUCTION_ROOM.idFromName(String(row.id)));
          const auction = await stub.create({ ...input, id: row.id, sellerUserId: caller.user.id });
          return { message: "Auction created successfully!", auction };
        },
      }),
      endpoint({
        method: "POST",
        path: "/api/bids",
        guard: "public",
        body: { fields: true },
        async handler({ request, deps, body }) {
          const bid = parseBid(body);
          if (!bid.ok) throw new InvalidInputError(refusalText(bid));
          const stub = await room(env.AUCTION_ROOM, deps, bid.auctionId);
          if (!stub) throw new NotFoundError("Auction not found");
          // Anonymous bids reach the rules, which answer with the bid's own 'Please login' message.
          const user = await authenticateBidder(request, deps);
          const bidder = user ? { id: user.id, name: publicBidderName(user.name), verified: user.emailVerifiedAt !== null, isAdmin: user.isAdmin } : null;
          const outcome = await stub.bid(bidder, bid.amountPaise, bid.maxPaise);
          if (!outcome.ok) throw new DomainError(refusalText(outcome), outcome.kind);
          return { message: outcome.message, auction: outcome.auction };
        },
      }),
      endpoint({
        method: "POST",
        path: "/api/auction/images",
        guard: "admin",
        // The body is the image's bytes themselves: above MAX_IMAGE_BYTES it is refused (413) as it is read.
        body: { bytes: MAX_IMAGE_BYTES, tooLarge: IMAGE_RULE },
        status: 201,
        async handler({ body }) {
          if (!env.AUCTION_IMAGES) throw new UnavailableError("Image uploads are not configured");
          const kind = sniffImage(body);
          if (body.byteLength === 0 || !kind) throw new InvalidInputError(IMAGE_RULE);
          const key = `${crypto.randomUUID()}.${kind.ext}`;
          await env.AUCTION_IMAGES.put(key, body, { httpMetadata: { contentType: kind.type } });
          return { url: `/api/auction/images/${key}` };
        },
      }),
      endpoint({
        method: "POST",
        path: "/api/auction/:id(\\d{1,12})/cancel",
        guard: "admin",
        body: { fields: true },
        async handler({ deps, params, body }) {
          const reason = typeof body.reason === "string" ? body.reason.trim().slice(0, 500) : "";
          if (reason.length < 3) throw new InvalidInputError("Please give a reason for cancelling");
          const stub = await room(env.AUCTION_ROOM, deps, Number(params.id));
          if (!stub) throw new NotFoundError("Auction not found");
          const result = await stub.cancel(reason);
          if (!result.ok) throw new ConflictError(result.error ?? "Failed");
          return { message: "Auction cancelled" };
        },
      }),
      endpoint({
        method: "POST",
        path: "/api/auction/:id(\\d{1,12})/offers/stop",
        guard: "admin",
        async handler({ deps, params }) {
          const stub = await room(env.AUCTION_ROOM, deps, Number(params.id));
          if (!stub) throw new NotFoundError("Auction not found");
          const result = await stub.stopOffers();
          if (!result.ok) throw new ConflictError(result.error);
          return { message: "Offers stopped" };
        },
      }),
      endpoint({
        // The scheduled job's prompt once a lot's order ended unpaid. Anyone may send it: the object acts only on
        // what the database already says of the order, so it never offers the lot early.
        method: "POST",
        path: "/api/auction/:id(\\d{1,12})/offers/check",
        guard: "public",
        async handler({ deps, params }) {
          const stub = await room(env.AUCTION_ROOM, deps, Number(params.id));
          if (!stub) throw new NotFoundError("Auction not found");
          await stub.checkOffers();
          return { message: "Checked" };
        },
      }),
      endpoint({
        method: "GET",
        path: "/api/auction/images/:key([0-9a-f-]{36}\\.(?:jpg|png|webp))",
        guard: "public",
        async handler({ params }) {
          const object = await env.AUCTION_IMAGES?.get(params.key);
          if (!object) throw new NotFoundError("Not found");
          // At most MAX_IMAGE_BYTES: buffered, so the body crosses the service binding as one piece.
          return new Response(await object.arrayBuffer(), {
            headers: {
              "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
              "Cache-Control": "public, max-age=31536000, immutable",
              "X-Content-Type-Options": "nosniff",
            },
          });
        },
      }),
      endpoint({
        method: "GET",
        path: "/api/auction/:id(\\d{1,12})",
        guard: "public",
        async handler({ request, deps, params }) {
          const { stub, user, row } = await visibleRoom(request, deps, Number(params.id));
          return { auction: { ...(await stub.sealedView(user?.id ?? null)), ...teluguTexts(row) } };
        },
      }),
      endpoint({
        method: "POST",
        path: "/api/auction/:id(\\d{1,12})/watching",
        guard: "user",
        body: { fields: true },
        async handler({ deps, caller, params, body }) {
          // Watch unless told otherwise: `{ "watch": false }` stops watching. `{ "texts": true }` also texts when outbid.
          const watch = body.watch !== false && body.watch !== "false";
          const texts = body.texts === true || body.texts === "true";
          const stub = await room(env.AUCTION_ROOM, deps, Number(params.id));
          if (!stub) throw new NotFoundError("Auction not found");
          if (watch && texts && !messagePhone(caller.user.phone)) throw new InvalidInputError(TEXTS_NEED_PHONE);
          const result = await stub.setWatching(caller.user.id, watch, texts);
          if (!result.ok) throw result.error === "Auction not found" ? new NotFoundError(result.error) : new ConflictError(result.error);
          return { watching: result.watching, texts: result.texts };
        },
      }),
      endpoint({
        method: "GET",
        path: "/api/auction/:id(\\d{1,12})/log",
        guard: "public",
        async handler({ deps, params }) {
          // A cancelled auction's log is published too: it shows the bids the cancel ended.
          const row = await auctionRow(deps, Number(params.id));
          if (!row) throw new NotFoundError("Auction not found");
          const stub = (await room(env.AUCTION_ROOM, deps, row.id, row))!;
          return { log: await stub.publishedLog(), title: row.title, ...teluguTexts(row) };
        },
      }),
      endpoint({
        method: "GET",
        path: "/api/auction/:id(\\d{1,12})/watch",
        guard: "public",
        async handler({ request, deps, params }) {
          const { stub, user } = await visibleRoom(request, deps, Number(params.id));
          if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return reply(426, { success: false, error: "Expected a WebSocket upgrade" });
          // A fresh internal request: none of the client's headers reach the object, only the id we authenticated.
          const internal = new URL("https://auction-room/watch");
          if (user) internal.searchParams.set("uid", String(user.id));
          return stub.fetch(new Request(internal, { headers: { Upgrade: "websocket" } }));
        },
      }),
    ],
  };
}

/**
 * The auction JSON API. The store reaches it through its AUCTION service binding (same origin for the
 * browser, which forwards the original request); on Cloudflare it also answers on its own host. Each request
 * gets the same Deps the store builds, from this Worker's env.
 */
const apis = new WeakMap<Env, Api>();

export default {
  async fetch(request, env): Promise<Response> {
    let api = apis.get(env);
    if (!api) {
      api = auctionApi(env);
      apis.set(env, api);
    }
    const url = new URL(request.url);
    return handleApi(api, request, createDeps(env, { origin: url.origin }), url.pathname);
  },
} satisfies ExportedHandler<Env>;
