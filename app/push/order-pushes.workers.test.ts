import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { format } from "~/i18n/format";
import { checkoutMessages as teCheckout } from "~/i18n/te/checkout.messages";
import { adminMessages as teAdmin } from "~/i18n/te/admin.messages";
import { retryDelayMs } from "~/messaging/en-route";
import { notify, notifyAdmins } from "~/notifications/notify.server";
import { collectOnDelivery } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import { loader as devMail } from "~/routes/dev.mail";
import { runScheduledJobs } from "../../workers/scheduled";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { testDeps } from "../../tests/setup/deps";
import { fakePushService, makeDevice, pushesTo, vapidEnv } from "../../tests/setup/push";
import { all, one } from "../../tests/setup/sql";
import { deliverPush, queuePush, sendDuePushes } from "./outbox.server";
import { subscribe } from "./subscriptions.server";

const w = setUpAdminWorld();

async function device(user: User, lang: "en" | "te") {
  const made = await makeDevice();
  const { id } = await subscribe(testDeps(), user, { ...made.json, lang });
  return { ...made, id };
}

/** The store with VAPID keys, its pushes going to `service`. */
async function pushing(service: ReturnType<typeof fakePushService>): Promise<PrimaryDeps> {
  return { ...testDeps(await vapidEnv()), fetch: service.fetch };
}

async function shopOrder(deps: PrimaryDeps) {
  const order = await w.paidOrder(w.customer.id, 1);
  const at = async () => ({ number: order.number, version: await w.version(order.number) });
  const itemId = await w.itemId(order.id);
  return {
    ...order,
    weigh: async (grams: number) => recordWeights(deps, w.admin, { ...(await at()), weights: new Map([[itemId, grams]]) }),
    move: async (to: string) => changeOrderStatus(deps, w.admin, { ...(await at()), to }),
    collectOnDelivery: async () => collectOnDelivery(deps, w.admin, await at()),
  };
}

const bell = (userId: number, type: string) =>
  one<{ title: string; message: string }>("SELECT title, message FROM notifications WHERE user_id = ? AND type = ? ORDER BY id DESC LIMIT 1", userId, type);
const outbox = (subscriptionId: number) =>
  all<{ state: string; tries: number; next_attempt_at: number; provider: string | null; last_error: string | null }>(
    "SELECT state, tries, next_attempt_at, provider, last_error FROM push_outbox WHERE subscription_id = ? ORDER BY id",
    subscriptionId,
  );
const telugu = /[\u0C00-\u0C7F]/;
const activeAuction = async () =>
  (
    await one<{ id: number }>(
      "INSERT INTO auctions (title, description, start_price_paise, current_price_paise, end_time, status, bid_count, seller_name) VALUES ('Lot', 'A lot.', 100000, 150000, ?, 'active', 2, 'Godavari Pulasa') RETURNING id",
      Date.now() + 60 * 60_000,
    )
  ).id;

