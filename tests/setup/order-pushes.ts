import { afterEach, beforeEach, vi } from "vitest";
import type { User } from "~/db/schema";
import type { PrimaryDeps } from "~/deps";
import { collectOnDelivery } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import { subscribe } from "~/push/subscriptions.server";
import { setUpAdminWorld } from "./admin";
import { testDeps } from "./deps";
import { fakePushService, makeDevice, vapidEnv } from "./push";
import { all, one } from "./sql";

/**
 * The world of the order-push tests: the admin world, customers' devices, a paid shop order moved by the admin,
 * and the push outbox emptied before each test (the scheduled job takes up every due push).
 */
export function orderPushWorld() {
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

  return { w, device, pushing, shopOrder, bell, outbox, telugu, activeAuction, failingPushService };
}
