import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { collectOnDelivery, requestBalance } from "./balance.server";
import { changeOrderStatus, recordWeights } from "./changes.server";
import { answerPrice, declineUnanswered } from "./price-answer.server";
import { action as orderAction, loader as orderLoader } from "~/routes/orders.$number._index";
import { action as adminAction } from "~/routes/admin-dashboard.orders.$number";
import { en } from "~/i18n/messages";
import { te } from "~/i18n/te/messages";
import { runScheduledJobs } from "../../workers/scheduled";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { ledgerSums, payBalanceLink } from "../../tests/setup/money";
import { callRoute, sessionCookie } from "../../tests/setup/routes";
import { all, one } from "../../tests/setup/sql";

const w = setUpAdminWorld();
const { deps, paidOrder, version, itemId, stock } = w;
const HOUR = 60 * 60_000;
const m = en.shop.ceiling;

type Row = { status: string; payment_state: string; price_answer: string | null; answer_due_at: number | null; final_total_paise: number | null };
const row = (id: number) => one<Row>("SELECT status, payment_state, price_answer, answer_due_at, final_total_paise FROM orders WHERE id = ?", id);

/**
 * A paid 2 kg order (₹25,000 a kg: estimated ₹50,000, the usual ceiling ₹60,000), confirmed and weighed at
 * `grams` (2,600 g: ₹65,000, above the ceiling).
 */
async function weighed(grams = 2600, now = Date.now()) {
  const { admin, customer } = w;
  const order = await paidOrder(customer.id, 2);
  await changeOrderStatus(deps, admin, { number: order.number, version: await version(order.number), to: "order_confirmed" });
  await recordWeights(deps, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), grams]]) }, now);
  return order;
}

const answer = async (order: { number: string }, a: "accept" | "decline", user = w.customer, now?: number) =>
  answerPrice(deps, user, { number: order.number, version: await version(order.number), answer: a }, now);

describe("the ceiling at weighing", () => {
  it("within the ceiling the order goes on as today: no answer asked, the balance may be requested", async () => {
    const order = await weighed(2400); // ₹60,000: exactly the ceiling
    expect(await row(order.id)).toMatchObject({ price_answer: null, answer_due_at: null, final_total_paise: 6_000_000 });
    await requestBalance(deps, w.admin, { number: order.number, version: await version(order.number) });
    expect((await row(order.id)).payment_state).toBe("balance_requested");
  });

  it("above it the customer's answer is awaited for the configured hours, and the weighed notice asks for it with the link", async () => {
    const now = Date.now();
    const order = await weighed(2600, now);
    expect(await row(order.id)).toMatchObject({ price_answer: "awaiting", answer_due_at: now + 12 * HOUR, final_total_paise: 6_500_000 });
    const notice = await one<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? AND type = 'order_weighed'", w.customer.id);
    expect(notice.message).toContain("This is above your limit of ₹60,000, so nothing is packed until you answer");
    expect(notice.message).toContain(`Answer here: https://store.test/orders/${order.number}`);
  });

  it("the configured time is read from PRICE_ANSWER_HOURS", async () => {
    const { admin, customer } = w;
    const order = await paidOrder(customer.id, 2);
    const now = Date.now();
    const { testDeps } = await import("../../tests/setup/deps");
    const six = testDeps({ PRICE_ANSWER_HOURS: "6" });
    await recordWeights(six, admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), 2600]]) }, now);
    expect((await row(order.id)).answer_due_at).toBe(now + 6 * HOUR);
  });

  it("while awaited the admin can neither pack, request the balance nor switch it to cash on delivery", async () => {
    const order = await weighed();
    const at = async () => ({ number: order.number, version: await version(order.number) });
    await expect(changeOrderStatus(deps, w.admin, { ...(await at()), to: "order_packed" })).rejects.toThrow(
      "The final price is above the customer's limit: wait for their answer (accept or decline) first.",
    );
    await expect(requestBalance(deps, w.admin, await at())).rejects.toThrow(/wait for their answer/);
    await expect(collectOnDelivery(deps, w.admin, await at())).rejects.toThrow(/wait for their answer/);
    // The page's own buttons: the same refusals through the admin's form, never a 5xx.
    const cookie = await sessionCookie(w.admin.id);
    const forms: Record<string, string>[] = [{ intent: "status", status: "order_packed" }, { intent: "balance" }, { intent: "cod" }];
    for (const form of forms) {
      const res = await callRoute(adminAction, `/admin-dashboard/orders/${order.number}`, {
        cookie,
        form: { ...form, version: String(await version(order.number)) },
        params: { number: order.number },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: expect.stringMatching(/wait for their answer/) });
    }
    expect(await row(order.id)).toMatchObject({ status: "order_confirmed", payment_state: "advance_paid", price_answer: "awaiting" });
    expect(await all("SELECT id FROM payments WHERE order_id = ? AND kind = 'balance'", order.id)).toEqual([]);
  });

  it("a weighing again at no more than a price already accepted keeps the yes; a higher one asks again", async () => {
    const order = await weighed(2600);
    await env.DB.prepare("UPDATE orders SET price_answer = 'accepted', answer_due_at = NULL WHERE id = ?").bind(order.id).run();
    const again = async (grams: number) =>
      recordWeights(deps, w.admin, { number: order.number, version: await version(order.number), weights: new Map([[await itemId(order.id), grams]]) });
    await again(2500);
    expect((await row(order.id)).price_answer).toBe("accepted");
    await again(2700);
    expect((await row(order.id)).price_answer).toBe("awaiting");
    await again(2000);
    expect((await row(order.id)).price_answer).toBeNull();
  });
});