// The scheduled job takes up every due push: each test starts with none left by another.
beforeEach(async () => {
  await all("DELETE FROM push_outbox");
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A phone in English whose push service answers `answer` (500 until a test changes it), and a paid shop order. */
async function failingPushService() {
  const failing = { answer: 500 } as {
    answer: number;
    service: ReturnType<typeof fakePushService>;
    deps: PrimaryDeps;
    phone: Awaited<ReturnType<typeof device>>;
    order: Awaited<ReturnType<typeof shopOrder>>;
  };
  failing.service = fakePushService(() => failing.answer);
  failing.deps = await pushing(failing.service);
  failing.phone = await device(w.customer, "en");
  failing.order = await shopOrder(failing.deps);
  return failing;
}

describe("an order's news is pushed to each of the customer's devices, in the device's language", () => {
  it("weighed, with the balance due: the English device reads the bell's words, the Telugu one Telugu, each opening the order in its language", async () => {
    const service = fakePushService(201);
    const deps = await pushing(service);
    const [english, te] = [await device(w.customer, "en"), await device(w.customer, "te")];
    const order = await shopOrder(deps);
    await order.weigh(1180);

    const notice = await bell(w.customer.id, "order_weighed");
    expect(notice.message).toContain("₹29,000");
    expect(await pushesTo(service, english)).toEqual([
      { title: notice.title, body: notice.message, url: `/orders/${order.number}`, tag: `order-${order.number}` },
    ]);
    const [read] = await pushesTo(service, te);
    expect(read.title).toBe(format(teAdmin.customer.weighedTitle, { number: order.number }));
    expect(read.body).toMatch(telugu);
    expect(read.body).toContain("₹29,000");
    expect(read).toMatchObject({ url: `/te/orders/${order.number}`, tag: `order-${order.number}` });
  });

  it("out for delivery and delivered, but not the steps before", async () => {
    const service = fakePushService(201);
    const deps = await pushing(service);
    const [english, te] = [await device(w.customer, "en"), await device(w.customer, "te")];
    const order = await shopOrder(deps);
    await order.move("order_confirmed");
    await order.weigh(1000);
    await order.collectOnDelivery();
    await order.move("order_packed");
    // Of all that, only the weighing is pushed.
    expect((await pushesTo(service, english)).map((p) => p.title)).toEqual([(await bell(w.customer.id, "order_weighed")).title]);
    service.calls.length = 0;

    await order.move("order_shipped");
    const shipped = await bell(w.customer.id, "order_status_update");
    await order.move("order_delivered");
    const delivered = await bell(w.customer.id, "order_status_update");
    const page = { url: `/orders/${order.number}`, tag: `order-${order.number}` };
    expect(await pushesTo(service, english)).toEqual([
      { title: shipped.title, body: shipped.message, ...page },
      { title: delivered.title, body: delivered.message, ...page },
    ]);
    expect((await pushesTo(service, te)).map((p) => [p.title, p.url, p.tag])).toEqual([
      [format(teAdmin.customer.statusTitle, { number: order.number, label: teCheckout.status.labels.order_shipped }), `/te/orders/${order.number}`, page.tag],
      [format(teAdmin.customer.statusTitle, { number: order.number, label: teCheckout.status.labels.order_delivered }), `/te/orders/${order.number}`, page.tag],
    ]);
    for (const push of await pushesTo(service, te)) expect(push.body).toMatch(telugu);
  });

  it("a customer without devices is pushed nothing; their notice and e-mail go as before", async () => {
    const service = fakePushService(201);
    const order = await shopOrder(await pushing(service));
    await order.weigh(1180);
    expect(await bell(w.customer.id, "order_weighed")).toBeTruthy();
    expect(service.calls).toEqual([]);
    expect(await all("SELECT id FROM push_outbox WHERE user_id = ?", w.customer.id)).toEqual([]);
  });

  it("admins are never pushed, neither the store's notices to them nor a pushed kind of notice", async () => {
    const service = fakePushService(201);
    const deps = await pushing(service);
    await device(w.admin, "en");
    await notifyAdmins(deps, { type: "order_status_update", title: "Order cancelled", message: "A customer cancelled." });
    await notify(deps, { userId: w.admin.id, type: "outbid", words: { title: "Outbid", message: "Someone bid more." }, auctionId: 1 });
    expect(service.calls).toEqual([]);
    expect(await all("SELECT id FROM push_outbox WHERE user_id = ?", w.admin.id)).toEqual([]);
  });
});

describe("a notice stored without its e-mail (an outbid within 10 minutes of the last one told)", () => {
  it("is not pushed either", async () => {
    const service = fakePushService(201);
    const deps = await pushing(service);
    await device(w.customer, "en");
    const words = { title: "Outbid", message: "Someone bid more." };
    const auctionId = await activeAuction();
    await notify(deps, { userId: w.customer.id, type: "outbid", words, auctionId }, { email: false });
    expect(service.calls).toEqual([]);
    await notify(deps, { userId: w.customer.id, type: "outbid", words, auctionId });
    expect(service.calls).toHaveLength(1);
  });
});

describe("a push that fails", () => {
  it("is kept when the push service answers 500, retried by the scheduled job after its backoff, then sent", async () => {
    const failing = await failingPushService();
    const { service, deps, phone, order } = failing;
    const start = Date.now();
    await order.weigh(1180);
    const [failed] = await outbox(phone.id);
    expect(failed).toMatchObject({ state: "pending", tries: 1, last_error: "The push service answered 500" });
    expect(failed.next_attempt_at).toBeGreaterThanOrEqual(start + retryDelayMs(1));

    // Not before its backoff.
    expect(await sendDuePushes(deps, failed.next_attempt_at - 1)).toEqual([]);
    expect(service.calls).toHaveLength(1);
    failing.answer = 201;
    expect(await sendDuePushes(deps, failed.next_attempt_at)).toEqual(["sent"]);
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "sent", tries: 2, provider: "push", last_error: null })]);
    const pushes = await pushesTo(service, phone);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]).toEqual(pushes[0]);
    // Sent once: the job has nothing more to do.
    expect(await sendDuePushes(deps, failed.next_attempt_at + 10 * retryDelayMs(5))).toEqual([]);
  });

  it("is taken up by the store's scheduled job", async () => {
    const deps = await pushing(fakePushService(500));
    const phone = await device(w.customer, "en");
    const order = await shopOrder(deps);
    await order.weigh(1180);
    const [failed] = await outbox(phone.id);
    expect(failed.state).toBe("pending");
    vi.spyOn(console, "info").mockImplementation(() => {});
    // The test Worker has no VAPID keys: the job's try goes to the development outbox.
    await runScheduledJobs(env, failed.next_attempt_at);
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "sent", tries: 2, provider: "outbox" })]);
  });

  it("is given up after the text messages' number of tries", async () => {
    const service = fakePushService(503);
    const deps = await pushing(service);
    const phone = await device(w.customer, "en");
    const order = await shopOrder(deps);
    await order.weigh(1180);
    let at = Date.now();
    for (let i = 0; i < 10; i++) {
      at += 2 * 60 * 60_000;
      await sendDuePushes(deps, at);
    }
    expect(service.calls).toHaveLength(5);
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "failed", tries: 5 })]);
  });

  it("to a device the push service answers 410 for deletes the device and is not retried; the other device still gets it", async () => {
    const [gone, kept] = [await device(w.customer, "en"), await device(w.customer, "te")];
    const service = fakePushService((url) => (url === gone.json.endpoint ? 410 : 201));
    const deps = await pushing(service);
    const order = await shopOrder(deps);
    await order.weigh(1180);
    expect(await all("SELECT id FROM push_subscriptions WHERE user_id = ?", w.customer.id)).toEqual([{ id: kept.id }]);
    expect(await outbox(gone.id)).toEqual([]);
    expect(await sendDuePushes(deps, Date.now() + 10 * 60 * 60_000)).toEqual([]);
    expect(service.calls.filter((c) => c.url === gone.json.endpoint)).toHaveLength(1);
    expect(await pushesTo(service, kept)).toHaveLength(1);
  });

  it("retried by two callers at once (the scheduled job and another) is sent once", async () => {
    const failing = await failingPushService();
    const { service, deps, phone, order } = failing;
    await order.weigh(1180);
    const [{ id }] = await all<{ id: number }>("SELECT id FROM push_outbox WHERE subscription_id = ?", phone.id);
    const due = (await outbox(phone.id))[0].next_attempt_at;
    failing.answer = 201;
    const outcomes = await Promise.all([sendDuePushes(deps, due), deliverPush(deps, id, due), sendDuePushes(deps, due), deliverPush(deps, id, due)]);
    expect(outcomes.flat().filter((o) => o === "sent")).toHaveLength(1);
    expect(service.calls).toHaveLength(2);
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "sent", tries: 2 })]);
  });

  it("still waiting is dropped when newer news with the same tag is written, so it cannot replace that news later", async () => {
    const failing = await failingPushService();
    const { service, deps, phone, order } = failing;
    await order.weigh(1000);
    failing.answer = 201;
    await order.collectOnDelivery();
    await order.move("order_shipped");
    expect(await outbox(phone.id)).toEqual([
      expect.objectContaining({ state: "failed", last_error: "A newer push with the same tag replaced it" }),
      expect.objectContaining({ state: "sent" }),
    ]);
    expect(await sendDuePushes(deps, Date.now() + 10 * 60 * 60_000)).toEqual([]);
    expect((await pushesTo(service, phone)).map((p) => p.title)).toEqual([expect.stringContaining("weighed"), `Order ${order.number}: Shipped`]);
  });

  it("of an outbid or an auction ending soon is not sent once the auction has ended", async () => {
    const service = fakePushService(201);
    const deps = await pushing(service);
    const phone = await device(w.customer, "en");
    const auctionId = await activeAuction();
    const text = () => ({ title: "Outbid", body: "Someone bid more." });
    const now = Date.now();
    await queuePush(deps, { userId: w.customer.id, kind: "outbid", auctionId, path: `/auctions/${auctionId}`, tag: `auction-${auctionId}`, text }, now);
    await queuePush(deps, { userId: w.customer.id, kind: "auction_reminder", auctionId, path: `/auctions/${auctionId}`, tag: "other", text }, now);
    await one("UPDATE auctions SET status = 'ended' WHERE id = ? RETURNING id", auctionId);
    expect(await sendDuePushes(deps, now)).toEqual([]);
    expect(service.calls).toEqual([]);
    expect((await outbox(phone.id)).map((r) => [r.state, r.last_error])).toEqual([
      ["failed", "Not sent: the auction has ended since"],
      ["failed", "Not sent: the auction has ended since"],
    ]);
  });

  it("to a device that has since moved to another account is not sent", async () => {
    const failing = await failingPushService();
    const { service, deps, phone, order } = failing;
    await order.weigh(1180);
    const other = await w.newUser(`other.${crypto.randomUUID()}@example.in`);
    await subscribe(testDeps(), other, { ...phone.json, lang: "en" });
    failing.answer = 201;
    expect(await sendDuePushes(deps, Date.now() + 60 * 60_000)).toEqual(["failed"]);
    expect(service.calls).toHaveLength(1);
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "failed", last_error: "The device is no longer this account's" })]);
  });
});

