import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as addressAction } from "~/routes/profile_.addresses.$id";
import { loader as orderLoader } from "~/routes/orders.$number._index";
import { loader as myOrdersLoader } from "~/routes/orders._index";
import { te } from "~/i18n/te/messages";
import { quantityAtPrice, type ProductUnit } from "~/catalog/units";
import { formatRupees } from "~/lib/money";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { asUser, flashOf, type Reply } from "../../tests/setup/as-user";
import { filledCheckout, setUpCheckoutWorld } from "../../tests/setup/checkout";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { one } from "../../tests/setup/sql";

const w = setUpCheckoutWorld();
const FISH = "తాజా పులస చేప";
const NOT_YOURS = "సేవ్ చేసిన ఆ చిరునామా మీ ఖాతాలో లేదు. దయచేసి వేరే చిరునామా ఎంచుకోండి.";

/** 'Pay ₹500' on the checkout page at `path` with one fish in the cart and these fields. */
async function pressPay(path: string, userId: number, fields: Record<string, string>) {
  await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 1) ON CONFLICT DO NOTHING").bind(userId).run();
  const planned = await plannedDelivery([1], Date.now());
  return (await checkoutAction(await asUser(userId, path, { delivery: `${planned.date}.${planned.slot}`, ...fields }))) as Reply;
}

const BAD = { ...VALID_ADDRESS, phone: "98765", zip: "500001" };

describe("the checkout refuses in the page's language", () => {
  it("a Telugu checkout with a bad phone and a pincode of the other state gets Telugu errors", async () => {
    const answer = await pressPay("/te/checkout", await w.newUser("te.bad@example.in"), BAD);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({
      "": [te.shop.checkout.fixErrors],
      phone: ["ఫోన్ నంబర్ సరిగ్గా 10 అంకెలు ఉండాలి"],
      zip: ["పిన్‌కోడ్ 500001 ఉన్న రాష్ట్రం తెలంగాణ: రాష్ట్రంగా తెలంగాణ ఎంచుకోండి, లేదా పిన్‌కోడ్ సరిచూసుకోండి."],
    });
    const noAddress = await pressPay("/te/checkout", await w.newUser("te.choice@example.in"), { addressId: "x" });
    expect(noAddress.data.error?.addressId).toEqual(["దయచేసి ఒక చిరునామా ఎంచుకోండి"]);
  });

  it("the English checkout's words stay exactly as they were", async () => {
    const answer = await pressPay("/checkout", await w.newUser("en.bad@example.in"), BAD);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({
      "": ["Please fix the errors in the form"],
      phone: ["Phone number must be exactly 10 digits"],
      zip: ["Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode."],
    });
    const noAddress = await pressPay("/checkout", await w.newUser("en.choice@example.in"), { addressId: "x" });
    expect(noAddress.data.error?.addressId).toEqual(["Please choose an address"]);
  });

  it("a saved address that is not the shopper's is refused in Telugu", async () => {
    const answer = await pressPay("/te/checkout", await w.newUser("te.saved@example.in"), { addressId: "999999" });
    expect(answer.init?.status).toBe(404);
    expect(answer.data.error?.[""]).toEqual([NOT_YOURS]);
  });
});

describe("the checkout's lines", () => {
  it("carry each product's unit, so a pack of curry is never written in kg", async () => {
    await env.DB.prepare("UPDATE products SET unit = 'pack' WHERE id = 2").run();
    try {
      const id = await w.newUser("lines.units@example.in");
      await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?1, 1, 1), (?1, 2, 2)").bind(id).run();
      const lines = (await filledCheckout(await asUser(id, "/checkout"))).lines;
      expect(lines.map((l) => [l.productId, l.unit])).toEqual([
        [1, "kg"],
        [2, "pack"],
      ]);
    } finally {
      await env.DB.prepare("UPDATE products SET unit = 'kg' WHERE id = 2").run();
    }
  });

  it("name the fish in Telugu on a Telugu page and in English on an English one", async () => {
    await env.DB.prepare("UPDATE products SET name_te = ? WHERE id = 1").bind(FISH).run();
    try {
      const id = await w.newUser("te.lines@example.in");
      await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 1)").bind(id).run();
      expect((await filledCheckout(await asUser(id, "/te/checkout"))).lines.map((l) => l.name)).toEqual([FISH]);
      expect((await filledCheckout(await asUser(id, "/checkout"))).lines.map((l) => l.name)).toEqual(["Fresh Pulasa Fish"]);
    } finally {
      await env.DB.prepare("UPDATE products SET name_te = NULL WHERE id = 1").run();
    }
  });

  it("say each line's quantity and price in its own unit: kilos of fish, packs of curry", async () => {
    await env.DB.prepare("UPDATE products SET unit = 'pack' WHERE id = 2").run();
    try {
      const id = await w.newUser("unit.lines@example.in");
      await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, 2), (?, 2, 3)").bind(id, id).run();
      const text = (lang: "en" | "te") => (l: { quantity: number; unit: ProductUnit; pricePaise: number }) =>
        quantityAtPrice(l.quantity, l.unit, formatRupees(l.pricePaise), lang);
      expect((await filledCheckout(await asUser(id, "/checkout"))).lines.map(text("en"))).toEqual(["2 kg × ₹25,000 per kg", "3 packs × ₹25,800 per pack"]);
      expect((await filledCheckout(await asUser(id, "/te/checkout"))).lines.map(text("te"))).toEqual([
        "2 కిలోలు, కిలోకు ₹25,000 చొప్పున",
        "3 ప్యాక్‌లు, ప్యాక్‌కు ₹25,800 చొప్పున",
      ]);
    } finally {
      await env.DB.prepare("UPDATE products SET unit = 'kg' WHERE id = 2").run();
    }
  });
});

