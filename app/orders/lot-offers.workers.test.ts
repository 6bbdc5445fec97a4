import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startAdvancePayment } from "~/payments/advance.server";
import { settlePayment } from "~/payments/settle.server";
import { sandboxDecide } from "~/payments/sandbox.server";
import { ledgerSums } from "../../tests/setup/money";
import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { one } from "../../tests/setup/sql";
import { createAuctionOrder } from "./auction-order.server";
import { cancelUnpaidLotOrder, lapseUnpaidLotOrder } from "./lot-offers.server";
import { AUCTION_PAY_MS } from "./rules";

const w = setUpCheckoutWorld();
const { deps, newUser } = w;
let nextAuction = 9100;

/** A closed lot: the winner's order (₹1,500) and a second bidder, with the winner's advance payment opened. */
async function lot() {
  const auctionId = nextAuction++;
  const person = async (tag: string) => ({
    id: await newUser(`${tag}-${auctionId}@example.in`),
    name: "Asha Rao",
    phone: "9876543210",
    address: "4-2 Temple Street, Kovvur",
    lang: "en" as const,
  });
  const winner = await person("winner");
  const next = await person("next");
  const base = { auctionId, title: "Royal Pulasa", image: null };
  const { order: won } = await createAuctionOrder(deps, { ...base, user: winner, winningPaise: 150_000, now: w.now });
  const offer = (now: number) => createAuctionOrder(deps, { ...base, user: next, winningPaise: 120_000, now, offer: true }).then((r) => r.order);
  return { auctionId, winner, next, won, offer, third: () => person("third") };
}

/** The customer presses Pay on the sandbox's page: the gateway captures; the store has not heard yet. */
async function capture(gatewayOrderId: string) {
  await sandboxDecide(deps, gatewayOrderId, "pay");
  return (await one<{ id: string }>("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY created_at DESC LIMIT 1", gatewayOrderId))
    .id;
}

const status = async (id: number) => (await one<{ status: string }>("SELECT status FROM orders WHERE id = ?", id)).status;
const live = (auctionId: number) =>
  env.DB.prepare("SELECT user_id FROM orders WHERE auction_id = ? AND status NOT IN ('payment_expired', 'order_cancelled')")
    .bind(auctionId)
    .all()
    .then((r) => r.results);

describe("a lot's second chance and its money", () => {
  it("an order still inside its 24 hours does not lapse; past them it ends unpaid, and the next bidder's order can be made", async () => {
    const { won, offer, auctionId, next } = await lot();
    expect(await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS - 1)).toBe("waiting");
    // The lot cannot have a second live order while the winner's stands.
    await expect(offer(w.now + AUCTION_PAY_MS)).rejects.toThrow(/UNIQUE/);
    expect(await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS)).toBe("lapsed");
    expect(await status(won.id)).toBe("payment_expired");
    await offer(w.now + AUCTION_PAY_MS);
    expect(await live(auctionId)).toEqual([{ user_id: next.id }]);
  });

  it("an offer paid twice at once (two tabs) is paid once; the second capture is refunded", async () => {
    const { won, offer } = await lot();
    await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS);
    const offered = await offer(w.now + AUCTION_PAY_MS);
    const started = await startAdvancePayment(deps, offered);
    const [first, second] = [await capture(started.gatewayOrderId), await capture(started.gatewayOrderId)];
    const outcomes = await Promise.all([
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: first }),
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: second }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["paid", "refunded"]);
    expect(await status(offered.id)).toBe("order_raised");
    expect(await ledgerSums(offered.id)).toEqual({ captured: 100_000, cash: 0, refunded: 50_000, pending: 0 });
  });

  it("an offer paid after its time is refunded in full and the order stays ended", async () => {
    const { won, offer } = await lot();
    await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS);
    const offered = await offer(w.now + AUCTION_PAY_MS);
    const started = await startAdvancePayment(deps, offered);
    const over = offered.reservedUntil!;
    expect(await lapseUnpaidLotOrder(deps, offered.number, over)).toBe("lapsed");
    const paid = await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: await capture(started.gatewayOrderId) }, over + 1);
    expect(paid.kind).toBe("refunded");
    expect(await status(offered.id)).toBe("payment_expired");
    expect(await ledgerSums(offered.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
  });

  it("the old winner paying after their order ended and the lot went on is refunded: never two owners", async () => {
    const { won, offer, auctionId, next } = await lot();
    const started = await startAdvancePayment(deps, won);
    await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS);
    await offer(w.now + AUCTION_PAY_MS);
    const late = await settlePayment(
      deps,
      { attemptRef: started.gatewayOrderId, paymentId: await capture(started.gatewayOrderId) },
      w.now + AUCTION_PAY_MS + 1,
    );
    expect(late.kind).toBe("refunded");
    expect(await status(won.id)).toBe("payment_expired");
    expect(await live(auctionId)).toEqual([{ user_id: next.id }]);
    expect(await ledgerSums(won.id)).toEqual({ captured: 50_000, cash: 0, refunded: 50_000, pending: 0 });
  });

  it("a payment at the very moment the time runs out and the lapse: exactly one of them happens", async () => {
    const { won } = await lot();
    const started = await startAdvancePayment(deps, won);
    const paymentId = await capture(started.gatewayOrderId);
    const deadline = w.now + AUCTION_PAY_MS;
    const [lapse, paid] = await Promise.all([
      lapseUnpaidLotOrder(deps, won.number, deadline),
      settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, deadline),
    ]);
    if (lapse === "paid") {
      expect(paid.kind).toBe("paid");
      expect(await status(won.id)).toBe("order_raised");
    } else {
      expect([lapse, paid.kind]).toEqual(["lapsed", "refunded"]);
      expect(await status(won.id)).toBe("payment_expired");
    }
  });

  it("the admin's stop racing the offer's payment: exactly one outcome, the order cancelled and the money refunded, or the lot sold", async () => {
    for (let round = 0; round < 3; round++) {
      const { won, offer } = await lot();
      await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS);
      const offered = await offer(w.now + AUCTION_PAY_MS);
      const started = await startAdvancePayment(deps, offered);
      const paymentId = await capture(started.gatewayOrderId);
      const [stopped, paid] = await Promise.all([
        cancelUnpaidLotOrder(deps, offered.number, "The store stopped offering this lot", w.now + AUCTION_PAY_MS + 1),
        settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId }, w.now + AUCTION_PAY_MS + 1),
      ]);
      if (stopped === "paid") {
        expect(paid.kind).toBe("paid");
        expect(await status(offered.id)).toBe("order_raised");
        expect(await ledgerSums(offered.id)).toMatchObject({ captured: 50_000, refunded: 0 });
      } else {
        expect([stopped, paid.kind]).toEqual(["lapsed", "refunded"]);
        expect(await status(offered.id)).toBe("order_cancelled");
        expect(await ledgerSums(offered.id)).toMatchObject({ captured: 50_000, refunded: 50_000 });
      }
    }
  });

  it("a stop that comes after the payment cancels nothing: the lot is sold", async () => {
    const { won, offer } = await lot();
    await lapseUnpaidLotOrder(deps, won.number, w.now + AUCTION_PAY_MS);
    const offered = await offer(w.now + AUCTION_PAY_MS);
    const started = await startAdvancePayment(deps, offered);
    expect((await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: await capture(started.gatewayOrderId) })).kind).toBe("paid");
    expect(await cancelUnpaidLotOrder(deps, offered.number, "The store stopped offering this lot", w.now + AUCTION_PAY_MS + 1)).toBe("paid");
    expect(await status(offered.id)).toBe("order_raised");
  });
});
