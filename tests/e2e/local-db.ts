import { afterAll, beforeAll } from "vitest";
import { openLocalD1 } from "../../scripts/lib/local.mjs";
import { PERSIST_TO } from "./global-setup";

/**
 * The running store's D1 database, for what a test sets up or checks behind the pages: one handle per test
 * file (openLocalD1 on the e2e persistence folder), opened before its tests and closed after them.
 */
export function useLocalDb() {
  let d1: Awaited<ReturnType<typeof openLocalD1>> | undefined;
  beforeAll(async () => {
    d1 = await openLocalD1(PERSIST_TO);
  });
  afterAll(async () => {
    await d1?.dispose();
  });
  /** Runs SQL (statements end with ";" and a line break) and returns the last statement's rows. */
  return async function sql(query: string, ...params: unknown[]): Promise<Record<string, unknown>[]> {
    if (!d1) throw new Error("the local database opens before the tests");
    const statements = query.split(/;\s*\n/).filter((q) => q.trim());
    let rows: Record<string, unknown>[] = [];
    for (const statement of statements) rows = await unlocked(() => d1!.query(statement.trim().replace(/;$/, ""), ...params));
    return rows;
  };
}

/**
 * The store and this handle are two processes on one SQLite file: a statement that meets the store's write
 * is refused whole ("database is locked", which D1 reports as an internal error), so it is tried again.
 */
async function unlocked<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 20 || !/SQLITE_BUSY|database is locked|internal error/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Gives a delivery date's two slots room to spare (the other suites' orders may have filled them, and which
 * date they fill depends on the hour the run starts) and returns what puts the date's capacities back.
 */
export async function roomyDate(sql: ReturnType<typeof useLocalDb>, date: string): Promise<() => Promise<void>> {
  const before = await sql("SELECT slot, capacity FROM delivery_slots WHERE delivery_date = ?", date);
  await sql(
    `INSERT INTO delivery_slots (delivery_date, slot, capacity) VALUES (?1, 'morning', 500), (?1, 'evening', 500)
     ON CONFLICT (delivery_date, slot) DO UPDATE SET capacity = 500`,
    date,
  );
  return async () => {
    await sql("DELETE FROM delivery_slots WHERE delivery_date = ?", date);
    for (const row of before) await sql("INSERT INTO delivery_slots (delivery_date, slot, capacity) VALUES (?, ?, ?)", date, row.slot, row.capacity);
  };
}

/**
 * An id for a row a test inserts itself (a user, an auction). The suites run side by side on one database, so
 * each test file starts at a random point of a wide range and counts up from there: ids never repeat within a
 * file, and two files' runs of ids meet only with negligible chance (small random ranges per test did collide).
 */
export const freshId = (() => {
  let next = 2_000_000 + Math.floor(Math.random() * 8_000_000);
  return (count = 1) => {
    const id = next;
    next += count;
    return id;
  };
})();
