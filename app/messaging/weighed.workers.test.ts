import { describe, expect, it } from "vitest";
import { changeOrderStatus, recordWeights, StaleOrderError } from "~/orders/changes.server";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { fakeProvider, messageOf, messagesOf, twilioDeps } from "../../tests/setup/messaging";
import { one } from "../../tests/setup/sql";
import type { PrimaryDeps } from "~/deps";
import { retryDelayMs } from "./en-route";
import { sendDueMessages } from "./outbox.server";

const w = setUpAdminWorld();
const weigh = async (deps: PrimaryDeps, number: string, grams: number, version?: number, now?: number) => {
  const { id } = await one<{ id: number }>("SELECT id FROM orders WHERE number = ?", number);
  return recordWeights(deps, w.admin, { number, version: version ?? (await w.version(number)), weights: new Map([[await w.itemId(id), grams]]) }, now);
};
const sentBodies = (provider: ReturnType<typeof fakeProvider>) => provider.calls.map((c) => new URLSearchParams(String(c.init.body)).get("Body"));

describe("the weighed SMS", () => {
  it("is written with the weights and sent right after: the final price, the balance and the order page with the photos", async () => {
    const order = await w.paidOrder(w.customer.id, 1);
    const provider = fakeProvider(201);
    await weigh(twilioDeps(provider), order.number, 1180);
    const body = `Godavari Pulasa: Order ${order.number} is weighed: final price Rs 29,500. Balance Rs 29,000: we send you the link to pay. Photos: https://store.test/orders/${order.number}`;
    expect(await messageOf(order.id, "weighed")).toMatchObject({ to_phone: "+919876543210", body, state: "sent", tries: 1, provider: "twilio" });
    expect(sentBodies(provider)).toEqual([body]);
    // GSM-7 only, so an English message costs one SMS's rate per 160 characters, not 70.
    expect(body).not.toMatch(/[^\x20-\x7e]/);
  });

  it("says what comes next: nothing to pay, a refund of the difference, or the shopper's answer to a price above their limit", async () => {
    const even = await w.paidOrder(w.customer.id, 1);
    await one("UPDATE orders SET advance_paise = 2500000 WHERE id = ?", even.id);
    await weigh(w.deps, even.number, 1000);
    expect((await messageOf(even.id, "weighed")).body).toContain("final price Rs 25,000. Nothing more to pay.");

    const light = await w.paidOrder(w.customer.id, 1);
    await weigh(w.deps, light.number, 10);
    expect((await messageOf(light.id, "weighed")).body).toContain("final price Rs 250. The difference is refunded to you.");

    const above = await w.paidOrder(w.customer.id, 1);
    // Bought with the usual limit: the estimate of ₹25,000 + 20%.
    await weigh(w.deps, above.number, 1300);
    expect((await messageOf(above.id, "weighed")).body).toMatch(
      /final price Rs 32,500\. That is above your limit of Rs 30,000: please accept or decline by .+ \(IST\)\. Photos: /,
    );
  });

  it("is written in the customer's language, and goes by WhatsApp too where the store has a WhatsApp sender", async () => {
    await one("UPDATE users SET lang = 'te' WHERE id = ?", w.customer.id);
    const order = await w.paidOrder(w.customer.id, 1);
    const provider = fakeProvider(201);
    await weigh(twilioDeps(provider, { TWILIO_WHATSAPP_FROM: "whatsapp:+14155238886" }), order.number, 1180);
    const body = `గోదావరి పులస: ఆర్డర్ ${order.number} తూకం అయింది: తుది ధర ₹29,500. బ్యాలెన్స్ ₹29,000: చెల్లించడానికి లింక్ పంపుతాం. ఫోటోలు: https://store.test/te/orders/${order.number}`;
    expect((await messagesOf(order.id, "weighed")).map((m) => [m.body, m.state])).toEqual([
      [body, "sent"],
      [body, "sent"],
    ]);
    expect(provider.calls.map((c) => new URLSearchParams(String(c.init.body)).get("To"))).toEqual(["+919876543210", "whatsapp:+919876543210"]);
  });

  it("a corrected weight replaces the message and sends it again; a stale or concurrent weighing writes nothing more", async () => {
    const order = await w.paidOrder(w.customer.id, 1);
    const provider = fakeProvider(201);
    const deps = twilioDeps(provider);
    const v = await w.version(order.number);
    const results = await Promise.allSettled([1100, 1150, 1180].map((grams) => weigh(deps, order.number, grams, v)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await messagesOf(order.id, "weighed")).toHaveLength(1);
    expect(provider.calls).toHaveLength(1);
    await expect(weigh(deps, order.number, 900, v)).rejects.toThrow(StaleOrderError);
    expect(provider.calls).toHaveLength(1);

    await weigh(deps, order.number, 1000);
    expect(await messagesOf(order.id, "weighed")).toEqual([expect.objectContaining({ state: "sent", tries: 1 })]);
    expect(sentBodies(provider).at(-1)).toContain("final price Rs 25,000. Balance Rs 24,500");
    expect(provider.calls).toHaveLength(2);
  });

  it("a weight corrected while the first message is with the provider is sent, not marked sent by the first one's answer", async () => {
    const order = await w.paidOrder(w.customer.id, 1);
    const t0 = Date.now();
    const answered = fakeProvider(201);
    // The admin corrects the weight during the first send; the corrected message's own try meets a network failure.
    const slow = {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        if (answered.calls.length === 0) await weigh(twilioDeps(fakeProvider("unreachable")), order.number, 1000, undefined, t0);
        return answered.fetch(input, init);
      },
    };
    await weigh(twilioDeps(slow), order.number, 1180, undefined, t0);
    expect(sentBodies(answered)).toEqual([expect.stringContaining("final price Rs 29,500")]);
    expect(await messageOf(order.id, "weighed")).toMatchObject({ state: "pending", body: expect.stringContaining("final price Rs 25,000") });
    const retry = fakeProvider(201);
    await sendDueMessages(twilioDeps(retry), t0 + retryDelayMs(1));
    expect(sentBodies(retry)).toEqual([expect.stringContaining("final price Rs 25,000")]);
    expect(await messageOf(order.id, "weighed")).toMatchObject({ state: "sent" });
  });

  it("is not retried once the order is cancelled, and not written for an order with no phone to text", async () => {
    const order = await w.paidOrder(w.customer.id, 1);
    const t0 = Date.now();
    await weigh(twilioDeps(fakeProvider(503)), order.number, 1180, undefined, t0);
    expect(await messageOf(order.id, "weighed")).toMatchObject({ state: "pending", tries: 1 });
    await changeOrderStatus(w.deps, w.admin, { number: order.number, version: await w.version(order.number), to: "order_cancelled", reason: "No catch today" });
    const provider = fakeProvider(201);
    await sendDueMessages(twilioDeps(provider), t0 + retryDelayMs(1));
    expect(provider.calls).toHaveLength(0);
    expect(await messageOf(order.id, "weighed")).toMatchObject({ state: "failed", last_error: "Not sent: the order has moved on since" });

    const silent = await w.paidOrder(w.customer.id, 1);
    await one("UPDATE orders SET phone = '' WHERE id = ?", silent.id);
    await weigh(w.deps, silent.number, 1180);
    expect(await messagesOf(silent.id, "weighed")).toEqual([]);
  });
});
