import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createSession, issueApiToken } from "~/auth/session.server";
import type { User } from "~/db/schema";
import { action as detailAction, loader as detailLoader } from "~/routes/admin-dashboard.orders.$number";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin-dashboard";
import { loader as notificationsLoader } from "~/routes/notifications";
import { loader as notificationsApi } from "~/routes/api.notifications.$";
import { loader as ordersApi } from "~/routes/api.orders.$";
import { commitSessionCookie } from "~/web/credentials.server";
import { testDeps } from "../../tests/setup/deps";
import { loadContext } from "../../tests/setup/load-context";
import { collectOnDelivery, requestBalance } from "./balance.server";
import { changeOrderStatus, recordWeights, StaleOrderError } from "./orders.server";
import { createShopOrder } from "~/orders/orders.server";
import { catchLeftOn, plannedDelivery } from "../../tests/setup/shop-days";
import { settlePayment } from "~/payments/settle.server";
import { ledgerSums, payAdvance } from "../../tests/setup/money";

const deps = testDeps();
const config = deps.config;
const shipping = {
  firstName: "Lakshmi",
  lastName: "Devi",
  phone: "9876543210",
  address: "4-2 Temple Street",
  city: "Kovvur",
  state: "Andhra Pradesh",
  zip: "534350",
};

async function one<T = Record<string, any>>(sql: string, ...binds: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;
}

async function newUser(email: string, isAdmin = false): Promise<User> {
  return one<User>(
    "INSERT INTO users (name, email, email_verified_at, is_admin) VALUES (?, ?, ?, ?) RETURNING id, name, email, is_admin AS isAdmin",
    isAdmin ? "Store Admin" : "Lakshmi Devi",
    email,
    Date.now(),
    isAdmin ? 1 : 0,
  );
}

/** A paid shop order (advance captured through the sandbox, stock held), as the checkout leaves it. */
async function paidOrder(userId: number, kg = 2) {
  const product = await one<{ id: number }>("SELECT id FROM products WHERE slug = 'fresh'");
  const now = Date.now();
  const delivery = await plannedDelivery([product.id], now, 50);
  const order = await createShopOrder(deps, { user: { id: userId }, lines: [{ productId: product.id, quantity: kg }], shipping, delivery, now });
  await payAdvance(deps, order);
  return { id: order.id, number: order.number, productId: product.id };
}