describe("the customer's answer", () => {
  it("Accept: the yes is recorded and the balance link is sent at once; the admin may pack", async () => {
    const order = await weighed();
    const before = await one<{ n: number }>("SELECT count(*) AS n FROM order_events WHERE order_id = ?", order.id);
    expect((await answer(order, "accept")).message).toBe(`Thank you: you accepted the final price for order ${order.number}.`);
    expect(await row(order.id)).toMatchObject({ status: "order_confirmed", payment_state: "balance_requested", price_answer: "accepted", answer_due_at: null });
    expect(await all("SELECT amount_paise, status FROM payments WHERE order_id = ? AND kind = 'balance'", order.id)).toEqual([
      { amount_paise: 6_450_000, status: "created" },
    ]);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM order_events WHERE order_id = ?", order.id)).n).toBeGreaterThan(before.n);
    await changeOrderStatus(deps, w.admin, { number: order.number, version: await version(order.number), to: "order_packed" });
    expect((await row(order.id)).status).toBe("order_packed");
    expect(await all("SELECT title FROM notifications WHERE user_id = ? AND order_id = ?", w.admin.id, order.id)).toEqual([
      { title: `Order ${order.number}: the customer accepted the final price` },
    ]);
  });

  it("Decline: the order is cancelled through the cancel path, everything paid refunded, the stock back to the day's catch", async () => {
    const order = await weighed();
    const held = await stock(order.productId);
    expect((await answer(order, "decline")).message).toBe(`Order ${order.number} is cancelled. Everything you paid is refunded.`);
    expect(await row(order.id)).toMatchObject({ status: "order_cancelled", price_answer: "declined" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
    expect(await stock(order.productId)).toBe(held + 2);
    expect(await one("SELECT cancel_reason FROM orders WHERE id = ?", order.id)).toEqual({ cancel_reason: m.declineReason });
  });

  it("no answer in time counts as a decline, run by the scheduled job; before its time nothing happens", async () => {
    const now = Date.now();
    const order = await weighed(2600, now);
    await declineUnanswered(deps, now + 12 * HOUR - 1);
    expect(await row(order.id)).toMatchObject({ status: "order_confirmed", price_answer: "awaiting" });
    await runScheduledJobs(env, now + 12 * HOUR);
    expect(await row(order.id)).toMatchObject({ status: "order_cancelled", price_answer: "timed_out" });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
  });

  it("refuses anyone but the customer (not found), a second answer, an answer after the order moved on, a stale or late form", async () => {
    const order = await weighed();
    const stranger = await w.newUser(`stranger.${crypto.randomUUID()}@example.in`);
    await expect(answer(order, "decline", stranger)).rejects.toThrow("Order not found");
    await expect(answer(order, "accept", w.admin)).rejects.toThrow("Order not found");
    await expect(answerPrice(deps, w.customer, { number: order.number, version: (await version(order.number)) - 1, answer: "accept" })).rejects.toThrow(
      m.errors.stale,
    );
    const due = (await row(order.id)).answer_due_at!;
    await expect(answer(order, "accept", w.customer, due)).rejects.toThrow(m.errors.late);
    expect((await row(order.id)).price_answer).toBe("awaiting");
    await answer(order, "accept");
    await expect(answer(order, "accept")).rejects.toThrow(m.errors.answered);
    await expect(answer(order, "decline")).rejects.toThrow(m.errors.answered);
    expect(await row(order.id)).toMatchObject({ status: "order_confirmed", price_answer: "accepted" });

    const cancelled = await weighed();
    await changeOrderStatus(deps, w.admin, {
      number: cancelled.number,
      version: await version(cancelled.number),
      to: "order_cancelled",
      reason: "No boat today",
    });
    await expect(answer(cancelled, "accept")).rejects.toThrow(m.errors.moved);
    const within = await weighed(2000);
    await expect(answer(within, "decline")).rejects.toThrow(m.errors.moved);
    expect((await row(within.id)).status).toBe("order_confirmed");
  });
});

describe("the order page's Accept / Decline forms", () => {
  const post = async (userId: number, number: string, form: Record<string, string>, prefix = "") =>
    callRoute(orderAction, `${prefix}/orders/${number}`, { cookie: await sessionCookie(userId), form, params: { number } });

  it("shows the limit and the two answers while awaited, then what was answered", async () => {
    const order = await weighed();
    const page = async () =>
      (await callRoute(orderLoader, `/orders/${order.number}`, { cookie: await sessionCookie(w.customer.id), params: { number: order.number } })).body as {
        ceiling: { limit: unknown; ask: { version: number } | null; answer: string | null };
        order: { answerAwaited: boolean };
      };
    expect(await page()).toMatchObject({
      ceiling: { limit: { paise: 6_000_000, percent: 20 }, ask: { version: await version(order.number) }, answer: "awaiting" },
      // The order card's next step is the answer, not the balance.
      order: { answerAwaited: true },
    });
    const res = await post(w.customer.id, order.number, { answer: "accept", version: String(await version(order.number)) });
    expect(res).toMatchObject({ status: 302, location: `/orders/${order.number}` });
    expect(await page()).toMatchObject({ ceiling: { ask: null, answer: "accepted" }, order: { answerAwaited: false } });
  });

  it("a forged, replayed or foreign post is a clear refusal in the page's language that changes nothing, never a 5xx", async () => {
    const order = await weighed();
    const v = String(await version(order.number));
    const stranger = await w.newUser(`stranger.${crypto.randomUUID()}@example.in`);
    expect((await post(stranger.id, order.number, { answer: "decline", version: v })).status).toBe(404);
    expect(await post(w.customer.id, order.number, { answer: "cancel-everything", version: v }, "/te")).toMatchObject({
      status: 400,
      body: { answerError: te.shop.ceiling.errors.bad },
    });
    expect(await post(w.customer.id, order.number, { answer: "accept", version: "x" })).toMatchObject({ status: 400, body: { answerError: m.errors.bad } });
    expect(await post(w.customer.id, order.number, { answer: "accept", version: String(Number(v) - 1) }, "/te")).toMatchObject({
      status: 409,
      body: { answerError: te.shop.ceiling.errors.stale },
    });
    expect((await row(order.id)).price_answer).toBe("awaiting");
    expect((await post(w.customer.id, order.number, { answer: "decline", version: v }, "/te")).status).toBe(302);
    // The same form sent again (a double press, the back button): refused, nothing refunded twice.
    expect(await post(w.customer.id, order.number, { answer: "decline", version: v }, "/te")).toMatchObject({
      status: 409,
      body: { answerError: te.shop.ceiling.errors.answered },
    });
    expect(await ledgerSums(order.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
  });
});

describe("races: exactly one outcome, and the money rules hold", () => {
  /** A cancelled order keeps nothing; refunds never exceed captures (and cash). */
  async function moneyHolds(orderId: number) {
    const sums = await ledgerSums(orderId);
    expect(sums.refunded).toBeLessThanOrEqual(sums.captured + sums.cash);
    if ((await row(orderId)).status === "order_cancelled") expect(sums.refunded).toBe(sums.captured + sums.cash);
  }

  it("accept, decline, the timeout and an admin's cancel at once", async () => {
    for (let round = 0; round < 3; round++) {
      const now = Date.now();
      const order = await weighed(2600, now - 12 * HOUR);
      const v = await version(order.number);
      // The timeout's time has come, but an answer sent with the page's version is in the same moment.
      const results = await Promise.allSettled([
        answerPrice(deps, w.customer, { number: order.number, version: v, answer: "accept" }, now - 1),
        answerPrice(deps, w.customer, { number: order.number, version: v, answer: "decline" }, now - 1),
        declineUnanswered(deps, now),
        changeOrderStatus(deps, w.admin, { number: order.number, version: v, to: "order_cancelled", reason: "Storm on the river" }, now),
      ]);
      const after = await row(order.id);
      // The job's run is fulfilled either way; it won if the order was declined for want of an answer.
      const won = [0, 1, 3].filter((i) => results[i].status === "fulfilled").length + (after.price_answer === "timed_out" ? 1 : 0);
      expect(won).toBe(1);
      const statusEvents = await one<{ n: number }>(
        "SELECT count(*) AS n FROM order_events WHERE order_id = ? AND to_value IN ('order_cancelled', 'accepted')",
        order.id,
      );
      expect(statusEvents.n).toBe(1);
      expect(after.status === "order_cancelled").toBe(after.price_answer !== "accepted");
      await moneyHolds(order.id);
      for (const r of results) if (r.status === "rejected") expect(r.reason.status).toBe(409);
    }
  });

  it("an accept racing a second accept and a decline from another tab: one yes, one link", async () => {
    const order = await weighed();
    const v = await version(order.number);
    const results = await Promise.allSettled([
      answerPrice(deps, w.customer, { number: order.number, version: v, answer: "accept" }),
      answerPrice(deps, w.customer, { number: order.number, version: v, answer: "accept" }),
      answerPrice(deps, w.customer, { number: order.number, version: v, answer: "decline" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const links = await all("SELECT id FROM payments WHERE order_id = ? AND kind = 'balance'", order.id);
    expect(links.length).toBe((await row(order.id)).price_answer === "accepted" ? 1 : 0);
    await moneyHolds(order.id);
  });

  it("after a yes, the balance paid while the admin cancels and an old decline form is replayed: one outcome, nothing kept by a cancelled order", async () => {
    const order = await weighed();
    const v = await version(order.number);
    await answer(order, "accept");
    const at = await version(order.number);
    await Promise.allSettled([
      payBalanceLink(deps, order.id),
      changeOrderStatus(deps, w.admin, { number: order.number, version: at, to: "order_cancelled", reason: "Fish spoiled" }),
      answerPrice(deps, w.customer, { number: order.number, version: v, answer: "decline" }),
    ]);
    // The job reconciles whatever the gateway took after the cancel (a payment on a closed link is refunded).
    await runScheduledJobs(env, Date.now() + 60_000);
    const after = await row(order.id);
    expect(after.price_answer).toBe("accepted");
    await moneyHolds(order.id);
    if (after.status !== "order_cancelled") expect(after.payment_state).toBe("balance_paid");
  });
});
