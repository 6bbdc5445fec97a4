import { collectOnDelivery } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import type { MessageKind, User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { testDeps } from "./deps";
import { all, one } from "./sql";
import type { setUpAdminWorld } from "./admin";

/** Twilio's secrets as a store would set them (test values: nothing leaves the test). */
export const TWILIO_ENV = { TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef", TWILIO_AUTH_TOKEN: "test-auth-token", TWILIO_FROM: "+15005550006" };

export type FakeCall = { url: string; init: RequestInit };

/**
 * A provider that answers each call with the next status of `statuses` (the last one repeats), Twilio-shaped:
 * 201 with the message's sid, or an error with a code and message; "unreachable" fails as fetch does when no answer comes.
 */
export function fakeProvider(...statuses: (number | "unreachable")[]) {
  const calls: FakeCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    calls.push({ url: String(input), init });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)];
    if (status === "unreachable") throw new TypeError("Network connection lost.");
    if (status < 300) return Response.json({ sid: `SM${String(calls.length).padStart(32, "0")}`, status: "queued" }, { status });
    return Response.json({ code: 20500, message: "Internal Server Error", status }, { status });
  };
  return { calls, fetch };
}

/** Deps with Twilio configured and `fetch` answered by `provider`. */
export function twilioDeps(provider: { fetch: typeof fetch }, extraEnv: Record<string, string> = {}): PrimaryDeps {
  return { ...testDeps({ ...TWILIO_ENV, ...extraEnv }), fetch: provider.fetch };
}

/** A paid, weighed order with its balance to be collected on delivery: the next move may ship it. */
export async function shippableOrder(w: ReturnType<typeof setUpAdminWorld>, customer: User) {
  const order = await w.paidOrder(customer.id, 1);
  const deps = w.deps;
  await recordWeights(deps, w.admin, { number: order.number, version: await w.version(order.number), weights: new Map([[await w.itemId(order.id), 1000]]) });
  await collectOnDelivery(deps, w.admin, { number: order.number, version: await w.version(order.number) });
  return order;
}

/** Ships the order from its current version, as the admin's form does. */
export async function ship(w: ReturnType<typeof setUpAdminWorld>, deps: PrimaryDeps, number: string, now?: number) {
  return changeOrderStatus(deps, w.admin, { number, version: await w.version(number), to: "order_shipped" }, now);
}

export type MessageRow = {
  id: number;
  to_phone: string;
  body: string;
  state: string;
  tries: number;
  next_attempt_at: number;
  provider: string | null;
  provider_ref: string | null;
  last_error: string | null;
};

/** The order's messages of one kind (by default that it is on its way), oldest first. */
export const messagesOf = (orderId: number, kind: MessageKind = "en_route") =>
  all<MessageRow>("SELECT * FROM message_outbox WHERE order_id = ? AND kind = ? ORDER BY id", orderId, kind);
export const messageOf = (orderId: number, kind: MessageKind = "en_route") =>
  one<MessageRow>("SELECT * FROM message_outbox WHERE order_id = ? AND kind = ?", orderId, kind);
