import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { getAdminOrder, listAdminOrders } from "~/admin/order-list.server";
import { changeOrderStatus } from "~/orders/changes.server";
import { loader as orderPage } from "~/routes/orders.$number._index";
import { loader as ordersPage } from "~/routes/orders._index";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { asUser } from "../../tests/setup/as-user";
import { all } from "../../tests/setup/sql";
import { cancelOwnOrder } from "./cancel.server";

/**
 * What a cancelled order says, to the customer (its notice and e-mail, its page) and to the admin (its payment
 * and money summary): who cancelled it decides whether the customer is asked to contact support, a recorded
 * refund replaces "if you paid the advance", and the reason and the refund are separate sentences.
 */
const w = setUpAdminWorld();
const { deps, paidOrder, version } = w;

afterEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_settings").run();
});

const lastNotice = async (userId: number) =>
  (await all<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? ORDER BY id", userId)).at(-1)!.message;

/** The order as the customer's order page and My Orders load it. */
async function customerCards(userId: number, number: string, lang: "en" | "te" = "en") {
  const prefix = lang === "te" ? "/te" : "";
  const page = await orderPage(await asUser(userId, `${prefix}/orders/${number}`, undefined, { number }));
  const list = await ordersPage(await asUser(userId, `${prefix}/orders`));
  return { page: page.order, listed: list.orders.find((o) => o.number === number)! };
}

describe("a cancelled order's words", () => {
  it("cancelled by the customer: no 'contact support', the reason and the refund as sentences; the page knows who cancelled", async () => {
    const { customer } = w;
    const order = await paidOrder(customer.id, 1);
    await cancelOwnOrder(deps, customer, { number: order.number, version: await version(order.number), reason: "Plans changed, sorry" });
    const message = await lastNotice(customer.id);
    expect(message).toMatch(
      new RegExp(`^Your order has been cancelled, as you asked\\. Reason: Plans changed, sorry\\. Refunded: ₹500 for order ${order.number}\\. `),
    );
    expect(message).not.toContain("contact support");
    const mail = await env.DB.prepare('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').bind(customer.email).first<{ body: string }>();
    expect(mail!.body).toContain("Reason: Plans changed, sorry. Refunded: ₹500");
    const { page, listed } = await customerCards(customer.id, order.number);
    expect(page).toMatchObject({ status: "order_cancelled", cancelledByCustomer: true, refunded: { amountPaise: 50_000 }, duePaise: 0, balance: null });
    expect(listed.cancelledByCustomer).toBe(true);
    // The admin reads what it refunded, not the state it was in.
    const admin = await getAdminOrder(deps, order.number);
    expect(admin.payment).toBe("Refunded ₹500");
    expect(admin.moneyRows.map((r) => [r.label, r.value])).toEqual([
      ["Estimated total", "₹25,000"],
      ["Final price", "Not weighed yet"],
      ["Paid", "₹500"],
      ["Advance reference", expect.stringMatching(/^pay_/)],
      ["Refunded (cancellation)", "₹500"],
    ]);
    expect((await listAdminOrders(deps, { status: "order_cancelled", q: order.number, page: 1 })).orders.map((o) => o.payment)).toEqual(["Refunded ₹500"]);
  });

  it("cancelled by the store: the spec's 'contact support', one full stop after a reason that has one", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 1);
    await changeOrderStatus(deps, admin, {
      number: order.number,
      version: await version(order.number),
      to: "order_cancelled",
      reason: "The catch was too small.",
    });
    expect(await lastNotice(customer.id)).toMatch(
      /^Your order has been cancelled\. Please contact support if this is unexpected\. Reason: The catch was too small\. Refunded: ₹500 for order /,
    );
    const { page } = await customerCards(customer.id, order.number);
    expect(page.cancelledByCustomer).toBe(false);
  });

  it("in Telugu for a Telugu customer, with the same sentences", async () => {
    const { customer } = w;
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(customer.id).run();
    const order = await paidOrder(customer.id, 1);
    await cancelOwnOrder(deps, customer, { number: order.number, version: await version(order.number), reason: "ప్రయాణం వాయిదా పడింది" });
    const message = await lastNotice(customer.id);
    expect(message).toMatch(new RegExp(`^మీరు కోరినట్లు మీ ఆర్డర్ రద్దయింది\\. కారణం: ప్రయాణం వాయిదా పడింది\\. రీఫండ్ చేశాం: ఆర్డర్ ${order.number} కోసం ₹500\\. `));
    expect(message).not.toContain("సపోర్ట్");
    const { page } = await customerCards(customer.id, order.number, "te");
    expect(page.cancelledByCustomer).toBe(true);
  });

  it("a refund the gateway has not made yet reads as pending to the admin", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 1);
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail')").run();
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_cancelled", reason: "Storm on the river" });
    const seen = await getAdminOrder(deps, order.number);
    expect(seen.payment).toBe("Refund pending ₹500");
    expect(seen.moneyRows.at(-1)).toEqual({ label: "Refund pending (cancellation)", value: "₹500" });
    expect((await customerCards(customer.id, order.number)).page).toMatchObject({ refunded: null, refundPendingPaise: 50_000 });
  });
});
