import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDeps } from "../../../app/deps.server";
import { emptyTables, MIN, person, type Person } from "./auction-room.fixtures";
import { closeAuctionInD1, notifyOutbid } from "./room-d1";
import type { Stored } from "./room-state";
import { all as q } from "../../../tests/setup/sql";

const deps = createDeps(env);
let ravi: Person;
let sita: Person;
let nextAuction = 500;

/** An auction as its object holds it once ended: Sita leads at ₹1,500 over Ravi. */
function ended(): Stored {
  const id = nextAuction++;
  const now = Date.now();
  return {
    id,
    status: "ended",
    title: "Royal Pulasa 2 kg",
    description: "A single large Godavari fish.",
    image: null,
    sellerName: "Godavari Pulasa",
    sellerUserId: null,
    startPricePaise: 100_000,
    incrementPaise: 10_000,
    currentPricePaise: 150_000,
    startTime: now - 60 * MIN,
    scheduledEndTime: now - 1,
    endTime: now - 1,
    bidCount: 2,
    leaderId: sita.id,
    leaderName: "Sita R.",
    leaderMaxPaise: 150_000,
    version: 3,
    lastBidAt: {},
    cancelReason: null,
    finalized: false,
    winnerUserId: sita.id,
    orderNumber: null,
  };
}

async function written(auctionId: number) {
  return {
    orders: await q<Record<string, unknown>>("SELECT * FROM orders WHERE auction_id = ?", auctionId),
    lines: await q("SELECT i.product_id, i.price_paise, i.quantity FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.auction_id = ?", auctionId),
    won: await q("SELECT user_id, order_number FROM notifications WHERE auction_id = ? AND type = 'auction_won'", auctionId),
    wonMail: await q("SELECT \"to\" FROM mail_outbox WHERE subject LIKE 'You won the auction!%'"),
  };
}

beforeEach(async () => {
  await emptyTables();
  ravi = await person("Ravi Kumar");
  sita = await person("Sita Rao");
});

afterEach(async () => {
  await env.DB.prepare("DROP TRIGGER IF EXISTS crash_on_auction_won").run();
});

