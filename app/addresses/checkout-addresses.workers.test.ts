import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { createApiOrder } from "~/web/orders-api.server";
import { action as checkoutAction } from "~/routes/checkout";
import { DOWLESWARAM_ADDRESS, VALID_ADDRESS } from "../../tests/setup/address";
import { asUser, type Reply } from "../../tests/setup/as-user";
import { filledCheckout, setUpCheckoutWorld } from "../../tests/setup/checkout";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { all as q, one } from "../../tests/setup/sql";
import { rememberAddress, updateAddress } from "./addresses.server";

const w = setUpCheckoutWorld();
const { deps, newUser } = w;

const fillCart = (userId: number, kg = 1) =>
  env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, 1, ?) ON CONFLICT DO UPDATE SET quantity = excluded.quantity")
    .bind(userId, kg)
    .run();

/** 'Pay ₹500' on the checkout page with one fish in the cart (or `kg` of it) and these fields. */
async function pressPay(userId: number, fields: Record<string, string>, kg = 1) {
  await fillCart(userId, kg);
  const planned = await plannedDelivery([1], Date.now());
  return (await checkoutAction(await asUser(userId, "/checkout", { delivery: `${planned.date}.${planned.slot}`, ...fields }))) as Response | Reply;
}

const saved = (userId: number) => q("SELECT id, first_name, phone, address, city, state, zip FROM saved_addresses WHERE user_id = ? ORDER BY id", userId);
/** The saved addresses the checkout page offers, in its order (the first is chosen). */
async function offered(userId: number) {
  await fillCart(userId);
  return (await filledCheckout(await asUser(userId, "/checkout"))).addresses;
}
const orderOf = (userId: number) => q("SELECT first_name, last_name, phone, address, city, state, zip FROM orders WHERE user_id = ?", userId);
const TYPED_TO_IGNORE = { firstName: "", lastName: "X", phone: "123", address: "short", city: "", state: "Telangana", zip: "560001" };

describe("the address of a checkout is saved", () => {
  it("once: typed again (other case, spaces, +91, a split pincode) it is the same address, made the last used, and offered first", async () => {
    const id = await newUser("saver@example.in");
    expect(await offered(id)).toEqual([]);
    expect(((await pressPay(id, VALID_ADDRESS)) as Response).status).toBe(303);
    expect(await saved(id)).toEqual([
      {
        id: expect.any(Number),
        first_name: "Asha",
        phone: "9876543210",
        address: "12 Godavari Bund Road",
        city: "Rajahmundry",
        state: "Andhra Pradesh",
        zip: "533101",
      },
    ]);
    const [asha] = await saved(id);
    await pressPay(id, DOWLESWARAM_ADDRESS);
    expect((await offered(id)).map((a) => a.name)).toEqual(["Ravi Kumar", "Asha Rao"]);

    await pressPay(id, { ...VALID_ADDRESS, address: "  12  godavari BUND road ", city: "RAJAHMUNDRY", phone: "+91 98765 43210", zip: "533 101" });
    expect(await saved(id)).toHaveLength(2);
    // The address keeps what was typed last, as one plain line.
    expect(await offered(id)).toEqual([
      { id: asha.id, name: "Asha Rao", phone: "9876543210", address: "12 godavari BUND road", place: "RAJAHMUNDRY, Andhra Pradesh 533101" },
      expect.objectContaining({ name: "Ravi Kumar" }),
    ]);
  });

  it("only when the order is made: a refused address or a refused cart saves nothing", async () => {
    const id = await newUser("refused@example.in");
    expect(((await pressPay(id, { ...VALID_ADDRESS, zip: "560001" })) as Reply).init?.status).toBe(400);
    expect(((await pressPay(id, DOWLESWARAM_ADDRESS, 60)) as Reply).init?.status).toBe(400);
    expect(await saved(id)).toEqual([]);
    expect(await orderOf(id)).toEqual([]);
  });

  it("by the JSON API's checkout too", async () => {
    const id = await newUser("api-saver@example.in");
    const user = (await getDb(env).query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) }))!;
    const planned = await plannedDelivery([1], Date.now());
    const a = DOWLESWARAM_ADDRESS;
    await createApiOrder(deps, user, {
      products: [{ product_id: "1", quantity: 1 }],
      ...{ first_name: a.firstName, last_name: a.lastName, phone: `+91${a.phone}`, address: a.address, city: a.city, state: a.state, zip: a.zip },
      ...{ delivery_date: planned.date, delivery_slot: planned.slot },
    });
    expect(await saved(id)).toEqual([expect.objectContaining({ first_name: "Ravi", phone: "9848012345", zip: "533125" })]);
  });

  it("concurrently and replayed, one address is one row; the last used is the newest even within one millisecond", async () => {
    const id = await newUser("racer@example.in");
    const presses = await Promise.allSettled(Array.from({ length: 3 }, () => pressPay(id, VALID_ADDRESS)));
    expect(presses.some((p) => p.status === "fulfilled" && p.value instanceof Response && p.value.status === 303)).toBe(true);
    expect(await saved(id)).toHaveLength(1);
    await Promise.all(Array.from({ length: 8 }, () => rememberAddress(deps, id, VALID_ADDRESS, w.now)));
    expect(await saved(id)).toHaveLength(1);
    await rememberAddress(deps, id, DOWLESWARAM_ADDRESS, w.now);
    await rememberAddress(deps, id, VALID_ADDRESS, w.now);
    expect((await offered(id)).map((a) => a.name)).toEqual(["Asha Rao", "Ravi Kumar"]);
  });
});

