import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { testDeps } from "../../tests/setup/deps";
import { fakeProvider, messageOf, ship, shippableOrder, TWILIO_ENV, twilioDeps } from "../../tests/setup/messaging";
import { runScheduledJobs } from "../../workers/scheduled";
import { retryDelayMs } from "./en-route";
import { devOutboxMessages } from "./outbox.server";

const w = setUpAdminWorld();

describe("the messaging provider (Twilio)", () => {
  it("is asked with Twilio's Create Message call: the account's URL, Basic auth, a form with To, From and Body", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    await ship(w, twilioDeps(provider), order.number);
    expect(provider.calls).toHaveLength(1);
    const [{ url, init }] = provider.calls;
    expect(url).toBe(`https://api.twilio.com/2010-04-01/Accounts/${TWILIO_ENV.TWILIO_ACCOUNT_SID}/Messages.json`);
    expect(init.method).toBe("POST");
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe(`Basic ${btoa(`${TWILIO_ENV.TWILIO_ACCOUNT_SID}:${TWILIO_ENV.TWILIO_AUTH_TOKEN}`)}`);
    expect(headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(String(init.body));
    expect([...form.keys()].sort()).toEqual(["Body", "From", "To"]);
    expect(form.get("To")).toBe("+919876543210");
    expect(form.get("From")).toBe(TWILIO_ENV.TWILIO_FROM);
    expect(form.get("Body")).toBe((await messageOf(order.id)).body);
    expect(form.get("Body")).toMatch(new RegExp(`^Godavari Pulasa: Your Pulasa order ${order.number} is on its way\\. Delivery: .+ \\(IST\\)\\.$`));
    // A provider that never answers cannot hold the admin's request.
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends from a Messaging Service when the sender is its sid", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    const service = "MG0123456789abcdef0123456789abcdef";
    await ship(w, twilioDeps(provider, { TWILIO_FROM: service }), order.number);
    const form = new URLSearchParams(String(provider.calls[0].init.body));
    expect(form.get("MessagingServiceSid")).toBe(service);
    expect(form.has("From")).toBe(false);
  });

  it("names the product from configuration", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    await ship(w, twilioDeps(provider, { PRODUCT_NAME: "Hilsa" }), order.number);
    expect(new URLSearchParams(String(provider.calls[0].init.body)).get("Body")).toMatch(
      new RegExp(`^Godavari Pulasa: Your Hilsa order ${order.number} is on its way`),
    );
  });
});

describe("without a provider", () => {
  it("locally the message goes to the development outbox, and nothing is fetched", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    await ship(w, { ...testDeps(), fetch: provider.fetch }, order.number);
    expect(provider.calls).toHaveLength(0);
    expect(await messageOf(order.id)).toMatchObject({ state: "sent", provider: "outbox", provider_ref: null, to_phone: "+919876543210" });
    const [listed] = await devOutboxMessages(w.deps);
    expect(listed).toMatchObject({ orderId: order.id, toPhone: "+919876543210" });
    expect(listed.body).toContain(order.number);
  });

  it("in production it is not sent and fails at once, for the admin to see", async () => {
    const order = await shippableOrder(w, w.customer);
    const provider = fakeProvider(201);
    const production = { ...testDeps({ ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(32) }), fetch: provider.fetch };
    await ship(w, production, order.number);
    expect(provider.calls).toHaveLength(0);
    expect(await messageOf(order.id)).toMatchObject({ state: "failed", provider: null, last_error: "No text-message provider is configured" });
    expect((await devOutboxMessages(w.deps)).filter((m) => m.orderId === order.id && m.kind === "en_route")).toEqual([]);
  });

  it("the Cron Trigger's jobs retry a message that failed on its first try", async () => {
    const order = await shippableOrder(w, w.customer);
    const t0 = Date.now();
    await ship(w, twilioDeps(fakeProvider(502)), order.number, t0);
    expect(await messageOf(order.id)).toMatchObject({ state: "pending", tries: 1 });
    // The scheduled handler builds its own Deps from the Worker's env: here no provider, so the development outbox.
    await runScheduledJobs(env, t0 + retryDelayMs(1));
    expect(await messageOf(order.id)).toMatchObject({ state: "sent", tries: 2, provider: "outbox" });
  });
});
