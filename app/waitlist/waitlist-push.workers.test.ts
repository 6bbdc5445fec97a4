import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { format } from "~/i18n/format";
import { waitlistMessages as te } from "~/i18n/te/waitlist.messages";
import { testDeps } from "../../tests/setup/deps";
import { fakePushService, makeDevice, pushesTo, vapidEnv } from "../../tests/setup/push";
import { one } from "../../tests/setup/sql";
import { setUpWaitlistWorld } from "../../tests/setup/waitlist";
import { serveWaitlist } from "./waitlist.server";

const { w, joined } = setUpWaitlistWorld();

async function device(userId: number, lang: "en" | "te") {
  const made = await makeDevice();
  await env.DB.prepare("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang, last_used_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(userId, made.json.endpoint, made.json.keys.p256dh, made.json.keys.auth, lang, Date.now())
    .run();
  return made;
}

describe("a waitlist hold (the catch landed)", () => {
  it("is pushed to each of the shopper's devices in the device's language, opening the hold's page in it", async () => {
    const me = await joined(2);
    const [english, telugu] = [await device(me, "en"), await device(me, "te")];
    await w.plan(w.fishId, { [w.day(0)]: 2 });
    const service = fakePushService(201);
    await serveWaitlist({ ...testDeps(await vapidEnv()), fetch: service.fetch }, w.now);

    const { id } = await one<{ id: number }>("SELECT id FROM waitlist_entries WHERE user_id = ?", me);
    const notice = await one<{ title: string; message: string }>("SELECT title, message FROM notifications WHERE user_id = ? AND type = 'waitlist_hold'", me);
    expect(await pushesTo(service, english)).toEqual([{ title: notice.title, body: notice.message, url: `/waitlist/${id}`, tag: `waitlist-${id}` }]);
    const [read] = await pushesTo(service, telugu);
    expect(read).toMatchObject({ title: format(te.noticeTitle, { name: "Fresh Pulasa Fish" }), url: `/te/waitlist/${id}`, tag: `waitlist-${id}` });
    expect(read.body).toMatch(/వరుసలో మీ వంతు వచ్చింది/);
  });
});
