import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORDER_STATUS } from "~/orders/status";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { one } from "../../tests/setup/sql";
import { abortUnless, BatchAbortedError, isUniqueClash, orderAt, orderIs, previousChanged, runBatch } from "./guards.server";
import { orderEvents, orders, siteVersions } from "./schema";

const w = setUpAdminWorld();
const { deps } = w;
const db = deps.db;

const bump = (orderId: number, version: number) =>
  db
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(orderAt(orderId, { version, status: ORDER_STATUS.order_raised }));
const note = (orderId: number, text: string, guard = previousChanged()) =>
  db.run(sql`INSERT INTO ${orderEvents} (order_id, kind, note, created_at) SELECT ${orderId}, 'guard-test', ${text}, 0 WHERE ${guard}`);
const notes = async (orderId: number) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM order_events WHERE order_id = ? AND kind = 'guard-test'", orderId)).n;

describe("the named guards of a batch", () => {
  it("a change decided on a stale version writes nothing, nor does what is chained on it", async () => {
    const order = await w.paidOrder(w.customer.id);
    const v = await w.version(order.number);
    const stale = await runBatch(db, { order: bump(order.id, v - 1), event: note(order.id, "stale") });
    expect(stale.order.meta.changes).toBe(0);
    expect(stale.event.meta.changes).toBe(0);
    expect(await w.version(order.number)).toBe(v);
    expect(await notes(order.id)).toBe(0);

    const fresh = await runBatch(db, { order: bump(order.id, v), event: note(order.id, "fresh") });
    expect(fresh.order.meta.changes).toBe(1);
    expect(fresh.event.meta.changes).toBe(1);
    expect(await w.version(order.number)).toBe(v + 1);
  });

  it("a statement on another table applies only while the order is where its guard says", async () => {
    const order = await w.paidOrder(w.customer.id);
    const v = await w.version(order.number);
    const results = await runBatch(db, {
      wrong: note(order.id, "wrong", orderIs(order.id, { version: v, status: ORDER_STATUS.order_cancelled })),
      right: note(order.id, "right", orderIs(order.id, { version: v, status: [ORDER_STATUS.order_raised, ORDER_STATUS.order_confirmed] })),
    });
    expect([results.wrong.meta.changes, results.right.meta.changes]).toEqual([0, 1]);
  });

  it("abortUnless rolls back the whole batch, statements before it too, and says why", async () => {
    const order = await w.paidOrder(w.customer.id);
    const v = await w.version(order.number);
    const attempt = runBatch(db, {
      order: bump(order.id, v),
      event: note(order.id, "written, then undone"),
      check: abortUnless(db, orderIs(order.id, { status: ORDER_STATUS.order_cancelled }), "the order is not cancelled"),
    });
    await expect(attempt).rejects.toBeInstanceOf(BatchAbortedError);
    await expect(attempt).rejects.toMatchObject({ reason: "the order is not cancelled" });
    expect(await w.version(order.number)).toBe(v);
    expect(await notes(order.id)).toBe(0);
  });

  it("a batch whose guard holds runs through abortUnless; a list of statements gives a list of results; false leaves one out", async () => {
    const order = await w.paidOrder(w.customer.id);
    const v = await w.version(order.number);
    const results = await runBatch(db, {
      order: bump(order.id, v),
      check: abortUnless(db, orderIs(order.id, { version: v + 1 }), "the order did not move"),
      events: [note(order.id, "one", sql`1`), note(order.id, "two", sql`1`)],
      skipped: false,
    });
    expect(results.events.map((r) => r.meta.changes)).toEqual([1, 1]);
    expect(results.skipped).toBeUndefined();
    expect(await notes(order.id)).toBe(2);
  });

  it("isUniqueClash names the column a unique index refused, and nothing else", async () => {
    await db.insert(siteVersions).values({ name: "guard-test", version: 1 }).onConflictDoNothing();
    const clash = await db
      .insert(siteVersions)
      .values({ name: "guard-test", version: 1 })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(clash).not.toBeNull();
    expect(isUniqueClash(clash, "site_versions.name")).toBe(true);
    expect(isUniqueClash(clash, "orders.number")).toBe(false);
    expect(
      isUniqueClash(new Error("D1_ERROR: UNIQUE constraint failed: saved_addresses.user_id, saved_addresses.key: SQLITE_CONSTRAINT"), "saved_addresses.key"),
    ).toBe(true);
    expect(isUniqueClash(new Error("some other failure"), "site_versions.name")).toBe(false);
    const missing = await db.select().from(siteVersions).where(eq(siteVersions.name, "guard-test"));
    expect(missing).toHaveLength(1);
  });
});
