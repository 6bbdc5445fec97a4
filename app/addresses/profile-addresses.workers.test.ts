import { describe, expect, it } from "vitest";
import { createShopOrder } from "~/orders/orders.server";
import { action as editAction, loader as editLoader } from "~/routes/profile_.addresses.$id";
import { loader as profileLoader } from "~/routes/profile";
import { DOWLESWARAM_ADDRESS, VALID_ADDRESS } from "../../tests/setup/address";
import { asUser, flashOf, type Reply } from "../../tests/setup/as-user";
import { setUpCheckoutWorld } from "../../tests/setup/checkout";
import { all as q, one } from "../../tests/setup/sql";
import { listAddresses, rememberAddress } from "./addresses.server";
import { MAX_SAVED_ADDRESSES } from "./rules";

const w = setUpCheckoutWorld();
const { deps, newUser } = w;

const saved = (userId: number) =>
  q("SELECT id, first_name, phone, address, city, state, zip, last_used_at FROM saved_addresses WHERE user_id = ? ORDER BY id", userId);

/** A shopper with the two test addresses saved (Asha's used first): their ids in that order. */
async function shopperWithTwo(email: string) {
  const id = await newUser(email);
  await rememberAddress(deps, id, VALID_ADDRESS, w.now);
  await rememberAddress(deps, id, DOWLESWARAM_ADDRESS, w.now + 1000);
  const [asha, ravi] = (await saved(id)).map((r) => r.id as number);
  return { id, asha, ravi };
}

const edit = async (userId: number | null, addressId: number | string, form: Record<string, string>) =>
  (await editAction(await asUser(userId, `/profile/addresses/${addressId}`, form, { id: String(addressId) }))) as Response | Reply;

