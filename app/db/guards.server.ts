// Relative imports only inside app/db (drizzle-kit and vite.config.ts load the schema without the app alias).
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { PreparedQuery } from "drizzle-orm/session";
import type { OrderStatus, PaymentState } from "../orders/status";
import type { Db } from "./client.server";
import { orders } from "./schema";

/**
 * The guards of the store's batches. D1 has no interactive transactions: a change that must see the state it
 * was decided on is ONE `db.batch` (atomic, run alone) whose statements each carry a guard, so a stale form or
 * a racing change writes nothing. The guards are SQL fragments built with drizzle's `sql` template, so every
 * value is a bound parameter and never pasted into SQL text; each has a name saying what it checks.
 */

/** What a change expects of its order: the version it was decided on, its status, its payment state. */
export type OrderAt = {
  version?: number;
  status?: OrderStatus | readonly OrderStatus[];
  notStatus?: OrderStatus;
  paymentState?: PaymentState;
};

function orderConditions(orderId: number, at: OrderAt): SQL {
  const status = at.status;
  return and(
    eq(orders.id, orderId),
    at.version === undefined ? undefined : eq(orders.version, at.version),
    status === undefined ? undefined : typeof status === "string" ? eq(orders.status, status) : inArray(orders.status, [...status]),
    at.notStatus === undefined ? undefined : ne(orders.status, at.notStatus),
    at.paymentState === undefined ? undefined : eq(orders.paymentState, at.paymentState),
  )!;
}

/** The WHERE of a change to the order's own row: the order, at this version / status / payment state. */
export function orderAt(orderId: number, at: OrderAt): SQL {
  return orderConditions(orderId, at);
}

/**
 * For a statement on another table: the order is (now, inside the batch) at this version / status / payment
 * state. After the order's own update in the same batch, ask for the version it moved to (`version + 1`).
 */
export function orderIs(orderId: number, at: OrderAt): SQL {
  return sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orderConditions(orderId, at)})`;
}

/**
 * The previous statement of the batch changed exactly one row, or with "some" at least one (a refund spread over
 * several captures). SQLite's `changes()`; a batch runs on one connection, in order: a statement chained on it
 * applies only if the one before it did.
 */
export function previousChanged(rows: "one" | "some" = "one"): SQL {
  return rows === "one" ? sql`changes() = 1` : sql`changes() > 0`;
}

/** Marks the message of a batch aborted on purpose, so it is told apart from any other failure. */
const ABORT = "abort: ";

/** A batch that stopped at `abortUnless`: nothing of it was written. */
export class BatchAbortedError extends Error {
  constructor(readonly reason: string) {
    super(`batch aborted: ${reason}`);
  }
}

/**
 * A statement that fails the whole batch, undoing what came before it, unless `condition` holds. SQLite has no
 * RAISE outside triggers; `json_extract` with a path that is not a JSON path is an error whose message carries
 * the path, which is the reason: `runBatch` turns it into a BatchAbortedError with that reason.
 */
export function abortUnless(db: Db, condition: SQL, reason: string) {
  return db.run(sql`SELECT CASE WHEN ${condition} THEN 1 ELSE json_extract('{}', ${ABORT + reason}) END`);
}

function messages(error: unknown): string[] {
  const found: string[] = [];
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) found.push(e instanceof Error ? e.message : String(e));
  return found;
}

/** The reason of a batch aborted by `abortUnless`, or null for any other error. */
export function abortReason(error: unknown): string | null {
  for (const message of messages(error)) {
    const match = /bad JSON path: '(?:abort: )(.*?)'/.exec(message) ?? /JSON path error near '(?:abort: )(.*?)'/.exec(message);
    if (match) return match[1];
  }
  return null;
}

/**
 * Whether `error` is SQLite refusing a row because `column` ("table.column") would repeat a unique value
 * (a composite index names every column it covers; any of them matches).
 */
export function isUniqueClash(error: unknown, column: `${string}.${string}`): boolean {
  return messages(error).some((message) => {
    const match = /UNIQUE constraint failed: ([\w., ]+?)(?::|$)/.exec(message);
    return match !== null && match[1].split(/,\s*/).includes(column);
  });
}

type Item = BatchItem<"sqlite">;
type Entry = Item | readonly Item[] | false | null | undefined;
type ResultOf<E> = E extends readonly (infer I extends Item)[] ? I["_"]["result"][] : E extends Item ? E["_"]["result"] : undefined;
export type BatchResults<T extends Record<string, Entry>> = { [K in keyof T]: ResultOf<T[K]> };

/**
 * Runs named statements as one D1 batch, in the order given, and returns each one's result by its name (a list
 * of statements gives a list of results; `false`, `null` or `undefined` leaves the name out of the batch).
 * A batch stopped by `abortUnless` throws BatchAbortedError with its reason.
 */
export async function runBatch<T extends Record<string, Entry>>(db: Db, named: T): Promise<BatchResults<T>> {
  const items: Item[] = [];
  const spans: [string, number, number, boolean][] = [];
  for (const [name, entry] of Object.entries(named)) {
    if (!entry) continue;
    const list = Array.isArray(entry) ? (entry as readonly Item[]) : [entry as Item];
    spans.push([name, items.length, list.length, Array.isArray(entry)]);
    items.push(...list);
  }
  // Not drizzle's own `db.batch`: in drizzle-orm 0.45 it fails on a `db.run(sql…)` statement with parameters (a raw
  // statement carries no prepared D1 statement to bind). Each item's query is bound here and read back as drizzle reads it.
  const prepared = items.map((item) => (item as unknown as { _prepare(): PreparedQuery })._prepare());
  let results: unknown[] = [];
  if (items.length > 0) {
    try {
      const answers = await db.$client.batch(
        prepared.map((query) => {
          const { sql: text, params } = query.getQuery();
          return db.$client.prepare(text).bind(...params);
        }),
      );
      results = answers.map((answer, i) => prepared[i].mapResult(answer, true));
    } catch (error) {
      const reason = abortReason(error);
      if (reason !== null) throw new BatchAbortedError(reason);
      throw error;
    }
  }
  const out: Record<string, unknown> = {};
  for (const [name, start, length, isList] of spans) out[name] = isList ? results.slice(start, start + length) : results[start];
  return out as BatchResults<T>;
}
