import type { AuctionChange, AuctionView } from "../../../app/auctions/auction";

/** Who a socket watches as: a signed-in user's id, or null for a guest. */
export type Viewer = number | null;
type SocketTag = { userId: Viewer };

/** What one watcher is sent: equal keys get the same message, so it is serialized once per key. */
export type WatcherMessage = { key: string; message: () => AuctionChange };

/** A watcher sends a sync when it connects and after a change it missed: more than this in a window is a flood. */
const MESSAGES_PER_WINDOW = 20;
const WINDOW_MS = 10_000;

/**
 * The auction's watchers on hibernatable WebSockets: each socket carries its viewer in its attachment. A new
 * or resyncing watcher gets the whole state; a broadcast sends only what changed, serialized once per kind of
 * watcher rather than once per socket, so a thousand watchers get a few hundred bytes each.
 */
export class RoomWatchers {
  /** Read from each socket's attachment once per lifetime of the object (hibernation forgets). */
  private viewers = new WeakMap<WebSocket, Viewer>();
  /** The version each socket was last sent the whole state at: it is never sent the same state twice. */
  private sentVersion = new WeakMap<WebSocket, number>();
  /** What each socket has sent in its current window. */
  private heard = new WeakMap<WebSocket, { since: number; count: number }>();
  /** The whole state as every guest sees it, serialized once per version however many guests connect or ask. */
  private guestState: { version: number; text: string } | null = null;

  constructor(private ctx: DurableObjectState) {}

  /** Accepts a watcher; `uid` was written into the internal URL by the auction Worker after it authenticated them. */
  accept(uid: string | null, version: number, view: (viewer: Viewer) => AuctionView): Response {
    const tag: SocketTag = { userId: uid && /^\d+$/.test(uid) ? Number(uid) : null };
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(tag);
    this.sentVersion.set(server, version);
    server.send(this.stateFor(tag.userId, version, view));
    return new Response(null, { status: 101, webSocket: client });
  }

  viewerOf(ws: WebSocket): Viewer {
    if (!this.viewers.has(ws)) this.viewers.set(ws, ((ws.deserializeAttachment() ?? { userId: null }) as SocketTag).userId);
    return this.viewers.get(ws) ?? null;
  }

  broadcast(messageFor: (viewer: Viewer) => WatcherMessage) {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const cache = new Map<string, string>();
    for (const ws of sockets) {
      const { key, message: change } = messageFor(this.viewerOf(ws));
      let message = cache.get(key);
      if (!message) {
        message = JSON.stringify({ type: "change", ...change() });
        cache.set(key, message);
      }
      try {
        ws.send(message);
      } catch {
        // A socket that is already closing is dropped by the runtime.
      }
    }
  }

  /**
   * Watchers only listen; "sync:{version}" asks for the whole state when the object has a newer version, and
   * "sync" alone asks for it after a change that did not follow from what the client shows. A socket is sent each
   * version's state once, and one that floods the object with messages is closed: the object serializes the bids
   * too, and a watcher (who needs no account) must not be able to hold them up.
   */
  resync(ws: WebSocket, message: string | ArrayBuffer, version: number, view: (viewer: Viewer) => AuctionView, now: number) {
    if (this.flooding(ws, now)) {
      ws.close(1008, "Too many messages");
      return;
    }
    if (typeof message !== "string" || !message.startsWith("sync")) return;
    const known = Number(message.split(":")[1]);
    if ((Number.isFinite(known) && known === version) || this.sentVersion.get(ws) === version) return;
    this.sentVersion.set(ws, version);
    ws.send(this.stateFor(this.viewerOf(ws), version, view));
  }

  private stateFor(viewer: Viewer, version: number, view: (viewer: Viewer) => AuctionView): string {
    if (viewer !== null) return stateMessage(view(viewer));
    if (this.guestState?.version !== version) this.guestState = { version, text: stateMessage(view(null)) };
    return this.guestState.text;
  }

  private flooding(ws: WebSocket, now: number): boolean {
    const heard = this.heard.get(ws);
    if (!heard || now - heard.since >= WINDOW_MS) {
      this.heard.set(ws, { since: now, count: 1 });
      return false;
    }
    heard.count += 1;
    return heard.count > MESSAGES_PER_WINDOW;
  }
}

function stateMessage(auction: AuctionView): string {
  return JSON.stringify({ type: "state", auction });
}
