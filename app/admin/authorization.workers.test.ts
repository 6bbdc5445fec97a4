import { describe, expect, it } from "vitest";
import { createSession, issueApiToken } from "~/auth/session.server";
import type { User } from "~/db/schema";
import { action as detailAction, loader as detailLoader } from "~/routes/admin-dashboard.orders.$number";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin-dashboard";
import { loader as notificationsLoader } from "~/routes/notifications";
import { loader as notificationsApi } from "~/routes/api.notifications.$";
import { loader as ordersApi } from "~/routes/api.orders.$";
import { commitSessionCookie } from "~/web/credentials.server";
import { loadContext } from "../../tests/setup/load-context";
import { one } from "../../tests/setup/sql";

import { setUpAdminWorld } from "../../tests/setup/admin";

const w = setUpAdminWorld();
const { deps, newUser, paidOrder } = w;
const config = deps.config;

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
    const { admin, customer } = w;
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
    const { admin, customer } = w;
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
