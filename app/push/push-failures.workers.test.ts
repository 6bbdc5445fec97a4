import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { retryDelayMs } from "~/messaging/en-route";
import { runScheduledJobs } from "../../workers/scheduled";
import { orderPushWorld } from "../../tests/setup/order-pushes";
import { testDeps } from "../../tests/setup/deps";
import { fakePushService, pushesTo } from "../../tests/setup/push";
import { all, one } from "../../tests/setup/sql";
import { deliverPush, queuePush, sendDuePushes } from "./outbox.server";
import { subscribe } from "./subscriptions.server";

const { w, device, pushing, shopOrder, outbox, activeAuction, failingPushService } = orderPushWorld();

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
