import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledJobs } from "../../workers/scheduled";
import { ledgerSums } from "../../tests/setup/money";
import { setUpSeasonWorld } from "../../tests/setup/season";
import { all, one } from "../../tests/setup/sql";
import type { Order, User } from "~/db/schema";
import { formatDeliveryDate } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { seasonMessages } from "~/i18n/season.messages";
import { seasonMessages as teSeasonMessages } from "~/i18n/te/season.messages";
import { ConflictError } from "~/lib/errors";
import { cancelOwnOrder } from "~/orders/cancel.server";
import { startAdvancePayment } from "~/payments/advance.server";
import { sandboxDecide } from "~/payments/sandbox.server";
import { settlePayment } from "~/payments/settle.server";
import { createPrebooking, expirePrebookings } from "./prebook.server";
import { fillQueue, queuePlace } from "./queue.server";

const s = setUpSeasonWorld();
const { w } = s;
const HOUR = 60 * 60_000;

const shopper = (id: number) => one<User>("SELECT id, name, email, is_admin AS isAdmin FROM users WHERE id = ?", id);
const place = async (order: Order) => queuePlace(w.deps, { id: order.id, status: (await s.row(order.id)).status, source: "season" }, w.fishId);
/** The shopper's own cancel, on the order's version as their page shows it. */
const cancelOwn = async (order: Order, version?: number) =>
  cancelOwnOrder(w.deps, await shopper(order.userId), { number: order.number, version: version ?? (await w.version(order.id)), reason: "Plans changed" });
/** An unpaid pre-booking with its advance attempt open and paid at the sandbox, its report not yet in: settles it when called. */
async function paidAtGateway(order: Order) {
  const started = await startAdvancePayment(w.deps, order);
  await sandboxDecide(w.deps, started.gatewayOrderId, "pay");
  const payment = await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ?", started.gatewayOrderId);
  return () => settlePayment(w.deps, { attemptRef: started.gatewayOrderId, paymentId: payment.id });
}
/** Refunds in full, nothing pending, for an order that ends without fish. */
const refundedInFull = async (orderId: number) => expect(await ledgerSums(orderId)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });

describe("a pre-booking's last date", () => {
  it("passed (its slots all past their cut-off): cancelled with a full refund, the reason in the shopper's language; a later one is untouched", async () => {
    const en = await s.prebooked(2, { latestDate: w.day(1) });
    const te = await s.prebooked(1, { latestDate: w.day(1), lang: "te" });
    const later = await s.prebooked(1, { latestDate: w.day(2) });
    // Tomorrow's evening slot (15:00 IST) takes orders until 13:00 IST: 33 hours after the world's 04:00.
    expect(await expirePrebookings(w.deps, w.now + 33 * HOUR - 1)).toBe(0);
    expect(await s.queue()).toEqual([en.id, te.id, later.id]);
    expect(await expirePrebookings(w.deps, w.now + 33 * HOUR)).toBe(2);
    expect(await s.row(en.id)).toMatchObject({
      status: "order_cancelled",
      stock_held: 0,
      cancel_reason: format(seasonMessages.expiredReason, { date: formatDeliveryDate(w.day(1), "en") }),
    });
    const teReason = format(teSeasonMessages.expiredReason, { date: formatDeliveryDate(w.day(1), "te") });
    expect((await s.row(te.id)).cancel_reason).toBe(teReason);
    expect((await s.notices(te.userId)).at(-1)?.message).toContain(teReason);
    for (const order of [en, te]) await refundedInFull(order.id);
    expect(await s.row(later.id)).toMatchObject({ status: "prebooked", cancel_reason: null });
    expect(await ledgerSums(later.id)).toMatchObject({ captured: 50_000, refunded: 0 });
    // Run again (the job every five minutes): nothing more.
    expect(await expirePrebookings(w.deps, w.now + 34 * HOUR)).toBe(0);
    await refundedInFull(en.id);
  });
});

describe("the scheduled job", () => {
  it("cancels lapsed pre-bookings with a full refund and fills the queue with the catch that is free", async () => {
    const lapsing = await s.prebooked(1, { latestDate: w.day(1) });
    const waiting = await s.prebooked(2, { latestDate: w.day(5) });
    // Catch for the day after tomorrow, where neither may go yet: then the job runs after tomorrow's cut-off.
    await w.plan(w.fishId, { [w.day(2)]: 2 });
    await runScheduledJobs(env as never, w.now + 33 * HOUR);
    expect((await s.row(lapsing.id)).status).toBe("order_cancelled");
    await refundedInFull(lapsing.id);
    expect(await s.row(waiting.id)).toMatchObject({ status: "order_raised", delivery_date: w.day(2), stock_held: 1 });
  });
});

