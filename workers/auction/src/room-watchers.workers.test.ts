import { describe, expect, it } from "vitest";
import { applyChange, type AuctionChange, type AuctionView } from "../../../app/auctions/auction";
import { admin, ravi, sita, useRoomWorld, auctionFetch, bid, createAuction, stubFor, type Person } from "./auction-room.fixtures";

useRoomWorld();

/** A watcher of the auction as `who` (or a guest): the messages it got, and a wait for the n-th. */
async function watch(auctionId: number, who: Person | null) {
  const res = await auctionFetch(`https://auction.test/api/auction/${auctionId}/watch`, {
    headers: { Upgrade: "websocket", ...(who ? { Authorization: who.bearer } : {}) },
  });
  const ws = res.webSocket!;
  const messages: { type: string; auction: AuctionView | AuctionChange["auction"] }[] = [];
  let arrived = () => {};
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
    arrived();
  });
  ws.accept();
  const nth = async (n: number) => {
    while (messages.length < n) await new Promise<void>((resolve) => (arrived = resolve));
    return messages[n - 1];
  };
  return { ws, nth };
}

describe("watching the object", () => {
  it("sends watchers only what changed, which applied to what each had gives the view it would load", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000, { max_amount: 1500 });
    const people = [ravi, sita, null];
    const watchers = await Promise.all(people.map((who) => watch(a.id, who)));
    const shown = await Promise.all(watchers.map(async (w) => (await w.nth(1)).auction as AuctionView));
    expect(shown.map((v) => v.bids.length)).toEqual([1, 1, 1]);

    // Sita's bid adds two (hers, then Ravi's maximum answering it): each watcher gets those two and its standing.
    await bid(sita, a.id, 1200);
    for (const [i, w] of watchers.entries()) {
      const change = (await w.nth(2)) as unknown as { type: string } & AuctionChange;
      expect(change.type).toBe("change");
      expect(change.new_bids.map((b) => b.amount)).toEqual([1300, 1200]);
      expect(change.auction).not.toHaveProperty("description");
      const next = applyChange(shown[i], change);
      // Receipts come with a load of the page (and a bid's answer), not with live changes.
      expect(next).toEqual({ ...(await stubFor(a.id).view(people[i]?.id ?? null)), receipts: shown[i].receipts });
      shown[i] = next!;
    }
    expect(shown.map((v) => v.you)).toEqual(["leading", "outbid", null]);
    expect(shown[0].your_bids).toHaveLength(2);

    // A cancel adds no bid but renames every bid shown (pseudonyms once it is over): each watcher asks for the
    // whole state, which has the status and its reason, and names nobody.
    expect((await stubFor(a.id).cancel("The catch was too small")).ok).toBe(true);
    for (const [i, w] of watchers.entries()) {
      const change = (await w.nth(3)) as unknown as AuctionChange;
      expect(change.new_bids).toEqual([]);
      expect(applyChange(shown[i], change)).toBeNull();
      w.ws.send("sync");
      shown[i] = (await w.nth(4)).auction as AuctionView;
      expect(shown[i]).toMatchObject({ status: "cancelled", cancel_reason: "The catch was too small", you: null });
      expect(shown[i].bids.map((b) => b.bidder_name)).toEqual(["Bidder 1", "Bidder 2", "Bidder 1"]);
    }
    watchers.forEach((w) => w.ws.close());
  });

  it("answers a sync with the whole state only when the object has a version this socket was not sent whole", async () => {
    const a = await createAuction(admin);
    const w = await watch(a.id, sita);
    const first = (await w.nth(1)).auction as AuctionView;
    w.ws.send(`sync:${first.version}`);
    w.ws.send("sync");
    w.ws.send(`sync:${first.version - 1}`);
    await bid(ravi, a.id, 1000);
    // The three syncs asked for the version the socket was sent on connecting: the next message is the change.
    expect((await w.nth(2)).type).toBe("change");
    w.ws.send(`sync:${first.version}`);
    expect(await w.nth(3)).toMatchObject({ type: "state", auction: { version: first.version + 1, bid_count: 1 } });
    w.ws.send("sync");
    await bid(sita, a.id, 1100);
    expect((await w.nth(4)).type).toBe("change");
    w.ws.send("sync");
    expect(await w.nth(5)).toMatchObject({ type: "state", auction: { version: first.version + 2, bid_count: 2 } });
    w.ws.close();
  });

  it("closes a socket that floods the object with messages, while bids go on", async () => {
    const a = await createAuction(admin);
    const w = await watch(a.id, null);
    await w.nth(1);
    const closed = new Promise<number>((resolve) => w.ws.addEventListener("close", (e) => resolve(e.code)));
    for (let i = 0; i < 5_000; i++) w.ws.send("sync");
    expect(await closed).toBe(1008);
    expect(await bid(ravi, a.id, 1000)).toMatchObject({ status: 200 });
  });

  it("sends every guest the whole state of the version it connects at", async () => {
    const a = await createAuction(admin);
    const early = await watch(a.id, null);
    const first = (await early.nth(1)).auction as AuctionView;
    await bid(ravi, a.id, 1000);
    const late = await watch(a.id, null);
    expect(await late.nth(1)).toMatchObject({ type: "state", auction: { version: first.version + 1, bid_count: 1, you: null } });
    const again = await watch(a.id, null);
    expect((await again.nth(1)).auction).toEqual((await late.nth(1)).auction);
    expect((await late.nth(1)).auction).toEqual(await stubFor(a.id).view(null));
    for (const w of [early, late, again]) w.ws.close();
  });
});
