import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as checkoutAction } from "~/routes/checkout";
import { te } from "~/i18n/te/messages";
import { en } from "~/i18n/messages";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { asUser, type Reply } from "../../tests/setup/as-user";
import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { one } from "../../tests/setup/sql";
import { createShopOrder } from "./orders.server";
import { orderCeilingData } from "./ceiling-view";

const w = setUpCheckoutWorld();

/** 'Pay ₹500' with 2 kg of fish (₹25,000 a kg: estimated ₹50,000) in the cart and these fields. */
async function pressPay(path: string, userId: number, fields: Record<string, string>) {
  await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 2) ON CONFLICT DO NOTHING").bind(userId).run();
  const planned = await plannedDelivery([1], Date.now());
  return (await checkoutAction(await asUser(userId, path, { ...VALID_ADDRESS, delivery: `${planned.date}.${planned.slot}`, ...fields }))) as Reply | Response;
}

const ceilingOf = (userId: number) =>
  one<{ ceiling_percent: number | null; ceiling_paise: number | null; estimated_total_paise: number } | null>(
    "SELECT ceiling_percent, ceiling_paise, estimated_total_paise FROM orders WHERE user_id = ? ORDER BY id DESC LIMIT 1",
    userId,
  ).catch(() => null);

describe("the ceiling the shopper agrees to at checkout", () => {
  it("the chosen margin is stored, computed from the server's prices", async () => {
    for (const [choice, percent, paise] of [
      ["10", 10, 5_500_000],
      ["20", 20, 6_000_000],
      ["35", 35, 6_750_000],
      ["any", null, null],
    ] as const) {
      const userId = await w.newUser(`ceiling.${choice}.${crypto.randomUUID()}@example.in`);
      // A ceiling amount of the form's own is ignored: only the choice is read.
      const res = await pressPay("/checkout", userId, { ceiling: choice, ceilingPaise: "100", estimated_total_paise: "100" });
      expect(res).toBeInstanceOf(Response);
      expect(await ceilingOf(userId)).toEqual({ ceiling_percent: percent, ceiling_paise: paise, estimated_total_paise: 5_000_000 });
    }
  });

  it("a post without a choice gets the usual estimate + 20%", async () => {
    const userId = await w.newUser(`ceiling.none.${crypto.randomUUID()}@example.in`);
    await pressPay("/checkout", userId, {});
    expect(await ceilingOf(userId)).toMatchObject({ ceiling_percent: 20, ceiling_paise: 6_000_000 });
  });

  it("a forged choice is refused beside the field in the page's language, and no order is written", async () => {
    for (const [path, words] of [
      ["/checkout", en],
      ["/te/checkout", te],
    ] as const) {
      const userId = await w.newUser(`ceiling.forged.${crypto.randomUUID()}@example.in`);
      for (const forged of ["50", "0", "-20", "1e9", "any weight"]) {
        const res = (await pressPay(path, userId, { ceiling: forged })) as Reply;
        expect(res.init?.status).toBe(400);
        expect(res.data.error?.ceiling).toEqual([words.shop.ceiling.required]);
      }
      expect(await one("SELECT count(*) AS n FROM orders WHERE user_id = ?", userId)).toEqual({ n: 0 });
    }
  });

  it("checking out the same cart again with another choice changes the unpaid order's ceiling", async () => {
    const userId = await w.newUser(`ceiling.again.${crypto.randomUUID()}@example.in`);
    const input = { user: { id: userId }, lines: [{ productId: 1, quantity: 1 }], shipping: w.shipping, delivery: w.delivery, now: w.now };
    const first = await createShopOrder(w.deps, { ...input, ceiling: "10" });
    expect(first).toMatchObject({ ceilingPercent: 10, ceilingPaise: 2_750_000 });
    const again = await createShopOrder(w.deps, { ...input, ceiling: "any" });
    expect(again).toMatchObject({ id: first.id, resumed: true, ceilingPercent: null, ceilingPaise: null });
  });

  it("an auction lot has no ceiling to show (it is sold at its winning price)", () => {
    const order = {
      source: "auction" as const,
      status: "order_raised" as const,
      estimatedTotalPaise: 3_000_000,
      ceilingPaise: null,
      ceilingPercent: null,
      finalTotalPaise: 3_000_000,
      priceAnswer: null,
      answerDueAt: null,
      version: 2,
    };
    expect(orderCeilingData(order, "en", Date.now())).toBeNull();
    expect(orderCeilingData({ ...order, source: "shop" }, "en", Date.now())).toMatchObject({ limit: null, ask: null });
  });
});
