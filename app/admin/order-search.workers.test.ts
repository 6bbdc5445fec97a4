import { describe, expect, it } from "vitest";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { callRoute, sessionCookie } from "../../tests/setup/routes";
import { one } from "../../tests/setup/sql";
import { phoneSearch } from "~/lib/phone";
import { loader as dashboard } from "~/routes/admin-dashboard";
import { listAdminOrders } from "./order-list.server";

const w = setUpAdminWorld();

/** A paid order of the world's customer with its phone and name changed to these (as its checkout stored them). */
async function orderWith(phone: string, firstName: string) {
  const order = await w.paidOrder(w.customer.id, 1);
  await one("UPDATE orders SET phone = ?, first_name = ? WHERE id = ? RETURNING id", phone, firstName, order.id);
  return order.number;
}

const found = async (q: string) => (await listAdminOrders(w.deps, { status: null, q, page: 1 })).orders.map((o) => o.number);

describe("the admin's order search", () => {
  it("finds a phone however it is typed: spaces, dashes, brackets, a +91 or 0 prefix, or a part of it", async () => {
    const number = await orderWith("+919848012345", "Sravani");
    const other = await orderWith("+919000011111", "Kalyani");
    for (const q of [
      "9848012345",
      "98480 12345",
      "98480-12345",
      "+91 98480 12345",
      "+91-98480-12345",
      "098480 12345",
      "(98480) 12345",
      "98480",
      "12345",
      "480 123",
    ]) {
      expect([q, await found(q)]).toEqual([q, [number]]);
    }
    expect(await found("Kalyani")).toEqual([other]);
    expect(await found(number)).toEqual([number]);
    expect(await found(number.slice(4, 8))).toEqual(expect.arrayContaining([number, other]));
  });

  it("from the dashboard's search box, as a plain GET", async () => {
    const number = await orderWith("+919848055555", "Manikyam");
    const page = await callRoute(dashboard, `/admin-dashboard?q=${encodeURIComponent("98480 55555")}`, { cookie: await sessionCookie(w.admin.id) });
    expect((page.body as { orders: { number: string }[] }).orders.map((o) => o.number)).toEqual([number]);
  });

  it("reads only a search that looks like a phone as one", () => {
    expect(phoneSearch("98480 12345")).toBe("9848012345");
    expect(phoneSearch("+91 98480 12345")).toBe("9848012345");
    expect(phoneSearch("098480-12345")).toBe("9848012345");
    expect(phoneSearch("98 480")).toBe("98480");
    expect(phoneSearch("PUL-2611-7F3K")).toBeNull();
    expect(phoneSearch("Ravi Kumar")).toBeNull();
    expect(phoneSearch("98")).toBeNull();
  });
});
