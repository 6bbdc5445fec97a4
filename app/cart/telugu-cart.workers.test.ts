import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { setUpShopDayWorld } from "../../tests/setup/shop-day-world";
import { setProductHidden } from "~/catalog/admin.server";
import { saveSlots } from "../../tests/setup/shop-days";
import { formatDelivery } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { te } from "~/i18n/te/messages";
import { createShopOrder, OutOfStockError, SlotFullError } from "~/orders/orders.server";
import { changeCart } from "./actions.server";
import { addToCart, cartPreview, getCart, getCartView } from "./cart.server";

const w = setUpShopDayWorld();
const FISH = "తాజా పులస చేప";
const CURRY = "పులస కూర";
const telugu = () => ({ ...w.deps, lang: "te" as const });

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("UPDATE products SET name_te = ? WHERE id = ?").bind(FISH, w.fishId),
    env.DB.prepare("UPDATE products SET name_te = ? WHERE id = ?").bind(CURRY, w.curryId),
  ]);
});

describe("a Telugu cart", () => {
  it("names each product in Telugu (English where it has no Telugu name), an English cart in English", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 5 });
    await w.plan(w.curryId, { [w.day(1)]: 5 });
    const user = await w.newUser();
    await addToCart(w.deps, user, w.fishId);
    await addToCart(w.deps, user, w.curryId);
    await env.DB.prepare("UPDATE products SET name_te = NULL WHERE id = ?").bind(w.curryId).run();

    expect((await getCartView(telugu(), user)).map((l) => l.name)).toEqual([FISH, "Pulasa Curry"]);
    expect((await cartPreview(telugu(), user)).lines.map((l) => l.name)).toEqual([FISH, "Pulasa Curry"]);
    expect((await getCart(w.deps, user)).map((l) => l.name)).toEqual(["Fresh Pulasa Fish", "Pulasa Curry"]);
  });

  it("says in Telugu what the catch has left and what one order may hold", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 4 });
    await w.plan(w.curryId, { [w.day(1)]: 40 });
    const user = await w.newUser();
    await addToCart(telugu(), user, w.fishId);
    await addToCart(telugu(), user, w.curryId);
    const set = (productId: number, quantity: number) => changeCart(telugu(), user, { intent: "set", productId, quantity });

    expect(await set(w.fishId, 8)).toEqual({ type: "error", text: format(te.shop.cart.catchLeft, { date: "రేపు", name: FISH, qty: "4 కిలోలు" }) });
    expect(await set(w.curryId, 12)).toEqual({ type: "error", text: `ఒక ఆర్డర్‌లో ${CURRY} గరిష్ఠంగా 10 ప్యాక్‌లు మాత్రమే` });
    expect((await addToCart(telugu(), user, w.curryId))?.notice).toBe(`ఒక ఆర్డర్‌లో ${CURRY} గరిష్ఠంగా 10 ప్యాక్‌లు మాత్రమే`);
    expect((await getCartView(telugu(), user))[0].note).toBe(format(te.shop.cart.catchLeft, { date: "రేపు", name: FISH, qty: "4 కిలోలు" }));

    // The English cart's words stay as they were.
    expect(await changeCart(w.deps, user, { intent: "set", productId: w.curryId, quantity: 12 })).toEqual({
      type: "error",
      text: "At most 10 packs of Pulasa Curry per order",
    });
  });
});

describe("a Telugu checkout's refusals", () => {
  const order = async (lines: { productId: number; quantity: number }[], date: string) =>
    createShopOrder(telugu(), { user: { id: await w.newUser() }, lines, shipping: VALID_ADDRESS, delivery: { date, slot: "evening" }, now: w.now });

  it("name the product and the slot in Telugu, and the order keeps its English name", async () => {
    await w.plan(w.fishId, { [w.day(1)]: 2 });
    await w.plan(w.curryId, { [w.day(1)]: 40 });
    const user = await w.newUser();
    const placed = await createShopOrder(telugu(), {
      user: { id: user },
      lines: [{ productId: w.fishId, quantity: 1 }],
      shipping: VALID_ADDRESS,
      delivery: { date: w.day(1), slot: "evening" },
      now: w.now,
    });
    const line = await env.DB.prepare("SELECT name FROM order_items WHERE order_id = ?").bind(placed.id).first<{ name: string }>();
    expect(line?.name).toBe("Fresh Pulasa Fish");

    const short = await order([{ productId: w.fishId, quantity: 2 }], w.day(1)).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(OutOfStockError);
    expect((short as OutOfStockError).productName).toBe(FISH);

    await expect(order([{ productId: w.curryId, quantity: 11 }], w.day(1))).rejects.toThrow(`ఒక ఆర్డర్‌లో ${CURRY} గరిష్ఠంగా 10 ప్యాక్‌లు మాత్రమే`);

    await saveSlots(w.deps, [{ date: w.day(1), slot: "evening", capacity: 1 }]);
    const full = await order([{ productId: w.curryId, quantity: 1 }], w.day(1)).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(SlotFullError);
    expect((full as Error).message).toBe(format(te.shop.delivery.slotFull, { when: formatDelivery(w.day(1), "evening", "te") }));

    await setProductHidden(w.deps, w.curryId, true);
    await expect(order([{ productId: w.curryId, quantity: 1 }], w.day(1))).rejects.toThrow(format(te.shop.delivery.notSold, { name: CURRY }));
  });
});
