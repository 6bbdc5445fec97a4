import { describe, expect, it } from "vitest";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { ledgerSums } from "../../tests/setup/money";
import { setUpSeasonWorld } from "../../tests/setup/season";
import { all, one } from "../../tests/setup/sql";
import { startAdvancePayment } from "~/payments/advance.server";
import { sandboxDecide } from "~/payments/sandbox.server";
import { settlePayment } from "~/payments/settle.server";
import { recordWeights } from "~/orders/changes.server";
import { createPrebooking } from "./prebook.server";

const s = setUpSeasonWorld();
const { w } = s;

/** Everything a refused pre-booking must leave as it was. */
const written = async () =>
  one<{ orders: number; lines: number; events: number; payments: number }>(
    `SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM order_items) AS lines,
       (SELECT count(*) FROM order_events) AS events, (SELECT count(*) FROM payments) AS payments`,
  );

describe("a pre-booking and its advance", () => {
  it("is made unpaid for the product and quantity, with a last date and no delivery date, slot or stock", async () => {
    const order = await s.book(3, w.day(12));
    expect(order).toMatchObject({ status: "payment_pending", source: "season", latestDate: w.day(12), advancePaise: 50_000, stockHeld: false });
    expect(order.deliveryDate).toBeNull();
    expect(await all("SELECT product_id, quantity FROM order_items WHERE order_id = ?", order.id)).toEqual([{ product_id: w.fishId, quantity: 3 }]);
  });

  it("in the queue, it has no fish to weigh: the admin's weighing is refused and changes nothing", async () => {
    const order = await s.prebooked(2);
    const before = await one("SELECT version, final_total_paise, payment_state FROM orders WHERE id = ?", order.id);
    const item = await one<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", order.id);
    await expect(
      recordWeights(w.deps, w.admin, { number: order.number, version: before.version as number, weights: new Map([[item.id, 1800]]) }),
    ).rejects.toThrow("This pre-booking is still in the season's queue: it is weighed once a catch fills it.");
    expect(await one("SELECT version, final_total_paise, payment_state FROM orders WHERE id = ?", order.id)).toEqual(before);
  });

  it("paid, is prebooked (not raised): the ledger has the ₹500 capture and the order still has no date, slot or stock", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 0 });
    const order = await s.book(2);
    const paymentId = await s.pay(order, w.now + 5_000);
    expect(await s.row(order.id)).toEqual({ status: "prebooked", delivery_date: null, delivery_slot: null, stock_held: 0, cancel_reason: null });
    expect(await one("SELECT payment_state, paid_at FROM orders WHERE id = ?", order.id)).toEqual({ payment_state: "advance_paid", paid_at: w.now + 5_000 });
    expect(await all("SELECT kind, reason, ref, amount_paise FROM ledger WHERE order_id = ?", order.id)).toEqual([
      { kind: "capture", reason: "advance", ref: paymentId, amount_paise: 50_000 },
    ]);
    expect(await ledgerSums(order.id)).toMatchObject({ captured: 50_000, refunded: 0 });
    expect(await s.queue()).toEqual([order.id]);
  });

  it("the same payment reported twice at once (the return and the webhook), and again later, is captured once", async () => {
    const order = await s.book(1);
    const started = await startAdvancePayment(w.deps, order);
    await sandboxDecide(w.deps, started.gatewayOrderId, "pay");
    const { id: paymentId } = await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ?", started.gatewayOrderId);
    const report = () => settlePayment(w.deps, { attemptRef: started.gatewayOrderId, paymentId });
    const first = await Promise.all([report(), report()]);
    expect(first.map((o) => o.kind).sort()).toEqual(["already", "paid"]);
    expect((await report()).kind).toBe("already");
    expect(await ledgerSums(order.id)).toMatchObject({ captured: 50_000, refunded: 0 });
    expect((await s.row(order.id)).status).toBe("prebooked");
    expect(await all("SELECT to_value FROM order_events WHERE order_id = ? AND kind = 'payment'", order.id)).toEqual([{ to_value: "prebooked" }]);
  });

  it("a second one while the first is being paid replaces it (its advance link closed with it)", async () => {
    const me = await w.newUser();
    const first = await createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(1, w.day(5)), w.now);
    const second = await createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(2, w.day(6)), w.now);
    expect((await s.row(first.id)).status).toBe("payment_expired");
    expect((await s.row(second.id)).status).toBe("payment_pending");
  });
});

