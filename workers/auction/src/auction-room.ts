import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { auctions } from "../../../app/db/schema";
import { findAuction, type AuctionJson } from "./listing";

type Env = { DB: D1Database };

/**
 * One object per auction (addressed by idFromName(String(auctionId))). It is the single source of truth for
 * its auction: it serializes changes, keeps the state in its SQLite storage, broadcasts every new state to
 * the watchers' WebSockets and closes the auction with an alarm at its end time.
 */
export class AuctionRoom extends DurableObject<Env> {
  private state: AuctionJson | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS room (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
      const row = ctx.storage.sql.exec<{ value: string }>("SELECT value FROM room WHERE key = 'state'").toArray()[0];
      this.state = row ? (JSON.parse(row.value) as AuctionJson) : null;
    });
  }

  /** Loads the auction from its D1 summary the first time the object is used (e.g. for seeded auctions). */
  private async load(auctionId: number): Promise<AuctionJson | null> {
    if (this.state) return this.state;
    const found = await findAuction(this.env.DB, auctionId);
    if (!found) return null;
    this.save(found);
    await this.scheduleClose(found);
    return found;
  }

  private save(state: AuctionJson) {
    this.state = state;
    this.ctx.storage.sql.exec(
      "INSERT INTO room (key, value) VALUES ('state', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      JSON.stringify(state),
    );
  }

  private async scheduleClose(state: AuctionJson) {
    if (state.status !== "active") return;
    await this.ctx.storage.setAlarm(new Date(state.end_time).getTime());
  }

  async snapshot(auctionId: number): Promise<AuctionJson | null> {
    return this.load(auctionId);
  }

  async fetch(request: Request): Promise<Response> {
    const auctionId = Number(new URL(request.url).searchParams.get("id"));
    const state = await this.load(auctionId);
    if (!state) return Response.json({ success: false, error: "Auction not found" }, { status: 404 });
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json({ success: true, auction: state });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.send(JSON.stringify({ type: "state", auction: state }));
    return new Response(null, { status: 101, webSocket: client });
  }

  private broadcast(state: AuctionJson) {
    const message = JSON.stringify({ type: "state", auction: state });
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        // A socket that is already closing is dropped by the runtime.
      }
    }
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    // Watchers only listen; "sync" asks for the current state again (e.g. after the tab wakes up).
    if (message === "sync" && this.state) ws.send(JSON.stringify({ type: "state", auction: this.state }));
  }

  async webSocketClose(ws: WebSocket, code: number) {
    ws.close(code === 1005 ? 1000 : code, "closing");
  }

  async webSocketError(ws: WebSocket) {
    ws.close(1011, "error");
  }

  /** Closes the auction at its end time. Safe to run twice: an ended auction stays ended. */
  async alarm() {
    const state = this.state;
    if (!state || state.status !== "active") return;
    const endsAt = new Date(state.end_time).getTime();
    if (Date.now() < endsAt) {
      await this.ctx.storage.setAlarm(endsAt);
      return;
    }
    const ended = { ...state, status: "ended" };
    this.save(ended);
    await drizzle(this.env.DB).update(auctions).set({ status: "ended" }).where(eq(auctions.id, state.id));
    this.broadcast(ended);
  }
}
