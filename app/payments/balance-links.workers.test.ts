import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BALANCE_LINK_MS, requestBalance } from "~/orders/balance.server";
import { adminMessages } from "~/i18n/admin.messages";
import { getUserOrder } from "~/orders/lookup.server";
import { toOrderCard } from "~/orders/views.server";
import { action as orderAction, loader as orderLoader } from "~/routes/admin-dashboard.orders.$number";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";
import { ledgerSums, payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";
import { sandboxPayLink } from "./sandbox.server";

const w = setUpMoneyWorld();
const { deps, one, all, version } = w;

const linkOf = (orderId: number) => one<{ provider_ref: string }>("SELECT provider_ref FROM payments WHERE order_id = ? AND kind = 'balance'", orderId);

describe("a balance link's payment whose return and webhooks were lost", () => {
  it("is listed in the gateway's statement under an order the gateway made for the link, as Razorpay lists it", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    expect((await payBalanceLink(deps, order.id))?.ok).toBe(true);
    const link = await linkOf(order.id);
    const listed = (await deps.gateway!.listPayments(0)).filter((p) => p.amount === 2_950_000);
    expect(listed).toHaveLength(1);
    expect(listed[0].orderId).not.toBe(link.provider_ref);
    expect(listed[0].orderId).toMatch(/^order_/);
  });

  it("is found by the scheduled job asking about the link, and the balance recorded once", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('webhooks', 'drop'), ('callbacks', 'drop')").run();
    // The browser never comes back with the signed return: the sandbox sends it to My Orders.
    expect(await payBalanceLink(deps, order.id)).toEqual({ ok: true, query: null });
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_requested" });
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 1000);
    await reconcilePayments(deps, Date.now() + RECONCILE_AFTER_MS + 2000);
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await one("SELECT status FROM payments WHERE provider_ref = ?", (await linkOf(order.id)).provider_ref)).toEqual({ status: "paid" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000 + 2_950_000, cash: 0, refunded: 0, pending: 0 });
  });
});

describe("a balance link that ran out unpaid", () => {
  it("is replaced by one new link, whoever presses, and only the new one takes the balance", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    const t0 = Date.now();
    const request = (at: number, v: number) => requestBalance(deps, w.admin, { number: order.number, version: v }, at);
    await request(t0, await version(order.id));
    // While the link can be paid, no second one.
    await expect(request(t0 + 60_000, await version(order.id))).rejects.toThrow(adminMessages.errors.balanceState);
    const first = await linkOf(order.id);
    await env.DB.prepare("UPDATE sandbox_records SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, first.provider_ref)
      .run();
    const later = t0 + BALANCE_LINK_MS + 60_000;
    const card = async () => toOrderCard(await getUserOrder(deps, order.userId, { number: order.number }, later), "en", later).balance;
    // Run out: the customer is offered nothing to pay until a new link is sent.
    expect(await card()).toBeNull();

    const v = await version(order.id);
    const outcomes = await Promise.allSettled([request(later, v), request(later, v)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const links = await all<{ provider_ref: string; amount_paise: number; link_url: string }>(
      "SELECT provider_ref, amount_paise, link_url FROM payments WHERE order_id = ? AND kind = 'balance' ORDER BY id",
      order.id,
    );
    expect(links.map((l) => l.amount_paise)).toEqual([2_950_000, 2_950_000]);
    expect(await card()).toEqual({ kind: "link", amountPaise: 2_950_000, url: links[1].link_url });

    expect(await sandboxPayLink(deps, links[0].provider_ref)).toEqual({ ok: false, status: "expired" });
    expect((await sandboxPayLink(deps, links[1].provider_ref))?.ok).toBe(true);
    expect(await one("SELECT payment_state FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "balance_paid" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000 + 2_950_000, cash: 0, refunded: 0, pending: 0 });
  });

  it("the admin's order page offers 'Request balance' again once the link has run out, and sends a new link", async () => {
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.id) });
    const path = `/admin-dashboard/orders/${order.number}`;
    // Only a verified account signs in.
    await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), w.admin.id).run();
    const options = { cookie: await sessionCookie(w.admin.id), params: { number: order.number } };
    const page = async () => (await callRoute(orderLoader, path, options)).body as { requestable: boolean; order: { version: number } };
    expect((await page()).requestable).toBe(false);
    await env.DB.prepare("UPDATE payments SET expires_at = ? WHERE order_id = ? AND kind = 'balance'")
      .bind(Date.now() - 1, order.id)
      .run();
    const shown = await page();
    expect(shown.requestable).toBe(true);
    const sent = await callRoute(orderAction, path, { ...options, form: { intent: "balance", version: String(shown.order.version) } });
    expect((await flashOf(sent))?.text).toBe("Balance of ₹29,500 requested. The customer has been sent a payment link.");
    expect((await page()).requestable).toBe(false);
  });
});
