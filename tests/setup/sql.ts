import { env } from "cloudflare:workers";

/** Every row a query returns, from the test's D1. */
export async function all<T = Record<string, any>>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** The one row a query must return (a test that expects a row fails on its absence at the use). */
export async function one<T = Record<string, any>>(sql: string, ...binds: unknown[]): Promise<T> {
  return (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;
}