describe("the profile's saved addresses", () => {
  it("lists the account's own, the last used first; none is an empty list; signed out shows none", async () => {
    const { id, asha, ravi } = await shopperWithTwo("lister@example.in");
    await shopperWithTwo("someone-else@example.in");
    const page = await profileLoader(await asUser(id, "/profile"));
    expect(page.addresses.map((a) => a.id)).toEqual([ravi, asha]);
    expect(page.addresses[1]).toEqual({
      id: asha,
      name: "Asha Rao",
      phone: "9876543210",
      address: "12 Godavari Bund Road",
      place: "Rajahmundry, Andhra Pradesh 533101",
    });
    expect((await profileLoader(await asUser(await newUser("empty@example.in"), "/profile"))).addresses).toEqual([]);
    expect(await profileLoader(await asUser(null, "/profile"))).toEqual({ profile: null, addresses: [], addressTexts: null, devices: 0 });
  });

  it("edit: the checkout's fields and rules, each refusal beside its field; a valid edit is saved normalised and keeps its place", async () => {
    const { id, asha } = await shopperWithTwo("editor@example.in");
    expect((await editLoader(await asUser(id, `/profile/addresses/${asha}`, undefined, { id: String(asha) }))).address).toEqual(VALID_ADDRESS);
    const before = await saved(id);
    for (const [change, field, message] of [
      [{ zip: "560001" }, "zip", "Sorry, we deliver only in Andhra Pradesh and Telangana for now."],
      [{ state: "Telangana" }, "zip", "Pincode 533101 is in Andhra Pradesh: choose Andhra Pradesh as the state, or check the pincode."],
      [{ state: "Karnataka" }, "state", "Sorry, we deliver only in Andhra Pradesh and Telangana for now."],
      [{ phone: "98480 123" }, "phone", "Phone number must be exactly 10 digits"],
      [{ address: "Short" }, "address", "Address must be at least 10 characters"],
      [{ firstName: "" }, "firstName", "First name is required"],
    ] as const) {
      const reply = (await edit(id, asha, { ...VALID_ADDRESS, ...change })) as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data.error?.[field]).toEqual([message]);
    }
    expect(await saved(id)).toEqual(before);

    const res = (await edit(id, asha, { ...VALID_ADDRESS, address: "14 Godavari Bund Road", phone: "+91 98480-12345", zip: "533 102" })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/profile");
    expect(await flashOf(res)).toEqual({ type: "success", text: "Address saved." });
    expect(await one("SELECT address, phone, zip, last_used_at FROM saved_addresses WHERE id = ?", asha)).toEqual({
      address: "14 Godavari Bund Road",
      phone: "9848012345",
      zip: "533102",
      last_used_at: before[0].last_used_at,
    });
    // The edited address is now the one typed again at checkout: the same row, not a new one.
    await rememberAddress(deps, id, { ...VALID_ADDRESS, address: "14 godavari bund road", phone: "9848012345", zip: "533102" }, w.now + 2000);
    expect((await listAddresses(deps, id)).map((a) => a.id)).toEqual([asha, expect.any(Number)]);
    expect(await saved(id)).toHaveLength(2);
  });

  it("edit into a copy of another saved address is refused; nothing changes", async () => {
    const { id, asha } = await shopperWithTwo("copier@example.in");
    const before = await saved(id);
    const reply = (await edit(id, asha, { ...DOWLESWARAM_ADDRESS, city: "DOWLESWARAM" })) as Reply;
    expect(reply.init?.status).toBe(409);
    expect(reply.data.error?.[""]).toEqual(["You already have this address saved."]);
    expect(await saved(id)).toEqual(before);
  });

  it("another account's address cannot be opened, edited or deleted; signed out goes to login", async () => {
    const { id: owner, asha } = await shopperWithTwo("owner@example.in");
    const before = await saved(owner);
    const other = await newUser("nosy@example.in");
    const opened = await editLoader(await asUser(other, `/profile/addresses/${asha}`, undefined, { id: String(asha) })).catch((e: Response) => e);
    expect((opened as Response).status).toBe(404);
    const edited = (await edit(other, asha, DOWLESWARAM_ADDRESS)) as Reply;
    expect(edited.init?.status).toBe(404);
    expect(edited.data.error?.[""]).toEqual(["That saved address is not in your account. Please choose another address."]);
    const deleted = (await edit(other, asha, { intent: "delete" })) as Response;
    expect(await flashOf(deleted)).toEqual({ type: "error", text: "That saved address is not in your account. Please choose another address." });
    const anonymous = await edit(null, asha, { intent: "delete" }).catch((e: Response) => e);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const notANumber = await edit(owner, "1e3", { intent: "delete" }).catch((e: Response) => e);
    expect((notANumber as Response).status).toBe(404);
    expect(await saved(owner)).toEqual(before);
  });

  it("delete: gone from the account, the orders made with it unchanged; pressed again it says so and deletes nothing else", async () => {
    const { id, asha, ravi } = await shopperWithTwo("deleter@example.in");
    const order = await createShopOrder(deps, {
      user: { id },
      lines: [{ productId: 1, quantity: 1 }],
      shipping: VALID_ADDRESS,
      delivery: w.delivery,
      now: w.now,
    });
    const res = (await edit(id, asha, { intent: "delete" })) as Response;
    expect(res.status).toBe(303);
    expect(await flashOf(res)).toEqual({ type: "success", text: "Address deleted." });
    expect((await saved(id)).map((r) => r.id)).toEqual([ravi]);
    expect(await one("SELECT first_name, phone, address, city, state, zip FROM orders WHERE id = ?", order.id)).toEqual({
      first_name: "Asha",
      phone: "+919876543210",
      address: "12 Godavari Bund Road",
      city: "Rajahmundry",
      state: "Andhra Pradesh",
      zip: "533101",
    });
    const again = (await edit(id, asha, { intent: "delete" })) as Response;
    expect((await flashOf(again))?.type).toBe("error");
    expect((await saved(id)).map((r) => r.id)).toEqual([ravi]);
    // Two presses at once: one deletes, the other is told it is gone.
    const both = (await Promise.all([edit(id, ravi, { intent: "delete" }), edit(id, ravi, { intent: "delete" })])) as Response[];
    expect((await Promise.all(both.map(flashOf))).map((f) => f?.type).sort()).toEqual(["error", "success"]);
    expect(await saved(id)).toEqual([]);
  });
});

describe("at most MAX_SAVED_ADDRESSES an account", () => {
  const numbered = (n: number) => ({ ...VALID_ADDRESS, address: `${n} Godavari Bund Road` });

  it("a new address beyond the limit replaces the one used longest ago; using an old one again keeps it", async () => {
    const id = await newUser("many@example.in");
    for (let n = 1; n <= MAX_SAVED_ADDRESSES; n++) await rememberAddress(deps, id, numbered(n), w.now);
    await rememberAddress(deps, id, numbered(1), w.now);
    await rememberAddress(deps, id, numbered(11), w.now);
    const kept = (await listAddresses(deps, id)).map((a) => a.address);
    expect(kept).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(kept.slice(0, 2)).toEqual(["11 Godavari Bund Road", "1 Godavari Bund Road"]);
    expect(kept).not.toContain("2 Godavari Bund Road");
  });

  it("holds when 15 checkouts save 15 different addresses at once", async () => {
    const id = await newUser("burst@example.in");
    const other = await newUser("bystander@example.in");
    await rememberAddress(deps, other, VALID_ADDRESS, w.now);
    await Promise.all(Array.from({ length: 15 }, (_, n) => rememberAddress(deps, id, numbered(n + 1), w.now)));
    expect(await saved(id)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(await saved(other)).toHaveLength(1);
  });
});
