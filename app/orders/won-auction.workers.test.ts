import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { startAdvancePayment } from "~/payments/advance.server";
import { settlePayment } from "~/payments/settle.server";
import { loadContext } from "../../tests/setup/load-context";
import { createAuctionOrder } from "./auction-order.server";
import { releaseExpiredOrders } from "./stock.server";
import { AUCTION_PAY_MS } from "./rules";
import { action as payAction } from "~/routes/orders.$number.pay";

import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { all as q, one } from "../../tests/setup/sql";

const db = getDb(env);
const w = setUpCheckoutWorld();
const { deps, shipping, stock, newUser } = w;

describe("won auctions", () => {
  it("pays like any pending order: no stock touched, the cart left alone; unpaid after 24 h it expires", async () => {
    const userId = await newUser("winner@example.in");
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 1)").bind(userId).run();
    const user = { id: userId, name: "Ravi Kumar", phone: "9876543210", address: "4-2 Temple Street, Kovvur", lang: "en" as const };
    const { order: won } = await createAuctionOrder(deps, {
      user,
      auctionId: 7,
      title: "2 kg Pulasa, Dowleswaram catch",
      image: null,
      winningPaise: 3_100_000,
      now: w.now,
    });
    expect(won).toMatchObject({
      source: "auction",
      status: "payment_pending",
      estimatedTotalPaise: 3_100_000,
      reservedUntil: w.now + AUCTION_PAY_MS,
      phone: "+919876543210",
    });
    const started = await startAdvancePayment(deps, won);
    expect(started.amountPaise).toBe(50000);
    expect((await settlePayment(deps, { attemptRef: started.gatewayOrderId, paymentId: "pay_AUCTION0000001" })).kind).toBe("paid");
    expect(await stock()).toBe(3);
    expect(await q("SELECT product_id FROM cart_items WHERE user_id = ?", userId)).toEqual([{ product_id: 1 }]);

    const { order: late } = await createAuctionOrder(deps, { user, auctionId: 8, title: "Lot 8", image: null, winningPaise: 2_000_000, now: w.now });
    expect(await releaseExpiredOrders(deps, w.now + AUCTION_PAY_MS)).toBe(1);
    expect(await one("SELECT status FROM orders WHERE id = ?", late.id)).toEqual({ status: "payment_expired" });
    expect(await stock()).toBe(3);
  });
});

describe("a won auction's first payment asks for the address and the delivery", () => {
  it("refuses an incomplete or unserviceable address with the spec's messages, then stores it and opens the gateway", async () => {
    const planned = await plannedDelivery([1], Date.now());
    const delivery = `${planned.date}.${planned.slot}`;
    const userId = await newUser("bidder@example.in");
    const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
    const { order: won } = await createAuctionOrder(deps, { user, auctionId: 9, title: "Lot 9", image: null, winningPaise: 2_000_000, now: Date.now() });
    const post = async (fields: Record<string, string>) => {
      const request = new Request(`https://store.test/orders/${won.number}/pay`, { method: "POST", body: new URLSearchParams(fields) });
      const context = await loadContext(request);
      context.deps.user = user;
      return payAction({ request, context, params: { number: won.number } });
    };
    const bad = (await post({ ...shipping, delivery, zip: "560001" })) as unknown as { init: { status: number }; data: { error: Record<string, string[]> } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error.zip).toEqual(["Sorry, we deliver only in Andhra Pradesh and Telangana for now."]);
    expect(await one("SELECT zip FROM orders WHERE id = ?", won.id)).toEqual({ zip: "" });
    const ok = (await post({ ...shipping, delivery })) as Response;
    expect(ok.status).toBe(303);
    // Without JavaScript, straight to a payment link for the advance, prefilled with the address just given.
    const link = new URL(ok.headers.get("Location")!);
    expect(link.pathname).toMatch(/^\/sandbox\/link\/plink_/);
    const details = await one<{ amount_paise: number; details: string }>(
      "SELECT amount_paise, details FROM sandbox_records WHERE id = ?",
      link.pathname.split("/").at(-1),
    );
    expect(details.amount_paise).toBe(50000);
    expect(JSON.parse(details.details).customer).toEqual({ name: "Asha Rao", email: "bidder@example.in", contact: "+919876543210" });
    expect(await one("SELECT city, state, zip, phone FROM orders WHERE id = ?", won.id)).toEqual({
      city: "Rajahmundry",
      state: "Andhra Pradesh",
      zip: "533101",
      phone: "+919876543210",
    });
  });
});
