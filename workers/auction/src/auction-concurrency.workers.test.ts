import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bid, createAuction, d1Summary, drainAlarms, emptyTables, endNow, person, stubFor, type Person } from "./auction-room.fixtures";

let admin: Person;

beforeEach(async () => {
  await emptyTables();
  admin = await person("Admin User", { admin: true });
});

afterEach(drainAlarms);

describe("concurrency", () => {
  it("500 concurrent bids from 50 users: strictly increasing prices, one winner, D1 equal to the object, nothing after the end", async () => {
    const a = await createAuction(admin, { min_increment: 100 });
    const users = await Promise.all(Array.from({ length: 50 }, (_, i) => person(`Bidder ${i} Test`)));
    const t0 = Date.now();
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => {
        const who = users[i % 50];
        return bid(who, a.id, 1000 + Math.floor(i / 5) * 100 + (i % 5) * 100).then((r) => ({ ...r, who }));
      }),
    );
    console.log("500 bids took", Date.now() - t0);
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted.length).toBeGreaterThan(1);
    for (const r of results) if (r.status !== 200) expect([400, 409, 429]).toContain(r.status);
    const state = (await stubFor(a.id).inspect())!;
    const mirror = await env.DB.prepare("SELECT amount_paise, user_id FROM auction_bids WHERE auction_id = ? ORDER BY seq")
      .bind(a.id)
      .all<{ amount_paise: number; user_id: number }>();
    expect(mirror.results).toHaveLength(accepted.length);
    for (let i = 1; i < mirror.results.length; i++) {
      expect(mirror.results[i].amount_paise - mirror.results[i - 1].amount_paise).toBeGreaterThanOrEqual(10_000);
      expect(mirror.results[i].user_id).not.toBe(mirror.results[i - 1].user_id);
    }
    expect(state.currentPricePaise).toBe(mirror.results.at(-1)!.amount_paise);
    expect(await d1Summary(a.id)).toMatchObject({
      current_price_paise: state.currentPricePaise,
      bid_count: state.bidCount,
      end_time: state.endTime,
      version: state.version,
    });

    // Bids racing the close: half are sent, the end passes, the alarm runs while the rest arrive.
    await endNow(a.id);
    const late = await Promise.all([
      ...users.slice(0, 20).map((u, i) => bid(u, a.id, 100_000 + i * 100)),
      runDurableObjectAlarm(stubFor(a.id)).then(() => ({ status: 0, body: { success: false } })),
      ...users.slice(20, 40).map((u, i) => bid(u, a.id, 200_000 + i * 100)),
    ]);
    expect(late.filter((r) => r.status === 200)).toHaveLength(0);
    const winners = await env.DB.prepare("SELECT user_id, estimated_total_paise FROM orders WHERE auction_id = ?").bind(a.id).all();
    expect(winners.results).toEqual([{ user_id: state.leaderId, estimated_total_paise: state.currentPricePaise }]);
    expect(await d1Summary(a.id)).toMatchObject({ status: "ended", winner_user_id: state.leaderId, current_price_paise: state.currentPricePaise });
  }, 120_000);
});