describe("the shopper's own cancel", () => {
  it("refunds the advance in full and moves everyone behind up the queue", async () => {
    const [a, b, c] = [await s.prebooked(1), await s.prebooked(3), await s.prebooked(2)];
    expect(await place(c)).toMatchObject({ place: 3, through: 6 });
    await cancelOwn(b);
    expect(await s.row(b.id)).toMatchObject({ status: "order_cancelled", cancel_reason: "Plans changed" });
    await refundedInFull(b.id);
    expect(await place(b)).toBeNull();
    expect(await place(a)).toMatchObject({ place: 1, through: 1 });
    expect(await place(c)).toMatchObject({ place: 2, through: 3 });
    // Cancelled, it is not filled.
    await w.plan(w.fishId, { [w.day(1)]: 10 });
    await s.prebooked(1);
    expect((await s.row(b.id)).status).toBe("order_cancelled");
    expect(await s.held(w.day(1))).toBe(4);
  });

  it("racing the fill: each pre-booking is either filled or cancelled and refunded, never both", async () => {
    const queued = [];
    for (let i = 0; i < 6; i++) queued.push(await s.prebooked(1));
    const versions = await Promise.all(queued.map((o) => w.version(o.id)));
    await w.plan(w.fishId, { [w.day(1)]: 6 });
    await Promise.allSettled([fillQueue(w.deps, w.now), ...queued.map((o, i) => cancelOwn(o, versions[i]))]);
    let filled = 0;
    for (const order of queued) {
      const row = await s.row(order.id);
      if (row.status === "order_raised") {
        filled++;
        expect(row.stock_held).toBe(1);
        expect(await ledgerSums(order.id)).toMatchObject({ captured: 50_000, refunded: 0 });
      } else {
        expect(row).toMatchObject({ status: "order_cancelled", stock_held: 0, delivery_date: null });
        await refundedInFull(order.id);
      }
    }
    expect(await s.held(w.day(1))).toBe(filled);
  });
});

describe("closing the season", () => {
  it("cancels the queue with full refunds in the shopper's language, releases unpaid ones, and refunds an advance paid after", async () => {
    const queued = await s.prebooked(2, { lang: "te" });
    const unpaid = await s.book(1);
    const settle = await paidAtGateway(unpaid);
    expect(await s.season(null)).toEqual({ cancelled: 1 });
    expect(await s.row(queued.id)).toMatchObject({ status: "order_cancelled", cancel_reason: teSeasonMessages.closedReason });
    await refundedInFull(queued.id);
    expect((await s.row(unpaid.id)).status).toBe("payment_expired");
    // The advance reported after the close is not owed: refunded in full, once, however often it is reported.
    expect((await settle()).kind).toBe("refunded");
    await settle();
    expect((await s.row(unpaid.id)).status).toBe("payment_expired");
    await refundedInFull(unpaid.id);
    expect(await all("SELECT reason FROM ledger WHERE order_id = ? AND kind = 'refund'", unpaid.id)).toEqual([{ reason: "unowed" }]);
    // And nothing new can be booked.
    const refusal = createPrebooking(w.deps, { id: await w.newUser(), isAdmin: false }, w.fishId, s.value(1, w.day(5)), w.now);
    await expect(refusal).rejects.toBeInstanceOf(ConflictError);
  });

  it("cancels a queue longer than one round of the job (50) in one close", async () => {
    const queued = [];
    for (let i = 0; i < 53; i++) queued.push(await s.prebooked(1));
    expect(await s.season(null)).toEqual({ cancelled: 53 });
    expect(await s.queue()).toEqual([]);
  });

  it("once closed, a fill takes nothing from the queue: it is refunded instead", async () => {
    const queued = await s.prebooked(1);
    await w.plan(w.fishId, { [w.day(1)]: 5 });
    // The close's first write, before it reaches the queue (a fill running then must not fill it).
    await w.deps.db.$client.prepare("UPDATE products SET season_until = NULL WHERE id = ?").bind(w.fishId).run();
    expect(await fillQueue(w.deps, w.now)).toEqual([]);
    expect(await expirePrebookings(w.deps, w.now)).toBe(1);
    await refundedInFull(queued.id);
  });

  it("racing the fill and late advances: each pre-booking ends filled before the close or refunded in full, one way", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 20 });
    const queued = [];
    for (let i = 0; i < 4; i++) queued.push(await s.book(1));
    const settles = await Promise.all(queued.map(paidAtGateway));
    await Promise.allSettled([s.season(null), fillQueue(w.deps, w.now), ...settles.map((settle) => settle())]);
    for (const order of queued) {
      const row = await s.row(order.id);
      // The close's first write (the season ended) goes before anything the others do: a late advance makes the
      // pre-booking prebooked, then the close cancels it, or it finds it released and is refunded as not owed.
      expect(["order_cancelled", "payment_expired"]).toContain(row.status);
      expect(row.stock_held).toBe(0);
      await refundedInFull(order.id);
    }
    expect(await s.held(w.day(1))).toBe(0);
  });
});