describe("a pre-booking refused: nothing is written", () => {
  const refused = async (attempt: () => Promise<unknown>, kind: new (...args: never[]) => Error, message?: string) => {
    const before = await written();
    const error = await attempt().then(
      () => null,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(kind);
    if (message) expect(error?.message).toBe(message);
    expect(await written()).toEqual(before);
  };
  const asShopper = async (quantity: number, latestDate: string, lang: "en" | "te" = "en", productId = w.fishId) =>
    createPrebooking({ ...w.deps, lang }, { id: await w.newUser(lang), isAdmin: false }, productId, s.value(quantity, latestDate), w.now);

  it("the admin", async () => {
    await refused(
      () => createPrebooking(w.deps, { id: w.admin.id, isAdmin: true }, w.fishId, s.value(1, w.day(5)), w.now),
      ForbiddenError,
      "The admin account cannot pre-book.",
    );
  });

  it("a hidden product, and one whose season is closed or never opened, in the page's language", async () => {
    await refused(() => asShopper(1, w.day(5), "en", w.curryId), ConflictError, "Pre-booking for this fish is closed.");
    await refused(() => asShopper(1, w.day(5), "te", w.curryId), ConflictError, "ఈ చేపకు ముందస్తు బుకింగ్ మూసివేశాం.");
    await refused(() => asShopper(1, w.day(5), "en", 999_999), NotFoundError);
    await s.season(null);
    await refused(() => asShopper(1, w.day(5)), ConflictError, "Pre-booking for this fish is closed.");
    // A season whose last date has come is closed too.
    await w.deps.db.$client.prepare("UPDATE products SET season_until = ? WHERE id = ?").bind(w.day(0), w.fishId).run();
    await refused(() => asShopper(1, w.day(0)), ConflictError, "Pre-booking for this fish is closed.");
    await s.season(w.day(30));
    await w.deps.db.$client.prepare("UPDATE products SET hidden = 1 WHERE id = ?").bind(w.fishId).run();
    await refused(() => asShopper(1, w.day(5)), NotFoundError);
  });

  it("a quantity outside the product's limits", async () => {
    for (const quantity of [0, 11, -1, 1.5, Number.NaN]) await refused(() => asShopper(quantity, w.day(5)), InvalidInputError);
    expect((await asShopper(10, w.day(5))).status).toBe("payment_pending");
  });

  it("a last date today, past, not a date, or after the season's last date; the season's last date itself is accepted", async () => {
    await refused(() => asShopper(1, w.day(0)), InvalidInputError, "Choose a date after today");
    await refused(() => asShopper(1, w.day(0), "te"), InvalidInputError, "ఈ రోజు తర్వాతి తేదీని ఎంచుకోండి");
    await refused(() => asShopper(1, w.day(-1)), InvalidInputError, "Choose a date after today");
    await refused(() => asShopper(1, "2031-02-30"), InvalidInputError, "Choose a date after today");
    await refused(() => asShopper(1, w.day(31)), InvalidInputError);
    expect((await refusedMessage(() => asShopper(1, w.day(31))))!).toMatch(/^Pre-booking runs until .+: choose that date or an earlier one$/);
    expect((await asShopper(1, w.day(30))).status).toBe("payment_pending");
    expect((await asShopper(1, w.day(1))).status).toBe("payment_pending");
  });

  it("a second pre-booking of the fish while one is queued", async () => {
    const me = await w.newUser();
    const queued = await createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(1, w.day(5)), w.now);
    await s.pay(queued);
    await refused(
      () => createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(2, w.day(6)), w.now),
      ConflictError,
      "You already have a pre-booking for this fish: see it in My Orders.",
    );
    expect(await s.queue()).toEqual([queued.id]);
  });

  it("two pre-bookings of the fish sent at once by one shopper leave one live", async () => {
    const me = await w.newUser();
    const sent = await Promise.allSettled(
      [1, 2].map((quantity) => createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(quantity, w.day(5)), w.now)),
    );
    const made = sent.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    // Both may be made (neither saw the other); both advances paid, one queues and the other is refunded in full.
    for (const order of made) await s.pay(order).catch(() => null);
    const queued = await all<{ id: number }>("SELECT id FROM orders WHERE user_id = ? AND status = 'prebooked'", me);
    expect(queued).toHaveLength(1);
    for (const order of made.filter((o) => o.id !== queued[0].id)) {
      expect(await ledgerSums(order.id)).toMatchObject({ captured: 50_000, refunded: 50_000, pending: 0 });
    }
  });

  it("a second pre-booking sent while the first one's advance settles: one is queued, the other's advance refunded", async () => {
    const me = await w.newUser();
    const first = await createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(1, w.day(5)), w.now);
    const started = await startAdvancePayment(w.deps, first);
    await sandboxDecide(w.deps, started.gatewayOrderId, "pay");
    const { id: paymentId } = await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ?", started.gatewayOrderId);
    // The new one read the first as still being paid (so replaces it), while its advance was being recorded.
    const [second] = await Promise.all([
      createPrebooking(w.deps, { id: me, isAdmin: false }, w.fishId, s.value(2, w.day(6)), w.now),
      settlePayment(w.deps, { attemptRef: started.gatewayOrderId, paymentId }),
    ]);
    await s.pay(second).catch(() => null);
    const queued = await all<{ id: number }>("SELECT id FROM orders WHERE user_id = ? AND status = 'prebooked'", me);
    expect(queued).toHaveLength(1);
    for (const order of [first, second]) {
      const money = await ledgerSums(order.id);
      expect(money.refunded).toBe(order.id === queued[0].id ? 0 : money.captured);
    }
  });
});

async function refusedMessage(attempt: () => Promise<unknown>) {
  return attempt().then(
    () => null,
    (e: Error) => e.message,
  );
}
