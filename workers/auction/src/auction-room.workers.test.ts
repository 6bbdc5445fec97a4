import { runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { admin, ravi, sita, useRoomWorld, bid, createAuction, d1Summary, MIN, person, stubFor } from "./auction-room.fixtures";
import { RECENT_SESSION_MS } from "./auth";
import { eq } from "drizzle-orm";
import { auctions } from "../../../app/db/schema";
import { createDeps } from "../../../app/deps.server";

useRoomWorld();

describe("creating auctions", () => {
  it("only admins create; the object is initialized and its alarm armed at the reminder before the end", async () => {
    const body = { title: "Royal Pulasa", description: "A single large fish.", starting_price: 1000, end_time_ms: Date.now() + 60 * MIN };
    const post = (headers: Record<string, string>) =>
      SELF.fetch("https://auction.test/api/auction", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: ravi.bearer })).status).toBe(403);
    expect((await post({ Cookie: ravi.cookie })).status).toBe(403);
    const created = await post({ Cookie: admin.cookie });
    expect(created.status).toBe(201);
    const { auction } = (await created.json()) as { auction: AuctionView };
    expect(auction).toMatchObject({ current_price: 1000, min_increment: 100, min_next_bid: 1000, status: "active", bid_count: 0 });
    await runInDurableObject(stubFor(auction.id), async (_room, state) => {
      expect(await state.storage.getAlarm()).toBe(new Date(auction.end_time).getTime() - 10 * MIN);
    });
  });

  it("keeps the Telugu title and description in D1, and the Telugu title in the object for its notices", async () => {
    const te = { title_te: "రాయల్ పులస", description_te: "తెల్లవారుజామున పట్టిన ఒకే పెద్ద పులస." };
    const a = await createAuction(admin, te);
    expect(await env.DB.prepare("SELECT title_te, description_te FROM auctions WHERE id = ?").bind(a.id).first()).toEqual(te);
    expect((await stubFor(a.id).inspect())?.titleTe).toBe(te.title_te);
  });

  it("an object made before auctions had Telugu titles learns its title from the D1 row when adopted again", async () => {
    const te = { title_te: "రాయల్ పులస", description_te: "తెల్లవారుజామున పట్టిన ఒకే పెద్ద పులస." };
    const a = await createAuction(admin, te);
    await runInDurableObject(stubFor(a.id), async (room) => {
      const { titleTe: _, ...old } = (await room.inspect())!;
      room["save"](old);
    });
    expect(await stubFor(a.id).inspect()).not.toHaveProperty("titleTe");
    const [row] = await createDeps(env).db.select().from(auctions).where(eq(auctions.id, a.id));
    await stubFor(a.id).adopt(row);
    expect((await stubFor(a.id).inspect())?.titleTe).toBe(te.title_te);
  });

  it("refuses bad input with a clear error and creates nothing", async () => {
    for (const bad of [
      { starting_price: "abc" },
      { starting_price: 10.5 },
      { end_time_ms: Date.now() - 1 },
      { title: "" },
      { min_increment: 0 },
      { product_image: "https://evil.example/x.png" },
    ]) {
      await expect(createAuction(admin, bad)).rejects.toThrow(/create failed: 400/);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM auctions").first<{ n: number }>())?.n).toBe(0);
  });
});