const version = async (number: string) => (await one<{ version: number }>("SELECT version FROM orders WHERE number = ?", number)).version;
const itemId = async (orderId: number) => (await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", orderId)).id;
/** What is left of the fish's catch for the date paidOrder books, and of that date's evening slot. */
const stock = async (id: number) => catchLeftOn(id, (await plannedDelivery([id], Date.now(), 50)).date);
const slotBooked = async () =>
  (
    await one<{ n: number }>(
      "SELECT count(*) AS n FROM orders WHERE delivery_date = ? AND delivery_slot = 'evening' AND stock_held = 1",
      (await plannedDelivery([], Date.now())).date,
    )
  ).n;

let admin: User;
let customer: User;
beforeEach(async () => {
  await env.DB.prepare(
    "INSERT INTO products (slug, name, description, price_paise, image, category, max_qty) VALUES ('fresh', 'Fresh Pulasa Fish', 'x', 2500000, 'fresh-pulasa', 'Fresh Fish', 50) ON CONFLICT(slug) DO NOTHING",
  ).run();
  admin = await newUser(`admin.${crypto.randomUUID()}@example.in`, true);
  customer = await newUser(`customer.${crypto.randomUUID()}@example.in`);
});

describe("status changes", () => {
  it("two admin tabs changing the same order at once: one wins, the other is told to reload", async () => {
    const order = await paidOrder(customer.id);
    const v = await version(order.number);
    const results = await Promise.allSettled([
      changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_confirmed" }),
      changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: "No catch today" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(StaleOrderError);
    expect(refused.reason.message).toBe("This order was updated by someone else. Reload to see the latest.");
    expect((await one("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND kind = 'status'", order.id)).n).toBe(1);
  });

  it("refuses backward moves, no-ops, unknown values and moves past the money, changing nothing", async () => {
    const order = await paidOrder(customer.id);
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_confirmed" });
    const before = await one("SELECT status, version FROM orders WHERE id = ?", order.id);
    for (const [to, message] of [
      ["order_raised", /only move forward/],
      ["order_confirmed", /already Confirmed/],
      ["shipped", /Unknown status/],
      ["order_packed", /weight of every line/],
    ] as const) {
      await expect(changeOrderStatus(deps, admin, { number: order.number, version: before.version, to })).rejects.toThrow(message);
    }
    expect(await one("SELECT status, version FROM orders WHERE id = ?", order.id)).toEqual(before);
  });

  it("weighs, requests the balance, takes the balance once under duplicate webhooks, and delivers", async () => {
    const order = await paidOrder(customer.id, 2);
    const weights = new Map([[await itemId(order.id), 2150]]);
    expect(await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights })).toEqual({
      final: "₹53,750",
      balance: "₹53,250",
    });
    expect(await one("SELECT final_total_paise, payment_state FROM orders WHERE id = ?", order.id)).toEqual({
      final_total_paise: 5_375_000,
      payment_state: "advance_paid",
    });
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_packed" });
    await expect(changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_shipped" })).rejects.toThrow(
      /balance must be paid/,
    );

    await requestBalance(deps, admin, { number: order.number, version: await version(order.number) });
    const link = await one<{ provider_ref: string; amount_paise: number; link_url: string }>(
      "SELECT provider_ref, amount_paise, link_url FROM payments WHERE order_id = ? AND kind = 'balance'",
      order.id,
    );
    expect(link.amount_paise).toBe(5_325_000);
    expect(link.link_url).toContain("/sandbox/link/");
    // A second request (another tab) changes nothing.
    await expect(requestBalance(deps, admin, { number: order.number, version: await version(order.number) })).rejects.toThrow(/once/);

    const paid = await Promise.all(
      [1, 2, 3].map(() => settlePayment(deps, { attemptRef: link.provider_ref, paymentId: "pay_BALANCE000001", amountPaise: 5_325_000, currency: "INR" })),
    );
    expect(paid.filter((p) => p.kind === "paid")).toHaveLength(1);
    expect((await one("SELECT COUNT(*) AS n FROM notifications WHERE order_id = ? AND type = 'balance_paid'", order.id)).n).toBe(1);

    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to });
    expect(await one("SELECT status, payment_state FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_delivered", payment_state: "balance_paid" });
    const types = (await env.DB.prepare("SELECT type FROM notifications WHERE order_id = ? ORDER BY id").bind(order.id).all<{ type: string }>()).results.map(
      (r) => r.type,
    );
    expect(types).toEqual([
      "order_placed",
      "order_weighed",
      "order_status_update",
      "balance_requested",
      "balance_paid",
      "order_status_update",
      "order_status_update",
    ]);
  });

  it("refunds the difference when the fish comes in below the advance", async () => {
    const order = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 10]]) });
    await requestBalance(deps, admin, { number: order.number, version: await version(order.number) });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 25_000, pending: 0 });
  });

  it("collects the balance on delivery: the order may ship, and the cash is recorded once when delivered", async () => {
    const order = await paidOrder(customer.id, 1);
    await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 1000]]) });
    await collectOnDelivery(deps, admin, { number: order.number, version: await version(order.number) });
    for (const to of ["order_shipped", "order_delivered"])
      await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await one("SELECT COUNT(*) AS n, SUM(amount_paise) AS paise FROM ledger WHERE order_id = ? AND kind = 'cash'", order.id)).toEqual({
      n: 1,
      paise: 2_450_000,
    });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 2_450_000, refunded: 0, pending: 0 });
  });

  it("cancelling a paid order refunds the advance in full and gives the catch and the slot back, exactly once", async () => {
    const order = await paidOrder(customer.id, 3);
    const before = await stock(order.productId);
    const bookedBefore = await slotBooked();
    const v = await version(order.number);
    await expect(changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: " " })).rejects.toThrow(/reason/);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_cancelled", reason: "No catch today" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await stock(order.productId)).toBe(before + 3);
    expect(await slotBooked()).toBe(bookedBefore - 1);
    expect(await one("SELECT status, cancel_reason, stock_held FROM orders WHERE id = ?", order.id)).toEqual({
      status: "order_cancelled",
      cancel_reason: "No catch today",
      stock_held: 0,
    });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    const note = await one<{ message: string }>("SELECT message FROM notifications WHERE order_id = ? AND type = 'order_status_update'", order.id);
    expect(note.message).toContain("Reason: No catch today");
    expect(note.message).toContain("Refunded: ₹500");
  });
});