describe("without VAPID keys", () => {
  it("in development each push goes to the development outbox (/dev/mail) and the log", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const development = testDeps({ ENVIRONMENT: "development" });
    const [english, te] = [await device(w.customer, "en"), await device(w.customer, "te")];
    const order = await shopOrder(development);
    await order.weigh(1180);
    const { entries } = await devMail({ context: { deps: development }, request: new Request("https://store.test/dev/mail"), params: {} } as never);
    const pushes = entries.filter((e) => e.channel === "push");
    const notice = await bell(w.customer.id, "order_weighed");
    expect(pushes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: `Device ${english.id} (en)`, subject: notice.title, body: notice.message, url: `/orders/${order.number}` }),
        expect.objectContaining({
          to: `Device ${te.id} (te)`,
          subject: format(teAdmin.customer.weighedTitle, { number: order.number }),
          url: `/te/orders/${order.number}`,
        }),
      ]),
    );
    expect(log.mock.calls.filter(([line]) => String(line).startsWith("[push]") && String(line).includes(`/orders/${order.number}`))).toHaveLength(2);
    // Nothing is left to retry.
    expect((await outbox(english.id)).map((r) => [r.state, r.provider])).toEqual([["sent", "outbox"]]);
  });

  it("/dev/mail stays a 404 in production", async () => {
    const production = testDeps({ ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) });
    await expect(devMail({ context: { deps: production }, request: new Request("https://store.test/dev/mail"), params: {} } as never)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("in production a push is kept for the scheduled job to retry once keys are set", async () => {
    const production = testDeps({ ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) });
    const phone = await device(w.customer, "en");
    const ids = await queuePush(
      production,
      { userId: w.customer.id, kind: "order_weighed", path: "/orders/X", tag: "order-X", text: () => ({ title: "T", body: "B" }) },
      Date.now(),
    );
    expect(await deliverPush(production, ids[0])).toBe("retry");
    expect(await outbox(phone.id)).toEqual([expect.objectContaining({ state: "pending", last_error: "No VAPID keys are configured" })]);
  });
});
