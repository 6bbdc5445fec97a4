import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { requestBalance } from "~/admin/balance.server";
import { ledgerSums, payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";

const w = setUpMoneyWorld();
const { deps, one, version } = w;

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