describe("bidding through the object", () => {
  it("marks the viewer's own bids in the history, for nobody else", async () => {
    const a = await createAuction(admin);
    const first = await bid(ravi, a.id, 1000);
    const second = await bid(sita, a.id, 1100);
    const ids = (second.body as { auction: AuctionView }).auction.bids.map((b) => b.id);
    expect((second.body as { auction: AuctionView }).auction.your_bids).toEqual([ids[0]]);
    expect((first.body as { auction: AuctionView }).auction.your_bids).toEqual([ids[1]]);
    const stub = stubFor(a.id);
    expect((await stub.view(null)).your_bids).toEqual([]);
    expect((await stub.view(ravi.id)).your_bids).toEqual([ids[1]]);
  });

  it("applies the rules with the spec's messages and writes the D1 summary and mirror", async () => {
    const a = await createAuction(admin);
    expect(await bid(null, a.id, 1000)).toMatchObject({ status: 401, body: { error: "Please login to place a bid" } });
    expect(await bid(admin, a.id, 1000)).toMatchObject({ status: 403 });
    expect(await bid(ravi, a.id, 900)).toMatchObject({
      status: 400,
      body: { error: "The minimum bid is ₹1,000", code: "bids.minimum", values: { amount: "₹1,000" } },
    });
    expect(await bid(ravi, a.id, "1000.50")).toMatchObject({ status: 400 });
    expect(await bid(ravi, a.id, 1000)).toMatchObject({
      status: 200,
      body: { success: true, message: "Bid placed successfully!", auction: { current_price: 1000, you: "leading" } },
    });
    expect(await bid(ravi, a.id, 1200)).toMatchObject({ status: 409 });
    expect(await bid(sita, a.id, 1000)).toMatchObject({ status: 400, body: { error: "Bid amount must be higher than current price" } });
    expect(await bid(sita, a.id, 1050)).toMatchObject({ status: 400, body: { error: "The minimum bid is ₹1,100" } });
    expect(await bid(sita, a.id, 1100)).toMatchObject({ status: 200, body: { auction: { current_price: 1100, bid_count: 2, you: "leading" } } });
    expect(await bid(ravi, 999_999, 5000)).toMatchObject({ status: 404, body: { error: "Auction not found" } });
    expect(await d1Summary(a.id)).toMatchObject({ current_price_paise: 110_000, bid_count: 2, status: "active" });
    const mirror = await env.DB.prepare("SELECT bidder_name, amount_paise, user_id FROM auction_bids WHERE auction_id = ? ORDER BY seq").bind(a.id).all();
    expect(mirror.results).toEqual([
      { bidder_name: "Ravi K.", amount_paise: 100_000, user_id: ravi.id },
      { bidder_name: "Sita R.", amount_paise: 110_000, user_id: sita.id },
    ]);
    // Ravi is told at once in-app and by e-mail.
    const notes = await env.DB.prepare("SELECT user_id, type FROM notifications WHERE type = 'outbid'").all();
    expect(notes.results).toEqual([{ user_id: ravi.id, type: "outbid" }]);
  });

  it("an unverified account cannot bid", async () => {
    const a = await createAuction(admin);
    const newbie = await person("New Person", { verified: false });
    expect(await bid(newbie, a.id, 1000)).toMatchObject({ status: 401, body: { error: "Please login to place a bid" } });
  });

  it("a client header cannot pose as another user", async () => {
    const a = await createAuction(admin);
    const forged: Record<string, string>[] = [
      { "X-User-Id": String(ravi.id) },
      { "X-User": JSON.stringify({ id: ravi.id }) },
      { Authorization: "Bearer forged.jwt.value" },
      { Cookie: "__session=forged" },
    ];
    for (const headers of forged) {
      expect(await bid(null, a.id, 1000, {}, headers)).toMatchObject({ status: 401, body: { error: "Please login to place a bid" } });
    }
    expect(await bid(ravi, a.id, 1000, {}, { "X-User-Id": String(sita.id) })).toMatchObject({ status: 200 });
    expect(await env.DB.prepare("SELECT user_id FROM auction_bids").first()).toEqual({ user_id: ravi.id });
  });

  it("a bidder's ended session stops bidding once the recent-check window passes; refusals are not remembered", async () => {
    const a = await createAuction(admin);
    const newbie = await person("New Person", { verified: false });
    expect((await bid(newbie, a.id, 1000)).status).toBe(401);
    await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), newbie.id).run();
    expect(await bid(newbie, a.id, 1000)).toMatchObject({ status: 200 });

    const viaCookie = (amount: number) => bid(null, a.id, amount, {}, { Cookie: ravi.cookie.split(";")[0] });
    expect(await viaCookie(1100)).toMatchObject({ status: 200 });
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ravi.id).run();
    expect(await bid(sita, a.id, 1200)).toMatchObject({ status: 200 });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + RECENT_SESSION_MS + 1);
      expect(await viaCookie(1300)).toMatchObject({ status: 401, body: { error: "Please login to place a bid" } });
      expect(await bid(ravi, a.id, 1300)).toMatchObject({ status: 401 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a header that names nobody (a staging gate's Basic credentials) never stands for the bidder who sent it with a cookie", async () => {
    const a = await createAuction(admin);
    const gate = { Authorization: "Basic c3RhZ2luZzpzdGFnaW5nMg==" };
    expect(await bid(null, a.id, 1000, {}, { ...gate, Cookie: ravi.cookie.split(";")[0] })).toMatchObject({ status: 200 });
    expect(await bid(sita, a.id, 1100)).toMatchObject({ status: 200 });
    expect(await bid(null, a.id, 50_000, {}, gate)).toMatchObject({ status: 401, body: { error: "Please login to place a bid" } });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM auction_bids WHERE auction_id = ?").bind(a.id).first<{ n: number }>())?.n).toBe(2);
  });

  it("30 bids from one bidder at once: one is accepted, the rest are told why", async () => {
    const a = await createAuction(admin);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => bid(ravi, a.id, 1000 + i * 100)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r).toMatchObject({ status: 409, body: { error: "You are already the highest bidder" } });
    }
    expect((await stubFor(a.id).inspect())?.bidCount).toBe(1);
    expect((await d1Summary(a.id))?.bid_count).toBe(1);
  });

  it("proxy bidding: a maximum bids for its owner by the increment", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000, { max_amount: 5000 });
    const r = await bid(sita, a.id, 2000);
    expect(r.body.auction).toMatchObject({ current_price: 2100, you: "outbid", bid_count: 3 });
    expect(r.body.auction?.bids.map((b) => [b.bidder_name, b.amount])).toEqual([
      ["Ravi K.", 2100],
      ["Sita R.", 2000],
      ["Ravi K.", 1000],
    ]);
  });

  it("soft close: a bid in the last 2 minutes extends the end and re-arms the alarm, capped at 30 minutes", async () => {
    const a = await createAuction(admin, { end_time_ms: Date.now() + MIN });
    // A minute left: its reminder is due at once (claimed here, not whenever the runtime gets to it).
    await runDurableObjectAlarm(stubFor(a.id));
    const r = await bid(ravi, a.id, 1000);
    const end = new Date(r.body.auction!.end_time).getTime();
    expect(end).toBeGreaterThan(new Date(a.end_time).getTime());
    // The page is told the end the admin set and the real extension, to say why the end moved.
    expect(a).toMatchObject({ scheduled_end_time: a.end_time, extension_ms: 2 * MIN });
    expect(r.body.auction).toMatchObject({ scheduled_end_time: a.end_time, extension_ms: 2 * MIN });
    expect(end - Date.now()).toBeGreaterThan(2 * MIN - 5_000);
    await runInDurableObject(stubFor(a.id), async (room, state) => {
      expect(await state.storage.getAlarm()).toBe(end);
      expect((await room.inspect())?.scheduledEndTime).toBe(new Date(a.end_time).getTime());
    });
    expect((await d1Summary(a.id))?.end_time).toBe(end);
  });
});