describe("checking out with a saved address", () => {
  it("ships to the chosen one, whatever the typed fields below it hold (left visible without JavaScript)", async () => {
    const id = await newUser("chooser@example.in");
    await rememberAddress(deps, id, VALID_ADDRESS, w.now);
    await rememberAddress(deps, id, DOWLESWARAM_ADDRESS, w.now);
    const [asha] = await saved(id);
    const res = (await pressPay(id, { addressId: String(asha.id), ...TYPED_TO_IGNORE })) as Response;
    expect(res.status).toBe(303);
    // Without JavaScript the checkout answers with the advance's payment link.
    expect(new URL(res.headers.get("Location")!).pathname).toMatch(/^\/sandbox\/link\/plink_/);
    expect(await orderOf(id)).toEqual([
      {
        first_name: "Asha",
        last_name: "Rao",
        phone: "+919876543210",
        address: "12 Godavari Bund Road",
        city: "Rajahmundry",
        state: "Andhra Pradesh",
        zip: "533101",
      },
    ]);
    // Using it makes it the last used: the next checkout offers it first.
    expect((await offered(id))[0].id).toBe(asha.id);
    expect(await saved(id)).toHaveLength(2);
  });

  it("ships to the address as edited on the profile", async () => {
    const id = await newUser("edited@example.in");
    await rememberAddress(deps, id, VALID_ADDRESS, w.now);
    const [asha] = await saved(id);
    await updateAddress(deps, id, asha.id, { ...VALID_ADDRESS, address: "40 Tilak Road, Danavaipeta", zip: "533103" }, w.now);
    expect(((await pressPay(id, { addressId: String(asha.id) })) as Response).status).toBe(303);
    expect(await orderOf(id)).toEqual([expect.objectContaining({ address: "40 Tilak Road, Danavaipeta", zip: "533103" })]);
    expect(await saved(id)).toHaveLength(1);
  });

  it("'A new address' uses the typed fields, checked as always", async () => {
    const id = await newUser("new-choice@example.in");
    await rememberAddress(deps, id, VALID_ADDRESS, w.now);
    const bad = (await pressPay(id, { addressId: "new", ...TYPED_TO_IGNORE })) as Reply;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.error?.firstName).toEqual(["First name is required"]);
    expect(((await pressPay(id, { addressId: "new", ...DOWLESWARAM_ADDRESS })) as Response).status).toBe(303);
    expect(await orderOf(id)).toEqual([expect.objectContaining({ first_name: "Ravi", zip: "533125" })]);
  });

  it("refuses another account's address id (or one that does not exist) with a clear error, and changes nothing", async () => {
    const owner = await newUser("owner-of-address@example.in");
    await rememberAddress(deps, owner, VALID_ADDRESS, w.now);
    const [theirs] = await saved(owner);
    const thief = await newUser("thief@example.in");
    for (const addressId of [String(theirs.id), "999999"]) {
      const reply = (await pressPay(thief, { addressId, ...VALID_ADDRESS })) as Reply;
      expect(reply.init?.status).toBe(404);
      expect(reply.data.error?.[""]).toEqual(["That saved address is not in your account. Please choose another address."]);
    }
    const garbled = (await pressPay(thief, { addressId: "1 OR 1=1", ...VALID_ADDRESS })) as Reply;
    expect(garbled.data.error?.addressId).toEqual(["Please choose an address"]);
    expect(await orderOf(thief)).toEqual([]);
    expect(await saved(thief)).toEqual([]);
    expect(await saved(owner)).toEqual([theirs]);
  });

  it("checks a saved address again by the typed address's rules: one that no longer passes is refused, with why", async () => {
    const id = await newUser("stale@example.in");
    await rememberAddress(deps, id, VALID_ADDRESS, w.now);
    const [stale] = await saved(id);
    for (const [zip, why] of [
      ["500001", "Pincode 500001 is in Telangana: choose Telangana as the state, or check the pincode."],
      ["560001", "Sorry, we deliver only in Andhra Pradesh and Telangana for now."],
    ]) {
      await env.DB.prepare("UPDATE saved_addresses SET zip = ? WHERE id = ?").bind(zip, stale.id).run();
      const reply = (await pressPay(id, { addressId: String(stale.id) })) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error?.[""]).toEqual([`Your saved address can no longer be used: ${why} Please edit it on your profile or enter a new address.`]);
    }
    await env.DB.prepare("UPDATE saved_addresses SET zip = '533101', phone = '+91 98765-43210' WHERE id = ?").bind(stale.id).run();
    expect(((await pressPay(id, { addressId: String(stale.id) })) as Response).status).toBe(303);
    expect(await one("SELECT phone FROM orders WHERE user_id = ?", id)).toEqual({ phone: "+919876543210" });
  });
});
