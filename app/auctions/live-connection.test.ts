import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuctionView } from "./auction";
import { reconnectDelay, watchAuction, type LiveStatus } from "./live-connection";

/** A stand-in for the browser's WebSocket: the test opens, feeds and drops it. */
class FakeSocket extends EventTarget {
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.dispatchEvent(new Event("open"));
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent("message", { data: typeof data === "string" ? data : JSON.stringify(data) }));
  }
  drop() {
    this.dispatchEvent(new Event("close"));
  }
}

const state = (version: number, price = 1000) => ({ type: "state", auction: { id: 1, version, current_price: price, bids: [] } as unknown as AuctionView });
const bid = (id: number, amount: number) => ({ id, bidder_name: "Ravi K.", amount, created_at: "2026-11-24T10:00:00.000Z" });

function setup(startVersion = 3) {
  const sockets: FakeSocket[] = [];
  const shown: AuctionView[] = [];
  const statuses: LiveStatus[] = [];
  let current = state(startVersion).auction;
  const stop = watchAuction("ws://store.test/api/auction/1/watch", {
    shown: () => current,
    onState: (a) => {
      current = a;
      shown.push(a);
    },
    onStatus: (s) => statuses.push(s),
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random: () => 0.5,
  });
  return { sockets, shown, statuses, stop, last: () => sockets.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("following an auction live", () => {
  it("asks for anything newer than what the page shows, and keeps only newer versions", () => {
    const live = setup(3);
    expect(live.last().url).toBe("ws://store.test/api/auction/1/watch");
    live.last().open();
    expect(live.last().sent).toEqual(["sync:3"]);
    live.last().receive(state(2, 900));
    live.last().receive(state(4, 1100));
    live.last().receive(state(4, 1100));
    live.last().receive(state(3, 1000));
    live.last().receive("not json");
    live.last().receive({ type: "other", auction: { version: 9 } });
    expect(live.shown.map((a) => a.version)).toEqual([4, 4]);
    expect(live.statuses).toEqual(["connecting", "live"]);
  });

  it("applies changes on top of what it shows, and asks for the whole state when one does not follow", () => {
    const live = setup(3);
    live.last().open();
    const change = (version: number, after: number, newBids: ReturnType<typeof bid>[]) => ({
      type: "change",
      after,
      new_bids: newBids,
      auction: { version, current_price: newBids[0]?.amount ?? 1000, bid_count: after + newBids.length },
    });
    live.last().receive(change(4, 0, [bid(1, 1000)]));
    live.last().receive(change(5, 1, [bid(2, 1100)]));
    expect(live.shown.map((a) => [a.version, a.current_price, a.bids.map((b) => b.id)])).toEqual([
      [4, 1000, [1]],
      [5, 1100, [2, 1]],
    ]);
    // Version 6 was missed: version 7 builds on bid 3, which the page never got.
    live.last().receive(change(7, 3, [bid(4, 1300)]));
    expect(live.shown).toHaveLength(2);
    expect(live.last().sent).toEqual(["sync:3", "sync"]);
    live.last().receive({ type: "change", after: "x" });
    expect(live.shown).toHaveLength(2);
  });

  it("reconnects with growing backoff after drops, then resyncs from the version it has", () => {
    const live = setup(5);
    live.last().open();
    live.last().receive(state(6));
    live.last().drop();
    expect(live.statuses.at(-1)).toBe("reconnecting");
    vi.advanceTimersByTime(499);
    expect(live.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(live.sockets).toHaveLength(2);
    // The second connection fails before opening: the wait doubles.
    live.last().drop();
    vi.advanceTimersByTime(999);
    expect(live.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(live.sockets).toHaveLength(3);
    live.last().open();
    expect(live.last().sent).toEqual(["sync:6"]);
    expect(live.statuses.at(-1)).toBe("live");
    // A successful open resets the backoff.
    live.last().drop();
    vi.advanceTimersByTime(500);
    expect(live.sockets).toHaveLength(4);
  });

  it("stops for good when the page leaves", () => {
    const live = setup();
    live.last().open();
    live.stop();
    expect(live.last().closed).toBe(true);
    live.last().drop();
    vi.advanceTimersByTime(60_000);
    expect(live.sockets).toHaveLength(1);
  });

  it("backs off from half a second to at most ten, with jitter", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(reconnectDelay(0, 0)).toBe(375);
    expect(reconnectDelay(0, 1)).toBe(625);
  });
});
