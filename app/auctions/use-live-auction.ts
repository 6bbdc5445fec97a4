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
  const shown = useRef(initial);

  // A new loader state (after a bid posted through the form) wins when it is newer.
  useEffect(() => {
    if (initial.version >= shown.current.version) {
      shown.current = initial;
      setAuction(initial);
    }
  }, [initial]);

  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return watchAuction(`${scheme}//${window.location.host}/api/auction/${initial.id}/watch`, {
      shown: () => shown.current,
      onState: (next) => {
        shown.current = next;
        setAuction(next);
      },
      onStatus: setStatus,
    });
  }, [initial.id]);

  return { auction, status };
}
