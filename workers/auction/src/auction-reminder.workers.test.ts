import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { admin, auctionFetch, bid, createAuction, endNow, MIN, person, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";

useRoomWorld();

const watching = (who: Person | null, id: number, watch = true) =>
  auctionFetch(`https://auction.test/api/auction/${id}/watching`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(who ? { Authorization: who.bearer } : {}) },
    body: JSON.stringify({ watch }),
  });

const view = async (who: Person, id: number) =>
  ((await (await auctionFetch(`https://auction.test/api/auction/${id}`, { headers: { Authorization: who.bearer } })).json()) as { auction: AuctionView })
    .auction;

/** The auction's end moved to `ms` from now inside the object (no sleeps), then its alarm run. */
async function endsIn(id: number, ms: number) {
  await runInDurableObject(stubFor(id), async (room) => {
    const state = (await room.inspect())!;
    (room as unknown as { state: typeof state }).state = { ...state, endTime: Date.now() + ms };
  });
  await runDurableObjectAlarm(stubFor(id));
}

const reminders = (id: number) =>
  env.DB.prepare("SELECT user_id, title, message FROM notifications WHERE auction_id = ? AND type = 'auction_reminder' ORDER BY user_id")
    .bind(id)
    .all<{ user_id: number; title: string; message: string }>()
    .then((r) => r.results);

const reminderMails = () =>
  env.DB.prepare("SELECT \"to\", subject FROM mail_outbox WHERE subject LIKE 'An auction ends soon%' OR subject LIKE 'వేలం త్వరలో%' ORDER BY \"to\"")
    .all<{ to: string; subject: string }>()
    .then((r) => r.results);