describe("who may do what (authorization matrix)", () => {
  type Who = "signed out" | "customer" | "other customer" | "admin";
  const WHO: Who[] = ["signed out", "customer", "other customer", "admin"];

  async function credentials(who: Who, people: Record<Exclude<Who, "signed out">, User>) {
    if (who === "signed out") return { cookie: "", bearer: "" };
    const token = await createSession(deps, people[who].id);
    return { cookie: (await commitSessionCookie(config, token)).split(";")[0], bearer: await issueApiToken(config, people[who].id, token) };
  }

  /** What each kind of visitor gets: a status, or a redirect's target. */
  it("answers every admin page, action and API the right way for each visitor", async () => {
    const other = await newUser(`other.${crypto.randomUUID()}@example.in`);
    const people = { customer, "other customer": other, admin };
    const order = await paidOrder(customer.id);
    const note = await one<{ id: number }>("INSERT INTO notifications (user_id, type, title, message) VALUES (?, 'note', 't', 'm') RETURNING id", customer.id);
    const pageRun = async (fn: (args: any) => Promise<unknown>, path: string, cookie: string, method = "GET", body?: string) => {
      const request = new Request(`https://store.test${path}`, {
        method,
        headers: { Cookie: cookie, ...(body !== undefined ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
        body,
      });
      try {
        const out = await fn({ request, context: await loadContext(request), params: { number: order.number } });
        if (out instanceof Response) return describeResponse(out);
        // `data(body, { status })` from an action.
        const init = (out as { init?: { status?: number } } | null)?.init;
        return String(init?.status ?? 200);
      } catch (thrown) {
        if (thrown instanceof Response) return describeResponse(thrown);
        throw thrown;
      }
    };
    const apiRun = async (route: typeof ordersApi, path: string, splat: string, bearer: string, method: string, json?: unknown) => {
      const request = new Request(`https://store.test${path}`, {
        method,
        headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(json ? { "Content-Type": "application/json" } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
      return String((await route({ request, context: await loadContext(request), params: { "*": splat } })).status);
    };
    const describeResponse = (res: Response) =>
      res.status >= 300 && res.status < 400 ? `→ ${new URL(res.headers.get("Location")!, "https://store.test").pathname}` : String(res.status);

    const cases: [string, (c: { cookie: string; bearer: string }) => Promise<string>, Record<Who, string>][] = [
      [
        "dashboard page",
        (c) => pageRun(dashboardLoader, "/admin-dashboard", c.cookie),
        { "signed out": "→ /login", customer: "→ /", "other customer": "→ /", admin: "200" },
      ],
      [
        "refresh action",
        (c) => pageRun(dashboardAction, "/admin-dashboard", c.cookie, "POST", ""),
        { "signed out": "→ /login", customer: "→ /", "other customer": "→ /", admin: "→ /admin-dashboard" },
      ],
      [
        "order page",
        (c) => pageRun(detailLoader, `/admin-dashboard/orders/${order.number}`, c.cookie),
        { "signed out": "→ /login", customer: "→ /", "other customer": "→ /", admin: "200" },
      ],
      [
        "status action",
        (c) => pageRun(detailAction, `/admin-dashboard/orders/${order.number}`, c.cookie, "POST", "intent=status&status=order_raised&version=999"),
        { "signed out": "→ /login", customer: "→ /", "other customer": "→ /", admin: "409" },
      ],
      [
        "GET /api/orders",
        (c) => apiRun(ordersApi, "/api/orders", "", c.bearer, "GET"),
        { "signed out": "401", customer: "403", "other customer": "403", admin: "200" },
      ],
      [
        "PUT /api/orders/{id}/status",
        (c) => apiRun(ordersApi, `/api/orders/${order.id}/status`, `${order.id}/status`, c.bearer, "PUT", { status: "order_raised" }),
        { "signed out": "401", customer: "403", "other customer": "403", admin: "409" },
      ],
      [
        "GET /api/orders/{id}",
        (c) => apiRun(ordersApi, `/api/orders/${order.id}`, String(order.id), c.bearer, "GET"),
        { "signed out": "401", customer: "200", "other customer": "404", admin: "200" },
      ],
      [
        "POST /api/notifications",
        (c) =>
          apiRun(notificationsApi, "/api/notifications", "", c.bearer, "POST", { userId: customer.id, title: "Your fish", message: "Caught this morning." }),
        { "signed out": "401", customer: "403", "other customer": "403", admin: "201" },
      ],
      [
        "PUT /api/notifications/{id}/read",
        (c) => apiRun(notificationsApi, "", `${note.id}/read`, c.bearer, "PUT"),
        { "signed out": "401", customer: "200", "other customer": "404", admin: "404" },
      ],
      [
        "notifications page",
        (c) => pageRun(notificationsLoader, "/notifications", c.cookie),
        { "signed out": "→ /login", customer: "200", "other customer": "200", admin: "200" },
      ],
    ];
    const table: Record<string, Record<Who, string>> = {};
    const expected: Record<string, Record<Who, string>> = {};
    for (const [name, run, want] of cases) {
      table[name] = {} as Record<Who, string>;
      for (const who of WHO) table[name][who] = await run(await credentials(who, people));
      expected[name] = want;
    }
    expect(table).toEqual(expected);
    // Nothing above changed the order (the admin's attempts were stale or no-ops).
    expect(await one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });
  });

  it("lets the admin read any customer's order through GET /api/orders/{id}, and only the admin", async () => {
    const order = await paidOrder(customer.id);
    const get = async (who: User, id: number) => {
      const token = await createSession(deps, who.id);
      const request = new Request(`https://store.test/api/orders/${id}`, {
        headers: { Authorization: `Bearer ${await issueApiToken(config, who.id, token)}` },
      });
      const res = await ordersApi({ request, context: await loadContext(request), params: { "*": String(id) } });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const asAdmin = await get(admin, order.id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toMatchObject({
      success: true,
      order: { id: order.id, order_number: order.number, user_id: customer.id, status: "order_raised", advance_paid: 500 },
    });
    expect(await get(admin, 999_999)).toEqual({ status: 404, body: { success: false, error: "Order not found" } });
    const stranger = await newUser(`stranger.${crypto.randomUUID()}@example.in`);
    expect(await get(stranger, order.id)).toEqual({ status: 404, body: { success: false, error: "Order not found" } });
  });
});
