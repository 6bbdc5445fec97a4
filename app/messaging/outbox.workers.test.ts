import { describe, expect, it } from "vitest";
import { getAdminOrder } from "~/admin/order-list.server";
import { changeOrderStatus, StaleOrderError } from "~/orders/changes.server";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { fakeProvider, messageOf, messagesOf, ship, shippableOrder, twilioDeps } from "../../tests/setup/messaging";
import { all, one } from "../../tests/setup/sql";
import { MESSAGE_TRIES, retryDelayMs, SEND_LEASE_MS, smsDelivery } from "./en-route";
import { deliverMessage, sendDueMessages } from "./outbox.server";

const w = setUpAdminWorld();
const MINUTE = 60_000;

describe("the en-route SMS", () => {
  it("is written with the shipped status and sent through the provider right after", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    const t0 = Date.now();
    await ship(w, twilioDeps(provider), order.number, t0);
    const delivery = await one<{ delivery_date: string; delivery_slot: "evening" }>("SELECT delivery_date, delivery_slot FROM orders WHERE id = ?", order.id);
    expect(await messageOf(order.id)).toMatchObject({
      to_phone: "+919876543210",
      body: `Godavari Pulasa: Your Pulasa order ${order.number} is on its way. Delivery: ${smsDelivery(delivery.delivery_date, delivery.delivery_slot)}.`,
      state: "sent",
      tries: 1,
      provider: "twilio",
      provider_ref: "SM00000000000000000000000000000001",
      last_error: null,
    });
    expect(provider.calls).toHaveLength(1);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_shipped" });
  });

  it("goes by WhatsApp too where the store has a WhatsApp sender: the same words, both numbers prefixed whatsapp:", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    await ship(w, twilioDeps(provider, { TWILIO_WHATSAPP_FROM: "whatsapp:+14155238886" }), order.number, Date.now());
    const rows = await all<{ channel: string; to_phone: string; body: string; state: string }>(
      "SELECT channel, to_phone, body, state FROM message_outbox WHERE order_id = ? AND kind = 'en_route' ORDER BY channel",
      order.id,
    );
    expect(rows.map((r) => [r.channel, r.to_phone, r.state])).toEqual([
      ["sms", "+919876543210", "sent"],
      ["whatsapp", "+919876543210", "sent"],
    ]);
    expect(rows[0].body).toBe(rows[1].body);
    const sent = provider.calls.map((c) => Object.fromEntries(new URLSearchParams(String(c.init.body))));
    expect(sent).toEqual([
      expect.objectContaining({ To: "+919876543210", Body: rows[0].body }),
      expect.objectContaining({ To: "whatsapp:+919876543210", From: "whatsapp:+14155238886", Body: rows[0].body }),
    ]);
    // Shipped again from a stale form: no second message on either channel.
    await expect(ship(w, twilioDeps(provider, { TWILIO_WHATSAPP_FROM: "whatsapp:+14155238886" }), order.number)).rejects.toThrow(/already Shipped/);
    expect(provider.calls).toHaveLength(2);
  });

  it("without a WhatsApp sender goes by SMS alone", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    await ship(w, twilioDeps(provider), order.number, Date.now());
    expect(await all("SELECT channel FROM message_outbox WHERE order_id = ? AND kind = 'en_route'", order.id)).toEqual([{ channel: "sms" }]);
  });

  it("is written in the customer's language: a Telugu account's in Telugu, with the store's and the fish's Telugu names", async () => {
    await one("UPDATE users SET lang = 'te' WHERE id = ?", w.customer.id);
    const order = await shippableOrder(w, w.customer);
    await ship(w, twilioDeps(fakeProvider(201)), order.number, Date.now());
    const delivery = await one<{ delivery_date: string; delivery_slot: "evening" }>("SELECT delivery_date, delivery_slot FROM orders WHERE id = ?", order.id);
    const when = smsDelivery(delivery.delivery_date, delivery.delivery_slot, "te");
    expect(await messageOf(order.id)).toMatchObject({ body: `గోదావరి పులస: మీ పులస ఆర్డర్ ${order.number} బయలుదేరింది. డెలివరీ: ${when}.`, state: "sent" });
  });

  it("is never written for a move to another status or a change that lost its race", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    const stale = await w.version(order.number);
    await changeOrderStatus(w.deps, w.admin, { number: order.number, version: stale, to: "order_confirmed" });
    await expect(changeOrderStatus(twilioDeps(provider), w.admin, { number: order.number, version: stale, to: "order_shipped" })).rejects.toThrow(
      StaleOrderError,
    );
    expect(await messagesOf(order.id)).toEqual([]);
    expect(provider.calls).toHaveLength(0);

    // Cancelled and shipped from the same form version at once: a text only if 'Shipped' is what happened.
    const raced = await shippableOrder(w, w.customer);
    const v = await w.version(raced.number);
    await Promise.allSettled([
      changeOrderStatus(w.deps, w.admin, { number: raced.number, version: v, to: "order_cancelled", reason: "No catch today" }),
      changeOrderStatus(twilioDeps(provider), w.admin, { number: raced.number, version: v, to: "order_shipped" }),
    ]);
    const { status } = await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", raced.id);
    expect(await messagesOf(raced.id)).toHaveLength(status === "order_shipped" ? 1 : 0);
    expect(provider.calls).toHaveLength(status === "order_shipped" ? 1 : 0);
  });

  it("replayed or fired together, 'Shipped' writes and sends one message", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    const deps = twilioDeps(provider);
    const v = await w.version(order.number);
    const results = await Promise.allSettled([1, 2, 3].map(() => changeOrderStatus(deps, w.admin, { number: order.number, version: v, to: "order_shipped" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // The same form posted again, and again from a tab reloaded on the new version.
    await expect(changeOrderStatus(deps, w.admin, { number: order.number, version: v, to: "order_shipped" })).rejects.toThrow(StaleOrderError);
    await expect(ship(w, deps, order.number)).rejects.toThrow(/already Shipped/);
    await sendDueMessages(deps, Date.now() + 2 * 60 * MINUTE);
    expect(await messagesOf(order.id)).toHaveLength(1);
    expect(provider.calls).toHaveLength(1);
  });

  it("a request and the scheduled job trying one message at the same moment send it once", async () => {
    const order = await shippableOrder(w, w.customer);
    const t0 = Date.now();
    await ship(w, twilioDeps(fakeProvider(500)), order.number, t0);
    const { id } = await messageOf(order.id);
    const provider = fakeProvider(201);
    const deps = twilioDeps(provider);
    const due = t0 + retryDelayMs(1);
    const outcomes = await Promise.all([deliverMessage(deps, id, due), sendDueMessages(deps, due), deliverMessage(deps, id, due)]);
    expect(outcomes.flat().filter((o) => o === "sent")).toHaveLength(1);
    expect(provider.calls).toHaveLength(1);
    expect(await messageOf(order.id)).toMatchObject({ state: "sent", tries: 2 });
  });

  it("after a provider failure the status change stands and the scheduled job retries after the backoff", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(500, 200);
    const deps = twilioDeps(provider);
    const t0 = Date.now();
    const result = await ship(w, deps, order.number, t0);
    expect(result.label).toBe("Shipped");
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_shipped" });
    expect(await messageOf(order.id)).toMatchObject({
      state: "pending",
      tries: 1,
      next_attempt_at: t0 + retryDelayMs(1),
      last_error: "The provider answered 500: 20500 Internal Server Error",
    });
    // Not before its backoff has run out.
    expect(await sendDueMessages(deps, t0 + retryDelayMs(1) - 1)).toEqual([]);
    expect(provider.calls).toHaveLength(1);
    expect(await sendDueMessages(deps, t0 + retryDelayMs(1))).toEqual(["sent"]);
    expect(await messageOf(order.id)).toMatchObject({ state: "sent", tries: 2, last_error: null, provider_ref: "SM00000000000000000000000000000002" });
    expect(provider.calls).toHaveLength(2);
  });

  it("is marked failed after the last try, and the admin's order page shows it", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(503);
    const deps = twilioDeps(provider);
    let now = Date.now();
    await ship(w, deps, order.number, now);
    for (let tries = 1; tries < MESSAGE_TRIES; tries++) {
      now += retryDelayMs(tries);
      await sendDueMessages(deps, now);
    }
    expect(provider.calls).toHaveLength(MESSAGE_TRIES);
    expect(await messageOf(order.id)).toMatchObject({
      state: "failed",
      tries: MESSAGE_TRIES,
      last_error: "The provider answered 503: 20500 Internal Server Error",
    });
    // Given up: no further tries, however long the job keeps running.
    await sendDueMessages(deps, now + 24 * 60 * MINUTE);
    expect(provider.calls).toHaveLength(MESSAGE_TRIES);
    const page = await getAdminOrder(w.deps, order.number);
    expect(page.messages.filter((message) => message.kind === "en_route")).toEqual([
      expect.objectContaining({ kind: "en_route", state: "failed", tries: MESSAGE_TRIES, toPhone: "+919876543210" }),
    ]);
  });

  it("a final refusal (a number the provider will never take) fails at once", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(400);
    const deps = twilioDeps(provider);
    await ship(w, deps, order.number);
    expect(await messageOf(order.id)).toMatchObject({ state: "failed", tries: 1 });
    await sendDueMessages(deps, Date.now() + 24 * 60 * MINUTE);
    expect(provider.calls).toHaveLength(1);
  });

  it("a try that died mid-send is taken up again once its lease runs out; one that died on the last try is failed", async () => {
    const order = await shippableOrder(w, w.customer);
    const t0 = Date.now();
    await ship(w, twilioDeps(fakeProvider("unreachable")), order.number, t0);
    expect(await messageOf(order.id)).toMatchObject({ state: "pending", tries: 1, last_error: "The provider did not answer" });
    // The Worker died during a try: the claim stands, the outcome was never written.
    await w.deps.db.$client
      .prepare("UPDATE message_outbox SET tries = 2, next_attempt_at = ?, last_error = NULL WHERE order_id = ?")
      .bind(t0 + SEND_LEASE_MS, order.id)
      .run();
    const provider = fakeProvider(201);
    expect(await sendDueMessages(twilioDeps(provider), t0 + SEND_LEASE_MS - 1)).toEqual([]);
    expect(await sendDueMessages(twilioDeps(provider), t0 + SEND_LEASE_MS)).toEqual(["sent"]);

    const last = await shippableOrder(w, w.customer);
    await ship(w, twilioDeps(fakeProvider(500)), last.number, t0);
    await w.deps.db.$client.prepare("UPDATE message_outbox SET tries = ?, next_attempt_at = ? WHERE order_id = ?").bind(MESSAGE_TRIES, t0, last.id).run();
    await sendDueMessages(twilioDeps(provider), t0 + 1);
    expect(await messageOf(last.id)).toMatchObject({ state: "failed", tries: MESSAGE_TRIES });
    expect(provider.calls).toHaveLength(1);
  });

  it("is not retried once the order has moved on from shipped", async () => {
    const order = await shippableOrder(w, w.customer);
    const t0 = Date.now();
    await ship(w, twilioDeps(fakeProvider(500)), order.number, t0);
    await changeOrderStatus(w.deps, w.admin, { number: order.number, version: await w.version(order.number), to: "order_delivered" });
    const provider = fakeProvider(201);
    await sendDueMessages(twilioDeps(provider), t0 + retryDelayMs(1));
    expect(provider.calls).toHaveLength(0);
    expect(await messageOf(order.id)).toMatchObject({ state: "failed", last_error: "Not sent: the order has moved on since" });
  });

  it("is not written when the order has no phone to text", async () => {
    const order = await shippableOrder(w, w.customer);
    await w.deps.db.$client.prepare("UPDATE orders SET phone = '' WHERE id = ?").bind(order.id).run();
    const provider = fakeProvider(201);
    await ship(w, twilioDeps(provider), order.number);
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_shipped" });
    expect(await messagesOf(order.id)).toEqual([]);
    expect(provider.calls).toHaveLength(0);
  });
});