describe("watching an auction and its one reminder", () => {
  it("reminds every bidder and watcher once, in their language, in the bell and by e-mail; a second alarm and a soft close send nothing more", async () => {
    const gopi = await person("Gopi Varma");
    const lakshmi = await person("Lakshmi Devi");
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(gopi.id).run();
    const a = await createAuction(admin, { title_te: "రాజ పులస 2 కిలోలు" });
    await bid(ravi, a.id, 1000);
    await bid(sita, a.id, 1100);
    // Sita bids and watches: one reminder. Gopi only watches. Lakshmi watched, then stopped.
    for (const who of [sita, gopi, lakshmi]) expect((await watching(who, a.id)).status).toBe(200);
    expect(await (await watching(gopi, a.id)).json()).toEqual({ success: true, watching: true, texts: false });
    expect((await watching(lakshmi, a.id, false)).status).toBe(200);
    expect((await view(gopi, a.id)).watching).toBe(true);
    expect((await view(lakshmi, a.id)).watching).toBe(false);
    expect((await view(ravi, a.id)).watching).toBe(false);

    // An hour before the end: nothing yet.
    await runDurableObjectAlarm(stubFor(a.id));
    expect(await reminders(a.id)).toEqual([]);

    // Nine minutes before the end (inside the 10 minutes): each is reminded once; two alarms at once send it once.
    await runInDurableObject(stubFor(a.id), async (room) => {
      const state = (await room.inspect())!;
      (room as unknown as { state: typeof state }).state = { ...state, endTime: Date.now() + 9 * MIN };
    });
    await Promise.all([runDurableObjectAlarm(stubFor(a.id)), runInDurableObject(stubFor(a.id), (room) => room.alarm())]);
    const sent = await reminders(a.id);
    expect(sent.map((r) => r.user_id)).toEqual([ravi.id, sita.id, gopi.id]);
    expect(sent[0]).toMatchObject({
      title: "An auction ends soon",
      message: expect.stringContaining('"Royal Pulasa 2 kg" ends in 9 min; the current bid is ₹1,100'),
    });
    expect(sent[2]).toMatchObject({ title: "వేలం త్వరలో ముగుస్తుంది", message: expect.stringContaining('"రాజ పులస 2 కిలోలు" వేలం ఇంకా 9 నిమిషాల్లో') });
    expect(await reminderMails()).toEqual([
      { to: `user${ravi.id}@example.in`, subject: expect.stringMatching(/^An auction ends soon/) },
      { to: `user${sita.id}@example.in`, subject: expect.stringMatching(/^An auction ends soon/) },
      { to: `user${gopi.id}@example.in`, subject: expect.stringMatching(/^వేలం త్వరలో ముగుస్తుంది/) },
    ]);

    // A late bid moves the end (soft close): the reminder is not sent again, and the alarm is the end itself.
    await endsIn(a.id, MIN);
    expect(await bid(gopi, a.id, 1200)).toMatchObject({ status: 200 });
    const extended = (await stubFor(a.id).inspect())!;
    expect(extended.endTime - Date.now()).toBeGreaterThan(MIN);
    expect(await runInDurableObject(stubFor(a.id), (_room, state) => state.storage.getAlarm())).toBe(extended.endTime);
    await runDurableObjectAlarm(stubFor(a.id));
    expect(await reminders(a.id)).toHaveLength(3);

    // The close sends no reminder either.
    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    expect((await stubFor(a.id).inspect())!.status).toBe("ended");
    expect(await reminders(a.id)).toHaveLength(3);
    expect(await reminderMails()).toHaveLength(3);
  });

  it("the reminder is the first alarm; an auction created inside the window claims it at once, so a later watcher is not reminded", async () => {
    const a = await createAuction(admin);
    await watching(sita, a.id);
    const alarmOf = (id: number) => runInDurableObject(stubFor(id), (_room, state) => state.storage.getAlarm());
    expect(await alarmOf(a.id)).toBe((await stubFor(a.id).inspect())!.endTime - 10 * MIN);

    // Five minutes left when it opens: the reminder is due at once, to nobody yet; who watches after it is not told.
    const soon = await createAuction(admin, { end_time_ms: Date.now() + 5 * MIN });
    await runDurableObjectAlarm(stubFor(soon.id));
    expect((await stubFor(soon.id).inspect())!.remindedAt).toBeTypeOf("number");
    await watching(ravi, soon.id);
    await runDurableObjectAlarm(stubFor(soon.id));
    expect(await reminders(soon.id)).toEqual([]);
    expect(await alarmOf(soon.id)).toBe((await stubFor(soon.id).inspect())!.endTime);
    expect(await reminders(a.id)).toEqual([]);
  });

  it("a restart in the middle of sending sends to those left, once, and never again to the others", async () => {
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await watching(sita, a.id);
    // Sita's notice cannot be written (D1 refuses it): she is left unsent while Ravi is reminded.
    await env.DB.prepare(
      `CREATE TRIGGER refuse_reminder BEFORE INSERT ON notifications WHEN NEW.type = 'auction_reminder' AND NEW.user_id = ${sita.id} BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
    ).run();
    try {
      await endsIn(a.id, 8 * MIN);
      expect((await reminders(a.id)).map((r) => r.user_id)).toEqual([ravi.id]);
      // The object retries within a minute, not at the end.
      const retry = await runInDurableObject(stubFor(a.id), (_room, state) => state.storage.getAlarm());
      expect(retry! - Date.now()).toBeLessThanOrEqual(MIN);
    } finally {
      await env.DB.prepare("DROP TRIGGER refuse_reminder").run();
    }
    await runInDurableObject(stubFor(a.id), (_room, state) => state.abort("restart")).catch(() => undefined);
    await runDurableObjectAlarm(stubFor(a.id));
    await runInDurableObject(stubFor(a.id), (_room, state) => state.abort("restart")).catch(() => undefined);
    await runDurableObjectAlarm(stubFor(a.id));
    expect((await reminders(a.id)).map((r) => r.user_id)).toEqual([ravi.id, sita.id]);
    expect(await reminderMails()).toHaveLength(2);
  });

  it("refuses to watch an auction that does not exist, was cancelled or has ended (never a 5xx), and anyone signed out", async () => {
    expect(await (await watching(sita, 987_654)).json()).toEqual({ success: false, error: "Auction not found" });
    expect((await watching(sita, 987_654)).status).toBe(404);
    const a = await createAuction(admin);
    expect((await watching(null, a.id)).status).toBe(401);
    await bid(ravi, a.id, 1000);
    await watching(sita, a.id);
    await endNow(a.id);
    // Ended but not yet closed by its alarm, then closed: refused either way.
    expect(await (await watching(ravi, a.id)).json()).toEqual({ success: false, error: "This auction has ended" });
    await runDurableObjectAlarm(stubFor(a.id));
    const refused = await watching(ravi, a.id);
    expect(refused.status).toBe(409);
    // Stopping is always allowed.
    expect((await watching(sita, a.id, false)).status).toBe(200);
    expect((await view(sita, a.id)).watching).toBe(false);

    const c = await createAuction(admin);
    await auctionFetch(`https://auction.test/api/auction/${c.id}/cancel`, {
      method: "POST",
      headers: { Authorization: admin.bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "The catch was too small" }),
    });
    expect((await watching(sita, c.id)).status).toBe(404);
    expect(await reminders(a.id)).toEqual([]);
  });
});
