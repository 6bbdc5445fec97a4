import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { collectOnDelivery, requestBalance } from "~/orders/balance.server";
import { changeOrderStatus, recordWeights } from "~/orders/changes.server";
import type { Order, User } from "~/db/schema";
import { createShopOrder } from "~/orders/orders.server";
import { answerPrice, declineUnanswered } from "~/orders/price-answer.server";
import { CEILING_CHOICES } from "~/orders/ceiling";
import { cancelOwnOrder } from "~/orders/cancel.server";
import { addDays, istDate } from "~/delivery/slots";
import { createPrebooking, expirePrebookings, setSeason } from "~/season/prebook.server";
import { fillQueue } from "~/season/queue.server";
import { payBalanceLink, setUpMoneyWorld } from "../../tests/setup/money";
import { startAdvancePayment } from "./advance.server";
import { settlePayment } from "./settle.server";
import { reconcilePayments, RECONCILE_AFTER_MS } from "./reconcile.server";
import { sandboxDecide } from "./sandbox.server";
import { seededRandom } from "../../tests/setup/random";
import { moneyViolations } from "../../scripts/lib/money-invariants.mjs";

const w = setUpMoneyWorld();
const { deps, shipping, one, all, version } = w;
/** The shopper who placed an order, as the answer's forms are sent by them. */
const owner = (order: Order) => ({ id: order.userId, name: "Fuzz" }) as User;
const numberOf = async (orderId: number) => (await one<{ number: string }>("SELECT number FROM orders WHERE id = ?", orderId)).number;

