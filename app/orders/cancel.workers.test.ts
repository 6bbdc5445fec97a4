import { describe, expect, it } from "vitest";
import { collectOnDelivery } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { ledgerSums } from "../../tests/setup/money";
import { all, one } from "../../tests/setup/sql";
import { te } from "~/i18n/te/messages";
import { action as cancelAction } from "~/routes/orders.$number._index";
import { asUser } from "../../tests/setup/as-user";
import { cancelOwnOrder } from "./cancel.server";

const w = setUpAdminWorld();
const { deps, paidOrder, version, stock, newUser } = w;
/** Confirmed, weighed (1 kg), packed and the balance to be collected on delivery: the admin may ship it now. */
async function readyToShip(order: { id: number; number: string }) {
  const { admin } = w;
  const at = async () => ({ number: order.number, version: await version(order.number) });
  await changeOrderStatus(deps, admin, { ...(await at()), to: "order_confirmed" });
  await recordWeights(deps, admin, { ...(await at()), weights: new Map([[await w.itemId(order.id), 1000]]) });
  await changeOrderStatus(deps, admin, { ...(await at()), to: "order_packed" });
  await collectOnDelivery(deps, admin, await at());
}

const statusOf = async (id: number) => (await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", id)).status;

describe("a customer cancels their own order before it is shipped", () => {
  it("refunds everything captured, gives the stock back, and tells the customer and the admins", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 2);
    const before = await stock(order.productId);
    await cancelOwnOrder(deps, customer, { number: order.number, version: await version(order.number), reason: "Ordered twice by mistake" });
    expect(await statusOf(order.id)).toBe("order_cancelled");
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(await stock(order.productId)).toBe(before + 2);
    // Its delivery slot is free again: only orders holding stock count against a slot's capacity.
    expect(await one("SELECT stock_held FROM orders WHERE id = ?", order.id)).toEqual({ stock_held: 0 });
    expect(await all("SELECT title FROM notifications WHERE user_id = ? AND order_id = ?", admin.id, order.id)).toEqual([
      { title: `Order ${order.number} cancelled by the customer` },
    ]);
    expect((await all<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? ORDER BY id", customer.id)).at(-1)!.message).toContain(
      "Ordered twice by mistake",
    );
  });

  it("refuses someone else's order, a stale form, a missing reason and a shipped order, changing nothing", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 1);
    const stranger = await newUser(`stranger.${crypto.randomUUID()}@example.in`);
    const v = await version(order.number);
    await expect(cancelOwnOrder(deps, stranger, { number: order.number, version: v, reason: "Not mine" })).rejects.toThrow("Order not found");
    await expect(cancelOwnOrder(deps, customer, { number: order.number, version: v - 1, reason: "Old tab" })).rejects.toThrow(/updated by someone else/);
    await expect(cancelOwnOrder(deps, customer, { number: order.number, version: v, reason: " " })).rejects.toThrow();
    await readyToShip(order);
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_shipped" });
    await expect(cancelOwnOrder(deps, customer, { number: order.number, version: await version(order.number), reason: "Too late" })).rejects.toThrow(
      "This order can no longer be cancelled: it has been shipped.",
    );
    expect(await statusOf(order.id)).toBe("order_shipped");
    expect((await ledgerSums(order.id)).refunded).toBe(0);
  });

  it("a cancel and a shipment at the same moment: exactly one happens", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 1);
    await readyToShip(order);
    const v = await version(order.number);
    const outcomes = await Promise.allSettled([
      cancelOwnOrder(deps, customer, { number: order.number, version: v, reason: "Changed my mind" }),
      changeOrderStatus(deps, admin, { number: order.number, version: v, to: "order_shipped" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const status = await statusOf(order.id);
    expect((await ledgerSums(order.id)).refunded).toBe(status === "order_cancelled" ? 50_000 : 0);
  });
});

describe("the order page's cancel, on an English page", () => {
  it("asks the shopper for their reason in words meant for them, and cancels nothing", async () => {
    const { customer } = w;
    const order = await paidOrder(customer.id, 1);
    const reply = (await cancelAction(
      (await asUser(customer.id, `/orders/${order.number}`, { version: String(await version(order.number)), reason: "no" }, { number: order.number })) as never,
    )) as { init: { status: number }; data: { error: string } };
    expect(reply).toMatchObject({ init: { status: 400 }, data: { error: "Give the reason for cancelling (3 to 300 characters)." } });
    expect(await statusOf(order.id)).not.toBe("order_cancelled");
  });
});

describe("the order page's cancel, on a Telugu page", () => {
  const press = async (user: Parameters<typeof cancelOwnOrder>[1], number: string, form: Record<string, string>) =>
    (await cancelAction((await asUser(user.id, `/te/orders/${number}`, form, { number })) as never)) as
      Response | { init: { status: number }; data: { error: string } };

  it("refuses a missing reason, a stale form and a shipped order in Telugu; the admins are still told in English", async () => {
    const { customer, admin } = w;
    const order = await paidOrder(customer.id, 1);
    const v = String(await version(order.number));
    expect(await press(customer, order.number, { version: v, reason: " " })).toMatchObject({
      init: { status: 400 },
      data: { error: te.shop.orders.cancelWhyRule },
    });
    expect(await press(customer, order.number, { version: String(Number(v) - 1), reason: "పాత ట్యాబ్" })).toMatchObject({
      init: { status: 409 },
      data: { error: te.shop.orders.cancelStale },
    });
    await readyToShip(order);
    await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_shipped" });
    const late = await press(customer, order.number, { version: String(await version(order.number)), reason: "ఆలస్యమైంది" });
    expect(late).toMatchObject({ data: { error: te.shop.orders.cancelTooLate } });

    const other = await paidOrder(customer.id, 1);
    const done = (await press(customer, other.number, { version: String(await version(other.number)), reason: "రెండుసార్లు ఆర్డర్ చేశాను" })) as Response;
    expect(done.status).toBe(302);
    expect(await all("SELECT title FROM notifications WHERE user_id = ? AND order_id = ?", admin.id, other.id)).toEqual([
      { title: `Order ${other.number} cancelled by the customer` },
    ]);
  });
});
