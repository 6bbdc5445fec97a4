import { describe, expect, it } from "vitest";
import type { User } from "~/db/schema";
import { InvalidInputError } from "~/lib/errors";
import { loader as pushApi } from "~/routes/api.push.$";
import { testDeps } from "../../tests/setup/deps";
import { loadContext } from "../../tests/setup/load-context";
import { makeDevice, newShopper, vapidEnv } from "../../tests/setup/push";
import { sessionCookie } from "../../tests/setup/routes";
import { all } from "../../tests/setup/sql";
import { endpointProblem } from "./subscription";
import { MAX_DEVICES, subscribe } from "./subscriptions.server";

async function call(method: string, path: string, options: { user?: User; json?: unknown; raw?: string; env?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  if (options.user) headers.Cookie = await sessionCookie(options.user.id);
  if (options.json !== undefined || options.raw !== undefined) headers["Content-Type"] = "application/json";
  const body = options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  const request = new Request(`https://store.test/api/push/${path}`, { method, headers, body });
  const res = await pushApi({ request, context: await loadContext(request, options.env), params: { "*": path } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const devicesOf = (userId: number) =>
  all<{ endpoint: string; p256dh: string; lang: string }>("SELECT endpoint, p256dh, lang FROM push_subscriptions WHERE user_id = ? ORDER BY id", userId);
const at = (now: number) => ({ ...testDeps(), now: () => now });
const countAll = async () => (await all<{ n: number }>("SELECT COUNT(*) AS n FROM push_subscriptions"))[0].n;

describe("POST /api/push/subscriptions", () => {
  it("stores the signed-in caller's device with the language it was posted in", async () => {
    const user = await newShopper();
    const device = await makeDevice();
    expect(await call("POST", "subscriptions", { user, json: { ...device.json, lang: "te" } })).toEqual({ status: 201, body: { success: true } });
    expect(await devicesOf(user.id)).toEqual([{ endpoint: device.json.endpoint, p256dh: device.json.keys.p256dh, lang: "te" }]);
  });

  it("posted again, the same endpoint takes the new keys: one row per device", async () => {
    const user = await newShopper();
    const device = await makeDevice();
    const renewed = await makeDevice(device.json.endpoint);
    await call("POST", "subscriptions", { user, json: device.json });
    await call("POST", "subscriptions", { user, json: { ...renewed.json, lang: "en" } });
    expect(await devicesOf(user.id)).toEqual([{ endpoint: device.json.endpoint, p256dh: renewed.json.keys.p256dh, lang: "en" }]);
  });

  it("signed out it is 401 and nothing is stored", async () => {
    const before = await countAll();
    expect(await call("POST", "subscriptions", { json: (await makeDevice()).json })).toMatchObject({ status: 401, body: { success: false } });
    expect(await countAll()).toBe(before);
  });

  it("refuses a bad subscription with a clear 400, storing nothing", async () => {
    const user = await newShopper();
    const good = (await makeDevice()).json;
    const offCurve = `B${"A".repeat(86)}`;
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.test/send/1" }, "The push endpoint must be https"],
      [{ ...good, endpoint: `https://push.test/${"a".repeat(1_000)}` }, "The push endpoint is too long"],
      [{ ...good, endpoint: "not a url" }, "The push endpoint is not a web address"],
      [{ ...good, endpoint: "https://user:pass@push.test/send/1" }, "The push endpoint is not a push service"],
      [{ ...good, endpoint: "https://push.test:8443/send/1" }, "The push endpoint is not a push service"],
      [{ ...good, endpoint: "https:///push.test/send/1" }, "The push endpoint must be written in full, as the browser gave it"],
      [{ ...good, endpoint: "https://PUSH.test/send/1" }, "The push endpoint must be written in full, as the browser gave it"],
      [{ ...good, endpoint: "https://push.test\\@evil.example/" }, "The push endpoint must be written in full, as the browser gave it"],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url)"],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, "The subscription's p256dh key is not a P-256 public key"],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, "The subscription's auth secret is not 16 bytes (base64url)"],
      [{ ...good, keys: { ...good.keys, auth: good.keys.auth.replace(/.$/, "=") } }, "The subscription's auth secret is not 16 bytes (base64url)"],
      [{ endpoint: good.endpoint }, "The subscription's keys are missing"],
      [{ keys: good.keys }, "The push endpoint is missing"],
      [{ ...good, lang: "fr" }, "The language must be en or te"],
      [{ ...good, endpoint: 42 }, "Expected string, received number"],
    ];
    for (const [json, error] of cases) {
      expect(await call("POST", "subscriptions", { user, json }), JSON.stringify(json)).toEqual({ status: 400, body: { success: false, error } });
    }
    expect(await call("POST", "subscriptions", { user, raw: "{not json" })).toMatchObject({ status: 400, body: { error: "Malformed JSON body" } });
    expect(await call("POST", "subscriptions", { user, json: [good] })).toMatchObject({ status: 400 });
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it("a body that names an account is refused, whoever it names", async () => {
    const user = await newShopper();
    const other = await newShopper();
    const device = (await makeDevice()).json;
    for (const named of [{ userId: other.id }, { user_id: other.id }, { user: { id: other.id } }, { email: other.email }, { userId: user.id }]) {
      expect(await call("POST", "subscriptions", { user, json: { ...device, ...named } })).toEqual({
        status: 400,
        body: { success: false, error: "A subscription is always for the signed-in account" },
      });
    }
    expect([...(await devicesOf(user.id)), ...(await devicesOf(other.id))]).toEqual([]);
  });

  it("another account's device moves to the account whose session posts it (someone else signed in on that browser)", async () => {
    const first = await newShopper();
    const second = await newShopper();
    const device = await makeDevice();
    await call("POST", "subscriptions", { user: first, json: device.json });
    expect((await call("POST", "subscriptions", { user: second, json: device.json })).status).toBe(201);
    expect(await devicesOf(first.id)).toEqual([]);
    expect(await devicesOf(second.id)).toHaveLength(1);
    // And the first account cannot take it away from the second by unsubscribing it.
    expect(await call("DELETE", "subscriptions", { user: first, json: { endpoint: device.json.endpoint } })).toEqual({ status: 200, body: { success: true } });
    expect(await devicesOf(second.id)).toHaveLength(1);
  });

  it("one endpoint posted by two accounts at once is stored once, held by one of them", async () => {
    const [first, second] = await Promise.all([newShopper(), newShopper()]);
    const device = await makeDevice();
    const answers = await Promise.all([first, second].map((user) => call("POST", "subscriptions", { user, json: device.json })));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const rows = await all<{ user_id: number }>("SELECT user_id FROM push_subscriptions WHERE endpoint = ?", device.json.endpoint);
    expect(rows).toHaveLength(1);
    expect([first.id, second.id]).toContain(rows[0].user_id);
  });

  it(`keeps at most ${MAX_DEVICES} devices per account: the least recently used one makes room`, async () => {
    const user = await newShopper();
    const devices = await Promise.all(Array.from({ length: MAX_DEVICES + 1 }, () => makeDevice()));
    for (const [i, device] of devices.slice(0, MAX_DEVICES).entries()) await subscribe(at(1_000 + i), user, device.json);
    // The first device posts again: it is now the most recently used, so the second is the one replaced.
    await subscribe(at(2_000), user, devices[0].json);
    await subscribe(at(3_000), user, devices[MAX_DEVICES].json);
    const endpoints = (await devicesOf(user.id)).map((d) => d.endpoint);
    expect(endpoints).toHaveLength(MAX_DEVICES);
    expect(endpoints).not.toContain(devices[1].json.endpoint);
    expect(endpoints).toContain(devices[0].json.endpoint);
    expect(endpoints).toContain(devices[MAX_DEVICES].json.endpoint);
  });

  it(`posted all at once, ${MAX_DEVICES + 3} devices still leave ${MAX_DEVICES}`, async () => {
    const user = await newShopper();
    const devices = await Promise.all(Array.from({ length: MAX_DEVICES + 3 }, () => makeDevice()));
    const answers = await Promise.all(devices.map((device) => call("POST", "subscriptions", { user, json: device.json })));
    expect(answers.map((a) => a.status)).toEqual(devices.map(() => 201));
    expect(await devicesOf(user.id)).toHaveLength(MAX_DEVICES);
  });
});

describe("in production", () => {
  it("only a known push service's endpoint is stored", async () => {
    const user = await newShopper();
    const production = testDeps({ ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) });
    const { keys } = (await makeDevice()).json;
    for (const endpoint of ["https://push.test/send/1", "https://fcm.googleapis.com.evil.example/x", "https://evilfcm.googleapis.com/x"]) {
      await expect(subscribe(production, user, { endpoint, keys })).rejects.toThrow(new InvalidInputError("The push endpoint is not a known push service"));
    }
    const known = [
      "https://fcm.googleapis.com/fcm/send/dXJ0:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    ];
    for (const endpoint of known) await subscribe(production, user, { endpoint, keys });
    expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual(known);
  });

  it("endpointProblem allows any https host outside production", () => {
    expect(endpointProblem("https://push.test/send/1", false)).toBeNull();
    expect(endpointProblem("https://push.test/send/1", true)).toBe("The push endpoint is not a known push service");
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the caller's device; another's or an unknown endpoint answers the same and changes nothing", async () => {
    const user = await newShopper();
    const other = await newShopper();
    const [mine, theirs] = await Promise.all([makeDevice(), makeDevice()]);
    await call("POST", "subscriptions", { user, json: mine.json });
    await call("POST", "subscriptions", { user: other, json: theirs.json });
    expect(await call("DELETE", "subscriptions", { user, json: { endpoint: theirs.json.endpoint } })).toEqual({ status: 200, body: { success: true } });
    expect(await devicesOf(other.id)).toHaveLength(1);
    expect(await call("DELETE", "subscriptions", { user, json: { endpoint: mine.json.endpoint } })).toEqual({ status: 200, body: { success: true } });
    expect(await devicesOf(user.id)).toEqual([]);
    expect(await call("DELETE", "subscriptions", { user, json: {} })).toEqual({ status: 400, body: { success: false, error: "The push endpoint is missing" } });
    expect((await call("DELETE", "subscriptions", { json: { endpoint: theirs.json.endpoint } })).status).toBe(401);
    expect(await devicesOf(other.id)).toHaveLength(1);
  });
});

describe("POST /api/push/subscriptions/check", () => {
  it("says whether the endpoint is the caller's device: another account's, an unknown or a removed one is not", async () => {
    const user = await newShopper();
    const other = await newShopper();
    const [mine, theirs] = await Promise.all([makeDevice(), makeDevice()]);
    await call("POST", "subscriptions", { user, json: mine.json });
    await call("POST", "subscriptions", { user: other, json: theirs.json });
    const check = (who: User | undefined, endpoint: unknown) => call("POST", "subscriptions/check", { user: who, json: { endpoint } });
    expect(await check(user, mine.json.endpoint)).toEqual({ status: 200, body: { success: true, mine: true } });
    expect(await check(user, theirs.json.endpoint)).toEqual({ status: 200, body: { success: true, mine: false } });
    expect(await check(user, "https://push.example.test/send/unknown")).toEqual({ status: 200, body: { success: true, mine: false } });
    expect((await check(user, 42)).status).toBe(400);
    expect((await check(undefined, mine.json.endpoint)).status).toBe(401);
    await call("DELETE", "subscriptions", { user, json: { endpoint: mine.json.endpoint } });
    expect(await check(user, mine.json.endpoint)).toEqual({ status: 200, body: { success: true, mine: false } });
  });
});

describe("GET /api/push/key", () => {
  it("answers the VAPID public key; without one, a development key outside production and null in production", async () => {
    const vapid = await vapidEnv();
    expect(await call("GET", "key", { env: vapid })).toEqual({ status: 200, body: { success: true, publicKey: vapid.VAPID_PUBLIC_KEY } });
    const development = await call("GET", "key");
    expect(development.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(development.body.publicKey).not.toBe(vapid.VAPID_PUBLIC_KEY);
    expect(await call("GET", "key", { env: { ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) } })).toEqual({
      status: 200,
      body: { success: true, publicKey: null },
    });
  });

  it("never says the private key", async () => {
    const vapid = await vapidEnv();
    expect(JSON.stringify(await call("GET", "key", { env: vapid }))).not.toContain(vapid.VAPID_PRIVATE_KEY);
  });
});
