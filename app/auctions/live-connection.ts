import { applyChange, type AuctionChange, type AuctionView } from "./auction";

export type LiveStatus = "connecting" | "live" | "reconnecting";

type Options = {
  /** What the page shows now: changes apply on top of it, and `sync:{version}` asks only for anything newer. */
  shown: () => AuctionView;
  onState: (auction: AuctionView) => void;
  onStatus: (status: LiveStatus) => void;
  open?: (url: string) => WebSocket;
  random?: () => number;
};

/** Backoff after the n-th drop in a row: 0.5 s doubling up to 10 s, with ±25 % jitter so pages do not return together. */
export function reconnectDelay(attempt: number, random: number): number {
  return Math.min(10_000, 500 * 2 ** attempt) * (0.75 + random / 2);
}

/**
 * Follows one auction over a WebSocket: a newer whole state replaces the shown one, a change applies on top of
 * it, and a change that does not follow from it (a missed message) asks for the whole state. After a drop it
 * reconnects with backoff and asks for anything newer than the version it has. Returns the function that stops it.
 */
export function watchAuction(url: string, options: Options): () => void {
  const open = options.open ?? ((u: string) => new WebSocket(u));
  const random = options.random ?? Math.random;
  let socket: WebSocket | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    socket = open(url);
    socket.addEventListener("open", () => {
      attempts = 0;
      options.onStatus("live");
      socket?.send(`sync:${options.shown().version}`);
    });
    socket.addEventListener("message", (event) => {
      let data: { type?: string; auction?: AuctionView } & Partial<AuctionChange>;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const shown = options.shown();
      if (data.type === "state" && data.auction) {
        if (data.auction.version >= shown.version) options.onState(data.auction);
      } else if (data.type === "change" && data.auction && Array.isArray(data.new_bids) && typeof data.after === "number") {
        const next = applyChange(shown, data as AuctionChange);
        if (next === null) socket?.send("sync");
        else if (next !== shown) options.onState(next);
      }
    });
    socket.addEventListener("close", () => {
      if (stopped) return;
      options.onStatus("reconnecting");
      timer = setTimeout(connect, reconnectDelay(attempts, random()));
      attempts += 1;
    });
  };

  options.onStatus("connecting");
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
