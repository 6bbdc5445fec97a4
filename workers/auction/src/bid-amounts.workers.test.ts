import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bid, createAuction, admin, ravi, useRoomWorld } from "./auction-room.fixtures";

useRoomWorld();

/** The bids the auction has taken, as the D1 mirror keeps them. */
const taken = async (auctionId: number) =>
  (await env.DB.prepare("SELECT amount_paise FROM auction_bids WHERE auction_id = ? ORDER BY seq").bind(auctionId).all<{ amount_paise: number }>()).results.map(
    (r) => r.amount_paise,
  );

describe("a bid's amount as typed", () => {
  it("takes commas that group digits and refuses any other comma as not a number, taking nothing", async () => {
    const a = await createAuction(admin);
    // "6,1000" is no amount: never ₹61,000 (nor ₹6,000).
    for (const amount of ["6,1000", "1,00", ",1000", "1000,", "1,,000", "10,00"]) {
      expect([amount, await bid(ravi, a.id, amount)]).toMatchObject([amount, { status: 400, body: { error: "Enter the amount in whole rupees" } }]);
    }
    // The proxy maximum is read the same way.
    expect(await bid(ravi, a.id, "1,000", { max_amount: "2,50" })).toMatchObject({ status: 400, body: { error: "Enter the amount in whole rupees" } });
    expect(await taken(a.id)).toEqual([]);
    expect(await bid(ravi, a.id, "1,000", { max_amount: "2,500" })).toMatchObject({ status: 200, body: { auction: { current_price: 1000 } } });
    expect(await taken(a.id)).toEqual([100_000]);
  });
});
