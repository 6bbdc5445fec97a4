import type { AuctionView } from "./auction";

export type LiveStatus = "connecting" | "live" | "reconnecting";

type Options = {
  /** The version this page already shows: the object answers `sync:{version}` only when it has newer. */
  version: () => number;
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
 * Follows one auction over a WebSocket: newer versions replace older ones; after a drop it reconnects with
 * backoff and asks for anything newer than the version it has. Returns the function that stops it.
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
      socket?.send(`sync:${options.version()}`);
    });
    socket.addEventListener("message", (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { type?: string; auction?: AuctionView };
        if (data.type === "state" && data.auction && data.auction.version >= options.version()) options.onState(data.auction);
      } catch {
        // Anything that is not a state message is ignored.
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