describe("an order's page and its receipt", () => {
  it("name the fish in Telugu and the state by its Telugu name for a Telugu reader, in English for an English one", async () => {
    await env.DB.prepare("UPDATE products SET name_te = ? WHERE id = 1").bind(FISH).run();
    try {
      const { userId, order, started } = await w.paidSetup("te.order@example.in");
      await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(userId).run();
      await w.webhook("payment.captured", w.captured(started.gatewayOrderId, "pay_TELUGUNAMES01"));
      const params = { number: order.number };
      const telugu = await orderLoader(await asUser(userId, `/te/orders/${order.number}`, undefined, params));
      expect(telugu.order.items.map((i) => i.name)).toEqual([FISH]);
      expect(telugu.shipTo.lines[1]).toBe(`${VALID_ADDRESS.city}, ${te.shop.states["Andhra Pradesh"]} ${VALID_ADDRESS.zip}`);
      const english = await orderLoader(await asUser(userId, `/orders/${order.number}`, undefined, params));
      expect(english.order.items.map((i) => i.name)).toEqual(["Fresh Pulasa Fish"]);
      expect(english.shipTo.lines[1]).toBe(`${VALID_ADDRESS.city}, Andhra Pradesh ${VALID_ADDRESS.zip}`);
      const mine = await myOrdersLoader(await asUser(userId, "/te/orders"));
      expect(mine.orders.find((o) => o.number === order.number)?.items.map((i) => i.name)).toEqual([FISH]);
      const receipt = await one<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? AND type = 'order_placed'", userId);
      expect(receipt.message).toContain(`(${FISH} × 1 కిలో)`);
    } finally {
      await env.DB.prepare("UPDATE products SET name_te = NULL WHERE id = 1").run();
    }
  });
});

describe("a saved address's edit page", () => {
  it("refuses a bad phone in Telugu and says in Telugu that someone else's address is not there", async () => {
    const id = await w.newUser("te.edit@example.in");
    const { addressId } = await one<{ addressId: number }>(
      "INSERT INTO saved_addresses (user_id, key, first_name, last_name, phone, address, city, state, zip, last_used_at, created_at, updated_at) VALUES (?, 'k', 'Asha', 'Rao', '9876543210', '12 Godavari Bund Road', 'Rajahmundry', 'Andhra Pradesh', '533101', 1, 1, 1) RETURNING id AS addressId",
      id,
    );
    const params = { id: String(addressId) };
    const edit = (await addressAction(await asUser(id, `/te/profile/addresses/${addressId}`, { ...VALID_ADDRESS, phone: "123" }, params))) as Reply;
    expect(edit.data.error?.phone).toEqual([te.shop.shippingErrors.phone]);
    const english = (await addressAction(await asUser(id, `/profile/addresses/${addressId}`, { ...VALID_ADDRESS, phone: "123" }, params))) as Reply;
    expect(english.data.error?.phone).toEqual(["Phone number must be exactly 10 digits"]);

    const other = await w.newUser("te.other@example.in");
    const gone = (await addressAction(await asUser(other, `/te/profile/addresses/${addressId}`, { intent: "delete" }, params))) as Response;
    expect((await flashOf(gone))?.text).toBe(NOT_YOURS);
  });
});

describe("an empty cart's checkout", () => {
  it("shows the empty page in either language, and a checkout sent anyway places nothing and says why in the page's language", async () => {
    const id = await w.newUser("empty.checkout@example.in");
    expect(await checkoutLoader(await asUser(id, "/checkout"))).toEqual({ empty: true });
    expect(await checkoutLoader(await asUser(id, "/te/checkout"))).toEqual({ empty: true });
    const planned = await plannedDelivery([1], Date.now());
    const sent = (await checkoutAction(
      await asUser(id, "/te/checkout", { ...VALID_ADDRESS, delivery: `${planned.date}.${planned.slot}` }),
    )) as unknown as Response;
    expect(sent.status).toBe(303);
    expect(sent.headers.get("Location")).toBe("/te/cart");
    expect(await flashOf(sent)).toMatchObject({ text: te.shop.checkout.emptyCart });
    expect(await one<{ n: number }>("SELECT count(*) AS n FROM orders WHERE user_id = ?", id)).toEqual({ n: 0 });
  });
});
