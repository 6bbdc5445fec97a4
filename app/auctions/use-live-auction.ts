import { useEffect, useRef, useState } from "react";
import type { AuctionView } from "./auction";
import { watchAuction, type LiveStatus } from "./live-connection";

/**
 * Keeps the auction live over a WebSocket on the store's own origin (the session cookie identifies the
 * watcher; nothing in the URL does).
 */
export function useLiveAuction(initial: AuctionView): { auction: AuctionView; status: LiveStatus } {
  const [auction, setAuction] = useState(initial);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const version = useRef(initial.version);

  // A new loader state (after a bid posted through the form) wins when it is newer.
  useEffect(() => {
    if (initial.version >= version.current) {
      version.current = initial.version;
      setAuction(initial);
    }
  }, [initial]);

  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return watchAuction(`${scheme}//${window.location.host}/api/auction/${initial.id}/watch`, {
      version: () => version.current,
      onState: (next) => {
        version.current = next.version;
        setAuction(next);
      },
      onStatus: setStatus,
    });
  }, [initial.id]);

  return { auction, status };
}