describe("the close in D1", () => {
  it("two closes of one auction at once make one order, one line and one notice, and both answer its number", async () => {
    const s = ended();
    const numbers = (await Promise.all([closeAuctionInD1(deps, s, [ravi.id, sita.id]), closeAuctionInD1(deps, s, [ravi.id, sita.id])])).map(
      (won) => won?.number,
    );
    const w = await written(s.id);
    expect(w.orders).toHaveLength(1);
    expect(numbers).toEqual([w.orders[0].number, w.orders[0].number]);
    expect(w.lines).toEqual([{ product_id: null, price_paise: 150_000, quantity: 1 }]);
    expect(w.won).toEqual([{ user_id: sita.id, order_number: w.orders[0].number }]);
    expect(w.wonMail).toEqual([{ to: `user${sita.id}@example.in` }]);
  });

  it("the winner's order: payment_pending, from the auction, ₹500 advance due within 24 h, the winning price as its estimate", async () => {
    const s = ended();
    const before = Date.now();
    const number = (await closeAuctionInD1(deps, s, [ravi.id, sita.id]))?.number;
    const [order] = (await written(s.id)).orders;
    expect(order).toMatchObject({
      number,
      user_id: sita.id,
      status: "payment_pending",
      payment_state: "advance_due",
      source: "auction",
      advance_paise: 50_000,
      estimated_total_paise: 150_000,
    });
    expect(Number(order.reserved_until)).toBeGreaterThanOrEqual(before + 24 * 60 * MIN);
    expect(Number(order.reserved_until)).toBeLessThanOrEqual(Date.now() + 24 * 60 * MIN);
  });

  it("a close retried after a crash once its write was done (the object never recorded it) finds the same order", async () => {
    const s = ended();
    const first = (await closeAuctionInD1(deps, s, [ravi.id, sita.id]))?.number;
    const retried = (await closeAuctionInD1(deps, s, [ravi.id, sita.id]))?.number;
    expect(retried).toBe(first);
    const w = await written(s.id);
    expect(w.orders).toHaveLength(1);
    expect(w.lines).toHaveLength(1);
    expect(w.won).toHaveLength(1);
    expect(w.wonMail).toHaveLength(1);
  });

  it("a close that crashes inside its write leaves no half order; the retried close makes the whole one", async () => {
    const s = ended();
    // The winner's notice is the last write: failing it stands for a crash after the order and its line.
    await env.DB.prepare(
      "CREATE TRIGGER crash_on_auction_won BEFORE INSERT ON notifications WHEN NEW.type = 'auction_won' BEGIN SELECT RAISE(ABORT, 'simulated crash'); END",
    ).run();
    await expect(closeAuctionInD1(deps, s, [ravi.id, sita.id])).rejects.toThrow(/simulated crash/);
    expect(await written(s.id)).toEqual({ orders: [], lines: [], won: [], wonMail: [] });
    await env.DB.prepare("DROP TRIGGER crash_on_auction_won").run();

    const number = (await closeAuctionInD1(deps, s, [ravi.id, sita.id]))?.number;
    const w = await written(s.id);
    expect(w.orders.map((o) => o.number)).toEqual([number]);
    expect(w.lines).toHaveLength(1);
    expect(w.won).toEqual([{ user_id: sita.id, order_number: number }]);
  });

  it("tells each bidder in their own language: a Telugu winner in Telugu, mailed the order's Telugu page, an English loser in English", async () => {
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(sita.id).run();
    const s = { ...ended(), titleTe: "రాయల్ పులస 2 కిలోలు" };
    // An auction closes in its object's alarm, outside any request: the e-mail's links use the configured address.
    const withSiteUrl = { ...env, SITE_URL: "https://pulasa.example/" };
    const number = (await closeAuctionInD1(createDeps(withSiteUrl), s, [ravi.id, sita.id]))?.number;
    const notices = await q<{ user_id: number; title: string; message: string }>(
      "SELECT user_id, title, message FROM notifications WHERE auction_id = ? ORDER BY user_id",
      s.id,
    );
    expect(notices).toEqual([
      { user_id: ravi.id, title: "Auction ended", message: 'The auction "Royal Pulasa 2 kg" has ended at ₹1,500. Thank you for bidding.' },
      {
        user_id: sita.id,
        title: "వేలంలో మీరు గెలిచారు!",
        message: `"రాయల్ పులస 2 కిలోలు" వేలంలో ₹1,500కు మీరు గెలిచారు. మీ ఆర్డర్ ${number} ఖరారు కావాలంటే 24 గంటల్లోగా ₹500 అడ్వాన్స్ చెల్లించండి.`,
      },
    ]);
    const [mail] = await q<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE "to" = ?', `user${sita.id}@example.in`);
    expect(mail.subject).toBe("వేలంలో మీరు గెలిచారు! – గోదావరి పులస");
    expect(mail.body).toMatch(/^నమస్కారం Sita Rao గారూ,\n\n"రాయల్ పులస 2 కిలోలు" వేలంలో/);
    expect(mail.body).toContain(`అడ్వాన్స్ చెల్లించండి.\n\nమీ ఆర్డర్ చూడండి: https://pulasa.example/te/orders/${number}\n`);
    const [loser] = await q<{ body: string }>('SELECT body FROM mail_outbox WHERE "to" = ?', `user${ravi.id}@example.in`);
    expect(loser.body).toContain(`Thank you for bidding.\n\nView the auction: https://pulasa.example/auctions/${s.id}\n`);
  });

  it("an outbid notice is in the bidder's language, naming the lot by its title in it, its e-mail leading to the auction's page in it, and no address in the bell's text", async () => {
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(ravi.id).run();
    const s = { ...ended(), status: "active" as const, titleTe: "రాయల్ పులస 2 కిలోలు" };
    // A bid is a request: the e-mail's link uses the address it came to.
    // Each names the bidder's receipt, as the auction page shortens its hash.
    const receipt = { seq: 3, hash: `0123456789${"ab".repeat(24)}fedcba` };
    await notifyOutbid(createDeps(env, { origin: "https://store.test" }), s, ravi.id, true, receipt);
    await notifyOutbid(deps, s, sita.id, false, null);
    expect(await q("SELECT user_id, title, message FROM notifications WHERE auction_id = ? ORDER BY user_id", s.id)).toEqual([
      {
        user_id: ravi.id,
        title: "మీ కంటే ఎక్కువ బిడ్ వచ్చింది",
        message: '"రాయల్ పులస 2 కిలోలు"పై ఎవరో ₹1,500 బిడ్ వేశారు. మళ్లీ బిడ్ వేయడానికి వేలం పేజీ తెరవండి. బిడ్‌ల రికార్డులో మీ బిడ్ రసీదు: నం. 3 · 0123456789…fedcba.',
      },
      { user_id: sita.id, title: "You have been outbid", message: 'Someone bid ₹1,500 on "Royal Pulasa 2 kg". Open the auction to bid again.' },
    ]);
    const [mail] = await q<{ body: string }>('SELECT body FROM mail_outbox WHERE "to" = ?', `user${ravi.id}@example.in`);
    expect(mail.body).toContain(`వేలం చూడండి: https://store.test/te/auctions/${s.id}\n`);
    expect(mail.body).toContain("బిడ్‌ల రికార్డులో మీ బిడ్ రసీదు: నం. 3 · 0123456789…fedcba.");
  });

  it("nobody bid: no order, and the close answers no number", async () => {
    const s = { ...ended(), leaderId: null, leaderName: null, winnerUserId: null, bidCount: 0 };
    expect(await closeAuctionInD1(deps, s, [])).toBeNull();
    expect((await written(s.id)).orders).toEqual([]);
  });
});
