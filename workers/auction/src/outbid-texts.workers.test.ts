import { runInDurableObject, SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action, loader } from "../../../app/routes/auctions.$id";
import { getConfig } from "../../../app/config.server";
import { sendDueMessages } from "../../../app/messaging/outbox.server";
import { createDeps } from "../../../app/deps.server";
import { appCookies } from "../../../app/web/cookies.server";
import { getLoadContext } from "../../load-context";
import { admin, auctionFetch, bid, createAuction, person, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";

useRoomWorld();

/** The store's auction page (loader or action) as the Worker calls it, with the auction Worker behind its binding. */
async function page(fn: typeof loader | typeof action, path: string, who: Person, form?: Record<string, string>) {
  const request = new Request(`https://store.test${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: who.cookie.split(";")[0], ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const context = await getLoadContext({
    request,
    context: {
      cloudflare: { env: { ...env, AUCTION: SELF }, ctx: { waitUntil: () => {}, passThroughOnException: () => {}, props: {} }, cf: undefined, caches } as never,
    },
  });
  return fn({ request, context, params: { id: /\/auctions\/(\d+)/.exec(path)![1] } } as never);
}

/** The toast a redirect leaves. */
async function toastOf(res: unknown) {
  const cookie = (res as Response).headers.getSetCookie().find((c) => c.startsWith("__flash")) ?? "";
  return appCookies(getConfig(env)).flash.parse(cookie.split(";")[0]);
}

const textsTo = (who: Person) =>
  env.DB.prepare("SELECT kind, channel, to_phone, body, state, auction_id, order_id FROM message_outbox WHERE user_id = ? ORDER BY id")
    .bind(who.id)
    .all()
    .then((r) => r.results);

/** Every bidder's last bid moved a second back, so each may bid again at once (one bid a second per bidder). */
async function biddenLongAgo(id: number) {
  await runInDurableObject(stubFor(id), async (room) => {
    const state = (await room.inspect())!;
    const lastBidAt = Object.fromEntries(Object.entries(state.lastBidAt).map(([who, at]) => [who, at - 2_000]));
    (room as unknown as { state: typeof state }).state = { ...state, lastBidAt };
  });
}

const watching = (who: Person, id: number, body: Record<string, unknown>) =>
  auctionFetch(`https://auction.test/api/auction/${id}/watching`, {
    method: "POST",
    headers: { Authorization: who.bearer, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

describe("a text when outbid, for a bidder who asked for it on the watch form", () => {
  it("the box on the watch form asks for it; the outbid bidder is texted in their language, at most as often as mailed; others are not", async () => {
    const gopi = await person("Gopi Varma");
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(gopi.id).run();
    const a = await createAuction(admin);
    // Ravi ticks the box (the plain form); Sita watches without it.
    const on = await page(action, `/auctions/${a.id}`, ravi, { intent: "watch", texts: "on" });
    expect(await toastOf(on)).toEqual({
      type: "success",
      text: "You are watching this auction. We will remind you 10 min before it ends and text you when you are outbid.",
    });
    expect(((await page(loader, `/auctions/${a.id}`, ravi)) as Awaited<ReturnType<typeof loader>>).auction).toMatchObject({
      watching: true,
      outbid_texts: true,
    });
    await page(action, `/auctions/${a.id}`, sita, { intent: "watch" });
    expect(((await page(loader, `/auctions/${a.id}`, sita)) as Awaited<ReturnType<typeof loader>>).auction.outbid_texts).toBe(false);
    expect((await (await watching(gopi, a.id, { watch: true, texts: true })).json()) as object).toMatchObject({ watching: true, texts: true });

    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await expect
      .poll(() => textsTo(ravi))
      .toEqual([
        {
          kind: "outbid",
          channel: "sms",
          to_phone: "+919000000000",
          // The test store has no SITE_URL, so no link (outbid.test.ts has the text with one).
          body: "Godavari Pulasa: You have been outbid on Royal Pulasa 2 kg: the bid is now Rs 1,100.",
          state: "sent",
          auction_id: a.id,
          order_id: null,
        },
      ]);
    // Gopi, in Telugu; Sita never asked, so her being outbid texts nobody.
    await bid(gopi, a.id, 1200);
    await expect.poll(async () => (await textsTo(gopi)).length).toBe(0);
    await biddenLongAgo(a.id);
    await bid(sita, a.id, 1300);
    await expect.poll(() => textsTo(gopi)).toMatchObject([{ body: "గోదావరి పులస: Royal Pulasa 2 kgపై మీ కంటే ఎక్కువ బిడ్ వచ్చింది: ఇప్పుడు బిడ్ ₹1,300." }]);
    expect(await textsTo(sita)).toEqual([]);
    // Ravi outbid again within 10 minutes: mailed no more, so texted no more.
    await bid(ravi, a.id, 1400);
    await biddenLongAgo(a.id);
    await bid(sita, a.id, 1500);
    await expect
      .poll(() => env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'outbid'").bind(ravi.id).first())
      .toEqual({ n: 2 });
    expect(await textsTo(ravi)).toHaveLength(1);
  });

  it("needs a phone on the account, refused plainly and nothing asked; stopping watching stops the texts", async () => {
    const a = await createAuction(admin);
    await env.DB.prepare("UPDATE users SET phone = NULL WHERE id = ?").bind(sita.id).run();
    const refused = await page(action, `/te/auctions/${a.id}`, sita, { intent: "watch", texts: "on" });
    expect(await toastOf(refused)).toEqual({ type: "error", text: "మీ కంటే ఎక్కువ బిడ్ వచ్చినప్పుడు SMS రావాలంటే మీ ప్రొఫైల్‌లో ఫోన్ నంబర్ చేర్చండి." });
    const api = await watching(sita, a.id, { watch: true, texts: true });
    expect([api.status, await api.json()]).toEqual([400, { success: false, error: "Add your phone number to your profile to be texted when you are outbid" }]);
    expect(((await page(loader, `/auctions/${a.id}`, sita)) as Awaited<ReturnType<typeof loader>>).auction).toMatchObject({
      watching: false,
      outbid_texts: false,
    });

    await page(action, `/auctions/${a.id}`, ravi, { intent: "watch", texts: "on" });
    await page(action, `/auctions/${a.id}`, ravi, { intent: "unwatch" });
    expect(((await page(loader, `/auctions/${a.id}`, ravi)) as Awaited<ReturnType<typeof loader>>).auction.outbid_texts).toBe(false);
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await expect
      .poll(() => env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'outbid'").bind(ravi.id).first())
      .toEqual({ n: 1 });
    expect(await textsTo(ravi)).toEqual([]);
  });

  it("a text not sent while the auction ran is never sent after it ended", async () => {
    const a = await createAuction(admin);
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO message_outbox (auction_id, user_id, kind, channel, to_phone, body, state, tries, next_attempt_at) VALUES (?, ?, 'outbid', 'sms', '+919000000000', 'x', 'pending', 1, ?)",
    )
      .bind(a.id, ravi.id, now)
      .run();
    await env.DB.prepare("UPDATE auctions SET status = 'ended' WHERE id = ?").bind(a.id).run();
    await sendDueMessages(createDeps(env), now);
    expect(await textsTo(ravi)).toMatchObject([{ state: "failed" }]);
  });
});
