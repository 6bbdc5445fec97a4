import { DurableObject } from "cloudflare:workers";
import worker from "./index";

export { AuctionRoom } from "./auction-room";

/**
 * Bench only (bench/auction.wrangler.toml, never deployed): the auction Worker plus a trivial object that
 * only appends a row and broadcasts it, reached behind the same service binding, as the yardstick.
 */
export class BenchRoom extends DurableObject {
  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  }

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const { 0: client, 1: server } = new WebSocketPair();
      this.ctx.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    const body = await request.text();
    const { id } = this.ctx.storage.sql.exec<{ id: number }>("INSERT INTO rows (body) VALUES (?) RETURNING id", body).one();
    const message = JSON.stringify({ type: "row", id, body });
    for (const ws of this.ctx.getWebSockets()) ws.send(message);
    return Response.json({ success: true, id });
  }

  async webSocketMessage() {}
  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
  }
  async webSocketError() {}
}

type Env = Parameters<typeof worker.fetch>[1] & { BENCH_ROOM: DurableObjectNamespace };

export default {
  async fetch(request, env): Promise<Response> {
    const match = /^\/api\/auction\/bench\/([\w-]{1,40})\/(append|watch)$/.exec(new URL(request.url).pathname);
    if (match) return env.BENCH_ROOM.get(env.BENCH_ROOM.idFromName(match[1])).fetch(request);
    return worker.fetch(request, env);
  },
} satisfies ExportedHandler<Env>;
