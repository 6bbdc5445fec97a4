import { sql, type SQL } from "drizzle-orm";
import { orderEvents, type User } from "~/db/schema";
import { previousChanged } from "~/db/guards.server";
import type { Deps } from "~/deps";

/** A line of the order's history; by default written only if the batch's previous statement changed its row. */
export function eventStatement(
  deps: Pick<Deps, "db">,
  orderId: number,
  actor: User | null,
  kind: string,
  from: string | null,
  to: string | null,
  note: string | null,
  now: number,
  guard: SQL = previousChanged(),
) {
  return deps.db.run(
    sql`INSERT INTO ${orderEvents} (order_id, actor_user_id, kind, from_value, to_value, note, created_at)
        SELECT ${orderId}, ${actor?.id ?? null}, ${kind}, ${from}, ${to}, ${note}, ${now} WHERE ${guard}`,
  );
}