/** The fast suite walks 300 steps; `npm run test:money` (run by CI) walks 3,000 of the same seed. */
describe("random interleavings keep every invariant", () => {
  const SEED = Number((env as { MONEY_SEED?: string }).MONEY_SEED ?? 20261124);
  const STEPS = Number((env as { MONEY_STEPS?: string }).MONEY_STEPS ?? 300);

  it("the invariant check itself catches a refund above its capture", async () => {
    const { order, paymentId } = await w.paidOrder(1);
    await env.DB.prepare(
      "INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref) VALUES (?, 'refund', 'cancel', 'bogus:1', 'sandbox', 60000, 'done', ?)",
    )
      .bind(order.id, paymentId)
      .run();
    const found = await moneyViolations(all);
    await env.DB.prepare("DELETE FROM ledger WHERE ref = 'bogus:1'").run();
    expect(found.map((v) => v.rule)).toEqual(expect.arrayContaining(["refunds above a capture"]));
  });

  async function checkInvariants(step: number, action: string) {
    expect(await moneyViolations(all), `seed ${SEED}, step ${step} (${action})`).toEqual([]);
  }

  it(
    `${STEPS} seeded steps of shoppers, admins, gateway deliveries, lost messages and failing refunds`,
    { timeout: Math.max(240_000, STEPS * 250) },
    async () => {
      // Thousands of mails and expected refund failures would be printed otherwise: the printing, not the money, was most of the time.
      vi.spyOn(console, "log").mockImplementation(() => {});
      vi.spyOn(console, "error").mockImplementation(() => {});
      const rand = seededRandom(SEED);
      const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
      const live: { order: Order; gatewayOrderId?: string }[] = [];
      // Mostly one of the newest orders, so single orders walk long sequences of steps (weighed, then cash on
      // delivery, then shipped and delivered), and sometimes any order, so old states and old links come back too.
      const anOrder = () => pick(rand() < 0.7 ? live.slice(-4) : live);
      /** Gateway messages not yet delivered: delivered later, twice, or never. */
      const inbox: (() => Promise<unknown>)[] = [];
      let clock = Date.now();
      const actions: Record<string, (chosen?: (typeof live)[number]) => Promise<unknown>> = {
        async checkout() {
          const user = await one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Fuzz', ?) RETURNING id", `fuzz.${crypto.randomUUID()}@example.in`);
          const order = await createShopOrder(deps, {
            user,
            lines: [{ productId: w.productId, quantity: 1 + Math.floor(rand() * 2) }],
            shipping,
            delivery: await w.delivery(clock),
            ceiling: pick([...CEILING_CHOICES]),
            now: clock,
          });
          const started = await startAdvancePayment(deps, order);
          live.push({ order, gatewayOrderId: started.gatewayOrderId });
        },
        async payAdvance(chosen?: (typeof live)[number]) {
          const target = chosen ?? pick(live.filter((l) => l.gatewayOrderId));
          if (!target) return;
          const outcome = await sandboxDecide(deps, target.gatewayOrderId!, "pay");
          const payment = await one<{ id: string; amount_paise: number }>(
            "SELECT id, amount_paise FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY rowid DESC LIMIT 1",
            target.gatewayOrderId,
          );
          if (rand() < 0.7) inbox.push(() => settlePayment(deps, { attemptRef: target.gatewayOrderId!, paymentId: payment.id }, clock));
          if (rand() < 0.7) inbox.push(() => outcome!.webhooks());
        },
        async payLink() {
          const links = await all<{ order_id: number }>(
            "SELECT DISTINCT order_id FROM payments WHERE kind = 'balance' AND order_id IN (SELECT id FROM orders WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'fuzz.%')) ORDER BY order_id",
          );
          const link = pick(links);
          if (link) await payBalanceLink(deps, link.order_id);
        },
        async deliverMessage() {
          if (inbox.length === 0) return;
          const i = Math.floor(rand() * inbox.length);
          const message = inbox[i];
          if (rand() < 0.8) inbox.splice(i, 1); // otherwise it comes again later (a replay)
          await message();
        },
        async weigh() {
          const target = anOrder();
          if (!target) return;
          const item = await one<{ id: number; quantity: number }>("SELECT id, quantity FROM order_items WHERE order_id = ?", target.order.id);
          const grams = pick([10, 20, 1000, 1200, 1500, 2300, 3000]);
          await recordWeights(deps, w.admin, { number: target.order.number, version: await version(target.order.id), weights: new Map([[item.id, grams]]) });
        },
        // The shopper's answer to a price above their ceiling: accept, decline, no answer in time, or all at once
        // with the admin's cancel and a balance payment.
        async accept() {
          const target = anOrder();
          if (target) await answerPrice(deps, owner(target.order), { number: target.order.number, version: await version(target.order.id), answer: "accept" });
        },
        async decline() {
          const target = anOrder();
          if (target) await answerPrice(deps, owner(target.order), { number: target.order.number, version: await version(target.order.id), answer: "decline" });
        },
        async timeout() {
          await declineUnanswered(deps, Date.now() + 13 * 60 * 60_000);
        },
        async answerRace() {
          const target = anOrder();
          if (!target) return;
          const { number, id } = target.order;
          const v = await version(id);
          await Promise.allSettled([
            answerPrice(deps, owner(target.order), { number, version: v, answer: "accept" }),
            answerPrice(deps, owner(target.order), { number, version: v, answer: "decline" }),
            declineUnanswered(deps, Date.now() + 13 * 60 * 60_000),
            changeOrderStatus(deps, w.admin, { number, version: v, to: "order_cancelled", reason: "Race" }),
            payBalanceLink(deps, id).catch(() => null),
          ]);
        },
        async requestBalance() {
          const target = anOrder();
          if (target) await requestBalance(deps, w.admin, { number: target.order.number, version: await version(target.order.id) });
        },
        async cashOnDelivery() {
          const target = anOrder();
          if (target) await collectOnDelivery(deps, w.admin, { number: target.order.number, version: await version(target.order.id) });
        },
        async move() {
          const target = anOrder();
          if (!target) return;
          const to = pick(["order_confirmed", "order_packed", "order_shipped", "order_delivered", "order_cancelled"]);
          await changeOrderStatus(deps, w.admin, { number: await numberOf(target.order.id), version: await version(target.order.id), to, reason: "Fuzz" });
        },
        async doubleCancel() {
          const target = anOrder();
          if (!target) return;
          const v = await version(target.order.id);
          await Promise.allSettled(
            [1, 2].map(() => changeOrderStatus(deps, w.admin, { number: target.order.number, version: v, to: "order_cancelled", reason: "Twice" })),
          );
        },
        async refundsFail() {
          await env.DB.prepare(
            "INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail') ON CONFLICT (key) DO UPDATE SET value = CASE value WHEN 'fail' THEN 'ok' ELSE 'fail' END",
          ).run();
        },
        // Season pre-booking: opened and closed by the admin, booked (sometimes twice at once by one shopper),
        // paid through the same gateway steps above, filled from the catch, cancelled, and lapsed.
        async openSeason() {
          await setSeason(deps, w.productId, addDays(istDate(clock), 30), clock);
        },
        async closeSeason() {
          await setSeason(deps, w.productId, null, clock);
        },
        async prebook() {
          const user = await one<{ id: number }>("INSERT INTO users (name, email) VALUES ('Fuzz', ?) RETURNING id", `fuzz.${crypto.randomUUID()}@example.in`);
          const value = { ...shipping, quantity: 1 + Math.floor(rand() * 2), latestDate: addDays(istDate(clock), pick([2, 3, 6])), ceiling: "any" as const };
          const made = await Promise.allSettled(
            Array.from({ length: rand() < 0.3 ? 2 : 1 }, () => createPrebooking(deps, { id: user.id, isAdmin: false }, w.productId, value, clock)),
          );
          for (const r of made) {
            if (r.status !== "fulfilled") continue;
            live.push({ order: r.value, gatewayOrderId: (await startAdvancePayment(deps, r.value)).gatewayOrderId });
            // Most shoppers pay at once: the pre-booking joins the queue when the gateway's messages arrive.
            if (rand() < 0.7) await actions.payAdvance(live.at(-1));
          }
          const refused = made.find((r) => r.status === "rejected");
          if (refused) throw refused.reason;
        },
        async fill() {
          await fillQueue(deps, clock);
        },
        async cancelOwn() {
          const target = anOrder();
          if (target) await cancelOwnOrder(deps, owner(target.order), { number: target.order.number, version: await version(target.order.id), reason: "Fuzz" });
        },
        async lapse() {
          await expirePrebookings(deps, clock + pick([1, 4, 7]) * 24 * 60 * 60_000);
        },
        async time() {
          clock += pick([60_000, 10 * 60_000, 40 * 60_000]);
        },
        async reconcile() {
          await reconcilePayments(deps, clock + RECONCILE_AFTER_MS + 1000);
        },
      };
      const weights: [string, number][] = [
        ["checkout", 8],
        ["payAdvance", 12],
        ["payLink", 8],
        ["deliverMessage", 20],
        ["weigh", 8],
        ["requestBalance", 8],
        ["cashOnDelivery", 4],
        ["move", 14],
        ["doubleCancel", 3],
        ["accept", 4],
        ["decline", 2],
        ["timeout", 2],
        ["answerRace", 2],
        ["refundsFail", 2],
        ["time", 4],
        ["reconcile", 4],
        ["openSeason", 2],
        ["closeSeason", 2],
        ["prebook", 6],
        ["fill", 4],
        ["cancelOwn", 2],
        ["lapse", 2],
      ];
      const total = weights.reduce((s, [, w]) => s + w, 0);
      const counts: Record<string, number> = {};
      for (let step = 0; step < STEPS; step++) {
        let r = rand() * total;
        const name = weights.find(([, w]) => (r -= w) < 0)![0];
        counts[name] = (counts[name] ?? 0) + 1;
        try {
          await actions[name]();
        } catch (error) {
          // Refusals are part of the game (stale forms, moves the rules forbid); anything else is a bug.
          if (!(error instanceof Error) || !/DomainError|InvalidInputError|ConflictError|StaleOrderError|OutOfStockError/.test(error.name)) throw error;
        }
        await checkInvariants(step, name);
      }
      // Then everything settles: every message delivered, refunds allowed, the job run: no money is left pending.
      await env.DB.prepare("DELETE FROM sandbox_settings").run();
      for (const message of inbox.splice(0)) await message();
      // The job works through open attempts a batch per run, in turns (least recently checked first), as every
      // five minutes in production: run it until a run changes nothing.
      const unrecordedCaptures = () =>
        all(
          "SELECT p.id FROM sandbox_records p JOIN payments a ON a.provider_ref = p.parent WHERE p.kind = 'payment' AND p.status = 'captured' AND NOT EXISTS (SELECT 1 FROM ledger WHERE ref = p.id)",
        );
      for (let run = 0; run < 40; run++) {
        await reconcilePayments(deps, clock + RECONCILE_AFTER_MS + 1000);
        const pending = await all("SELECT ref FROM ledger WHERE kind = 'refund' AND state <> 'done'");
        if (run > 0 && pending.length === 0 && (await unrecordedCaptures()).length === 0) break;
      }
      await checkInvariants(STEPS, "settled");
      expect(await all("SELECT ref FROM ledger WHERE kind = 'refund' AND state <> 'done'")).toEqual([]);
      // The gateway's books and the store's agree: every capture is in the ledger, every refund made once.
      expect(await unrecordedCaptures()).toEqual([]);
      const gatewayRefunds = await one<{ n: number }>("SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_records WHERE kind = 'refund'");
      const storeRefunds = await one<{ n: number }>("SELECT coalesce(sum(amount_paise), 0) AS n FROM ledger WHERE kind = 'refund'");
      expect(storeRefunds.n).toBe(gatewayRefunds.n);
      expect(Object.keys(counts).length).toBe(weights.length);
      // The answers were walked, not only tried: prices above a ceiling were awaited, then accepted or declined.
      const answered = await all<{ price_answer: string }>(
        "SELECT DISTINCT price_answer FROM orders WHERE price_answer IN ('accepted', 'declined', 'timed_out')",
      );
      expect(answered.length).toBeGreaterThan(0);
      // Pre-bookings were walked too: queued, and filled from the queue.
      const filled = await all("SELECT id FROM order_events WHERE kind = 'status' AND from_value = 'prebooked' AND to_value = 'order_raised'");
      expect(filled.length).toBeGreaterThan(0);
    },
  );
});
