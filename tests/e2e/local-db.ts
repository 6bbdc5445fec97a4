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
    for (const statement of statements) rows = await d1.query(statement.trim().replace(/;$/, ""), ...params);
    return rows;
  };
}
