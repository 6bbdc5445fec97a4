import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { auctionNoticeMessages as te } from "../../../app/i18n/te/notices.messages";
import { auctionNoticeMessages as en } from "../../../app/i18n/notices.messages";
import { decryptPush, fakePushService, makeDevice, vapidEnv } from "../../../tests/setup/push";
import { testDeps } from "../../../tests/setup/deps";
import { admin, bid, createAuction, endNow, MIN, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";
import { notifyOutbid } from "./room-d1";

useRoomWorld();

/** Two devices of `who`'s: a phone set to English and one set to Telugu. */
async function devices(who: Person) {
  for (const lang of ["en", "te"])
    await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, last_used_at) VALUES (?, ?, 'B', 'A', ?, ?)")
      .bind(who.id, `https://push.test/${crypto.randomUUID()}`, lang, Date.now())
      .run();
}

/**
 * What each of `who`'s devices was pushed of `kind`, by the device's language. The test Worker has no VAPID keys,
 * so each push goes to the development outbox: exactly what the push service would have been handed.
 */
async function pushed(who: Person, kind: string) {
  const { results } = await env.DB.prepare(
    "SELECT p.lang, p.title, p.body, p.url, p.tag, p.state, p.provider FROM push_outbox p WHERE p.user_id = ? AND p.kind = ? ORDER BY p.id",
  )
    .bind(who.id, kind)
    .all<{ lang: string; title: string; body: string; url: string; tag: string; state: string; provider: string }>();
  return results;
}

const bell = (who: Person, type: string) =>
  env.DB.prepare("SELECT title, message FROM notifications WHERE user_id = ? AND type = ? ORDER BY id DESC")
    .bind(who.id, type)
    .first<{ title: string; message: string }>();
const orderOf = async (who: Person, auctionId: number) =>
  (await env.DB.prepare("SELECT number FROM orders WHERE user_id = ? AND auction_id = ? ORDER BY id DESC").bind(who.id, auctionId).first<{ number: string }>())!
    .number;
const telugu = /[\u0C00-\u0C7F]/;

describe("an auction's news is pushed to each of the bidder's devices, in the device's language", () => {
  it("outbid: the English device reads the bell's words, the Telugu one Telugu, each opening the auction", async () => {
    await devices(ravi);
    const a = await createAuction(admin, { title_te: "రాజ పులస 2 కిలోలు" });
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await expect.poll(async () => (await pushed(ravi, "outbid")).length).toBe(2);
    const notice = (await bell(ravi, "outbid"))!;
    const [english, telugu_] = await pushed(ravi, "outbid");
    expect(english).toEqual({
      lang: "en",
      title: notice.title,
      body: notice.message,
      url: `/auctions/${a.id}`,
      tag: `auction-${a.id}`,
      state: "sent",
      provider: "outbox",
    });
    expect(telugu_).toMatchObject({ lang: "te", title: te.outbidTitle, url: `/te/auctions/${a.id}`, tag: `auction-${a.id}`, state: "sent" });
    expect(telugu_.body).toContain("రాజ పులస 2 కిలోలు");
  });

  it("ending soon: every bidder's devices, once", async () => {
    await devices(sita);
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await runInDurableObject(stubFor(a.id), async (room) => {
      const state = (await room.inspect())!;
      (room as unknown as { state: typeof state }).state = { ...state, endTime: Date.now() + 5 * MIN };
    });
    await runDurableObjectAlarm(stubFor(a.id));
    await runDurableObjectAlarm(stubFor(a.id));
    const notice = (await bell(sita, "auction_reminder"))!;
    expect(await pushed(sita, "auction_reminder")).toEqual([
      expect.objectContaining({ lang: "en", title: en.reminderTitle, body: notice.message, url: `/auctions/${a.id}`, tag: `auction-${a.id}` }),
      expect.objectContaining({ lang: "te", title: te.reminderTitle, url: `/te/auctions/${a.id}`, tag: `auction-${a.id}` }),
    ]);
    expect((await pushed(sita, "auction_reminder"))[1].body).toMatch(telugu);
    // Ravi has no devices: nothing is written for him.
    expect(await pushed(ravi, "auction_reminder")).toEqual([]);
  });

  it("won: opening the order to pay, in each device's language; the bidders who lost are not pushed", async () => {
    await devices(sita);
    await devices(ravi);
    const a = await createAuction(admin, { title_te: "రాజ పులస 2 కిలోలు" });
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    const number = await orderOf(sita, a.id);
    const notice = (await bell(sita, "auction_won"))!;
    const [english, telugu_] = await pushed(sita, "auction_won");
    expect(english).toMatchObject({ lang: "en", title: en.wonTitle, body: notice.message, url: `/orders/${number}`, tag: `auction-${a.id}` });
    expect(telugu_).toMatchObject({ lang: "te", title: te.wonTitle, url: `/te/orders/${number}`, tag: `auction-${a.id}` });
    expect(telugu_.body).toContain("రాజ పులస 2 కిలోలు");
    expect(telugu_.body).toContain(number);
    expect(await pushed(ravi, "auction_ended")).toEqual([]);
  });

  it("a second-chance offer, when the winner did not pay: opening the offered order", async () => {
    await devices(ravi);
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    await runInDurableObject(stubFor(a.id), async (room) => {
      const state = (await room.inspect())!;
      (room as unknown as { state: typeof state }).state = { ...state, holder: { ...state.holder!, deadline: Date.now() - 1 } };
    });
    await env.DB.prepare("UPDATE orders SET reserved_until = ? WHERE auction_id = ? AND status = 'payment_pending'")
      .bind(Date.now() - 1, a.id)
      .run();
    await runDurableObjectAlarm(stubFor(a.id));
    const number = await orderOf(ravi, a.id);
    expect((await pushed(ravi, "auction_offer")).map((p) => [p.lang, p.title, p.url])).toEqual([
      ["en", en.offerTitle, `/orders/${number}`],
      ["te", te.offerTitle, `/te/orders/${number}`],
    ]);
  });

  it("with VAPID keys, the outbid push reaches the push service encrypted, in each device's language", async () => {
    const a = await createAuction(admin, { title_te: "రాజ పులస 2 కిలోలు" });
    await bid(ravi, a.id, 1000);
    const [phone, tablet] = [await makeDevice(), await makeDevice()];
    for (const [device, lang] of [
      [phone, "en"],
      [tablet, "te"],
    ] as const)
      await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, last_used_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(ravi.id, device.json.endpoint, device.json.keys.p256dh, device.json.keys.auth, lang, Date.now())
        .run();
    const service = fakePushService(201);
    const deps = { ...testDeps(await vapidEnv()), fetch: service.fetch };
    const state = await runInDurableObject(stubFor(a.id), async (room) => (await room.inspect())!);
    await notifyOutbid(deps, { ...state, currentPricePaise: 110_000, title: "Royal Pulasa 2 kg", titleTe: "రాజ పులస 2 కిలోలు" }, ravi.id, true, null);
    const read = async (device: typeof phone) => JSON.parse(await decryptPush(device, service.calls.find((c) => c.url === device.json.endpoint)!.body));
    expect(await read(phone)).toEqual({
      title: en.outbidTitle,
      body: (await bell(ravi, "outbid"))!.message,
      url: `/auctions/${a.id}`,
      tag: `auction-${a.id}`,
    });
    expect(await read(tablet)).toMatchObject({ title: te.outbidTitle, url: `/te/auctions/${a.id}`, tag: `auction-${a.id}` });
  });
});
