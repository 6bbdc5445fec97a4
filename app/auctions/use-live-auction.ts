import { useEffect, useRef, useState } from "react";
import type { AuctionView } from "./auction";

/**
 * Keeps the auction live over a WebSocket on the store's own origin (the session cookie identifies the
 * watcher; nothing in the URL does). Newer versions replace older ones; after a drop it reconnects with
 * backoff and asks the object for anything newer than the version it has.
 */
export function useLiveAuction(initial: AuctionView): { auction: AuctionView; connected: boolean } {
  const [auction, setAuction] = useState(initial);
  const [connected, setConnected] = useState(false);
  const version = useRef(initial.version);

  // A new loader state (after a bid posted through the form) wins when it is newer.
  useEffect(() => {
    if (initial.version >= version.current) {
      version.current = initial.version;
      setAuction(initial);
    }
  }, [initial]);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(`${scheme}//${window.location.host}/api/auction/${initial.id}/watch`);
      socket.addEventListener("open", () => {
        attempts = 0;
        setConnected(true);
        socket?.send(`sync:${version.current}`);
      });
      socket.addEventListener("message", (event) => {
        try {
          const data = JSON.parse(String(event.data)) as { type?: string; auction?: AuctionView };
          if (data.type === "state" && data.auction && data.auction.version >= version.current) {
            version.current = data.auction.version;
            setAuction(data.auction);
          }
        } catch {
          // Ignore anything that is not a state message.
        }
      });
      socket.addEventListener("close", () => {
        setConnected(false);
        if (stopped) return;
        const delay = Math.min(10_000, 500 * 2 ** attempts) * (0.75 + Math.random() / 2);
        attempts += 1;
        timer = setTimeout(connect, delay);
      });
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [initial.id]);

  return { auction, connected };
}
