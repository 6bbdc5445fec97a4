import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "~/db/schema";
import { testDeps } from "../../tests/setup/deps";
import { decryptPush, fakePushService, makeDevice, newShopper, vapidEnv, verifiedVapidClaims, type Device } from "../../tests/setup/push";
import { all } from "../../tests/setup/sql";
import { sendPush, type PushText } from "./send.server";
import { subscribe } from "./subscriptions.server";

const message: PushText = { title: "Your Pulasa was weighed", body: "Balance due: ₹1,250", url: "/orders/PUL-1042", tag: "order-PUL-1042" };

async function subscribed(user: User, device: Device, lang?: "en" | "te") {
  await subscribe(testDeps(), user, { ...device.json, lang });
}

const devicesOf = (userId: number) => all<{ endpoint: string }>("SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY id", userId);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a push", () => {
  it("reaches the push endpoint encrypted to the device's keys (RFC 8291) and signed with the store's VAPID key (RFC 8292)", async () => {
    const user = await newShopper();
    const device = await makeDevice();
    await subscribed(user, device);
    const vapid = await vapidEnv();
    const service = fakePushService(201);
    const outcome = await sendPush({ ...testDeps(vapid), fetch: service.fetch }, user.id, message);

    expect(outcome).toEqual({ sent: 1, removed: 0, logged: 0, failed: [] });
    expect(service.calls).toHaveLength(1);
    const [call] = service.calls;
    expect(call.url).toBe(device.json.endpoint);
    expect(call.headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(Number(call.headers.get("TTL"))).toBeGreaterThan(0);
    // The device, with only its private key and auth secret, reads back exactly the message sent.
    expect(JSON.parse(await decryptPush(device, call.body))).toEqual(message);
    // The body never carries the message in the clear.
    expect(new TextDecoder().decode(call.body)).not.toContain("weighed");

    const { header, claims } = await verifiedVapidClaims(call.headers.get("Authorization")!, vapid.VAPID_PUBLIC_KEY);
    expect(header.alg).toBe("ES256");
    expect(claims.aud).toBe("https://push.test");
    expect(claims.sub).toBe(vapid.VAPID_SUBJECT);
    const nowSeconds = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(nowSeconds);
    // RFC 8292 §2: no more than 24 hours ahead.
    expect(claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 60 * 60);
  });

  it("a key pair the device does not hold cannot read it", async () => {
    const user = await newShopper();
    const device = await makeDevice();
    await subscribed(user, device);
    const service = fakePushService(201);
    await sendPush({ ...testDeps(await vapidEnv()), fetch: service.fetch }, user.id, message);
    const stranger = await makeDevice(device.json.endpoint);
    await expect(decryptPush(stranger, service.calls[0].body)).rejects.toThrow();
  });

  it("goes to each of the user's devices in the device's own language, and to nobody else's", async () => {
    const user = await newShopper();
    const other = await newShopper();
    const english = await makeDevice();
    const telugu = await makeDevice();
    await subscribed(user, english, "en");
    await subscribed(user, telugu, "te");
    await subscribed(other, await makeDevice());
    const service = fakePushService(201);
    const texts = { en: message, te: { ...message, title: "మీ పులస తూకం వేశారు" } };
    const outcome = await sendPush({ ...testDeps(await vapidEnv()), fetch: service.fetch }, user.id, (lang) => texts[lang]);
    expect(outcome.sent).toBe(2);
    expect(service.calls.map((c) => c.url).sort()).toEqual([english.json.endpoint, telugu.json.endpoint].sort());
    const read = async (device: Device) => JSON.parse(await decryptPush(device, service.calls.find((c) => c.url === device.json.endpoint)!.body));
    expect(await read(english)).toEqual(texts.en);
    expect(await read(telugu)).toEqual(texts.te);
  });

  it("a device the push service answers 410 or 404 for is deleted; the others stay", async () => {
    const user = await newShopper();
    const [kept, expired, unknown] = await Promise.all([makeDevice(), makeDevice(), makeDevice()]);
    for (const device of [kept, expired, unknown]) await subscribed(user, device);
    const service = fakePushService((url) => (url === expired.json.endpoint ? 410 : url === unknown.json.endpoint ? 404 : 201));
    const outcome = await sendPush({ ...testDeps(await vapidEnv()), fetch: service.fetch }, user.id, message);
    expect(outcome).toEqual({ sent: 1, removed: 2, logged: 0, failed: [] });
    expect(await devicesOf(user.id)).toEqual([{ endpoint: kept.json.endpoint }]);
  });

  it("a device posted again while its push was answered 410 keeps its new subscription", async () => {
    const user = await newShopper();
    const device = await makeDevice();
    await subscribed(user, device);
    const renewed = await makeDevice(device.json.endpoint);
    // The push service says the old subscription is gone just as the browser posts its new keys for that endpoint.
    const service = fakePushService(410);
    const racing: typeof fetch = async (input, init) => {
      await subscribed(user, renewed);
      return service.fetch(input, init);
    };
    expect((await sendPush({ ...testDeps(await vapidEnv()), fetch: racing }, user.id, message)).removed).toBe(1);
    expect(await all("SELECT p256dh FROM push_subscriptions WHERE user_id = ?", user.id)).toEqual([{ p256dh: renewed.json.keys.p256dh }]);
  });

  it("other failures are reported for a retry and the device is kept", async () => {
    const user = await newShopper();
    const [busy, unreachable] = await Promise.all([makeDevice(), makeDevice()]);
    await subscribed(user, busy);
    await subscribed(user, unreachable);
    const service = fakePushService((url) => (url === busy.json.endpoint ? 503 : "unreachable"));
    const outcome = await sendPush({ ...testDeps(await vapidEnv()), fetch: service.fetch }, user.id, message);
    expect(outcome.sent).toBe(0);
    expect(outcome.removed).toBe(0);
    expect(outcome.failed).toHaveLength(2);
    expect(outcome.failed.map((f) => [f.status, f.error])).toEqual(
      expect.arrayContaining([
        [503, "The push service answered 503"],
        [null, "Network connection lost."],
      ]),
    );
    expect(await devicesOf(user.id)).toHaveLength(2);
  });

  it("opens only a page of the store", async () => {
    const user = await newShopper();
    await subscribed(user, await makeDevice());
    const service = fakePushService(201);
    const deps = { ...testDeps(await vapidEnv()), fetch: service.fetch };
    for (const url of ["https://evil.example/", "//evil.example/orders", "javascript:alert(1)"]) {
      await expect(sendPush(deps, user.id, { ...message, url })).rejects.toThrow();
    }
    expect(service.calls).toHaveLength(0);
  });
});

describe("without VAPID keys", () => {
  it("outside production nothing is sent: the message is written to the log", async () => {
    const user = await newShopper();
    await subscribed(user, await makeDevice());
    const service = fakePushService(201);
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const outcome = await sendPush({ ...testDeps(), fetch: service.fetch }, user.id, message);
    expect(outcome).toEqual({ sent: 0, removed: 0, logged: 1, failed: [] });
    expect(service.calls).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain(JSON.stringify(message));
  });

  it("in production nothing is sent and each device is reported failed, for a retry once keys are set", async () => {
    const user = await newShopper();
    await subscribed(user, await makeDevice());
    const service = fakePushService(201);
    const production = { ...testDeps({ ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) }), fetch: service.fetch };
    const outcome = await sendPush(production, user.id, message);
    expect(service.calls).toHaveLength(0);
    expect(outcome.failed).toEqual([expect.objectContaining({ status: null, error: "No VAPID keys are configured" })]);
  });
});
