import { findAuction, listAuctions } from "./listing";

export { AuctionRoom } from "./auction-room";

type Env = { DB: D1Database; AUCTION_ROOM: DurableObjectNamespace };

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

function fail(error: string, status: number) {
  return json({ success: false, error }, status);
}

/**
 * The auction JSON API. The store reaches it through its AUCTION service binding (same origin for the
 * browser); on Cloudflare it also answers on its own host.
 */
export default {
  async fetch(request, env): Promise<Response> {
    const { pathname } = new URL(request.url);
    try {
      if (pathname === "/api/auction" && request.method === "GET") {
        return json({ success: true, auctions: await listAuctions(env.DB) });
      }
      const one = /^\/api\/auction\/(\d{1,12})(\/watch)?$/.exec(pathname);
      if (one && request.method === "GET") {
        const id = Number(one[1]);
        if (one[2]) {
          if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
            return fail("Expected a WebSocket upgrade", 426);
          }
          const stub = env.AUCTION_ROOM.get(env.AUCTION_ROOM.idFromName(String(id)));
          return stub.fetch(`https://auction-room/?id=${id}`, request);
        }
        const auction = await findAuction(env.DB, id);
        return auction ? json({ success: true, auction }) : fail("Auction not found", 404);
      }
      return fail("Not found", 404);
    } catch (error) {
      console.error("auction worker error", error);
      return fail("Failed to fetch auctions", 500);
    }
  },
} satisfies ExportedHandler<Env>;
