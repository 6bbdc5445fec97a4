import { describe, expect, it, vi } from "vitest";
import { format } from "~/i18n/format";
import { checkoutMessages as teCheckout } from "~/i18n/te/checkout.messages";
import { adminMessages as teAdmin } from "~/i18n/te/admin.messages";
import { notify, notifyAdmins } from "~/notifications/notify.server";
import { loader as devMail } from "~/routes/dev.mail";
import { orderPushWorld } from "../../tests/setup/order-pushes";
import { testDeps } from "../../tests/setup/deps";
import { fakePushService, pushesTo } from "../../tests/setup/push";
import { all } from "../../tests/setup/sql";
import { deliverPush, queuePush } from "./outbox.server";

const { w, device, pushing, shopOrder, bell, outbox, telugu, activeAuction } = orderPushWorld();

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
