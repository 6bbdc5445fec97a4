import { applyD1Migrations, listDurableObjectIds, reset, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Test files share a workerd (isolate: false): each starts by deleting all that the file before it stored.
// reset() wipes only objects in memory (D1 and R2 are objects too) and workerd unloads idle ones: wake them all.
await env.DB.prepare("SELECT 1").run();
await env.AUCTION_IMAGES.list({ limit: 1 });
await env.CLAIM_EVIDENCE.list({ limit: 1 });
const rooms = await listDurableObjectIds(env.AUCTION_ROOM);
await Promise.all(rooms.map((id) => runInDurableObject(env.AUCTION_ROOM.get(id), () => {})));
await reset();

// On a machine busy enough, reset() has been seen to leave the file before's tables behind: drop them, so this
// file still starts from an empty database (and say so only if even that fails).
const tables = async () =>
  (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>())
    .results;
const stale = await tables();
if (stale.length) {
  await env.DB.batch([env.DB.prepare("PRAGMA defer_foreign_keys = on"), ...stale.map((t) => env.DB.prepare(`DROP TABLE IF EXISTS "${t.name}"`))]);
}
const left = await tables();
if (left.length) throw new Error(`the database still has ${left.length} tables from an earlier test file`);

/**
 * The migrated database, as the first file in this workerd made it by running every migration: its schema and
 * the rows the migrations wrote. Later files make the same database in one batch instead of migration by migration.
 */
type Migrated = { schema: string[]; rows: { table: string; columns: string[]; values: unknown[][] }[] };
const kept = globalThis as { migratedDatabase?: Migrated };

async function migrateOnce(): Promise<Migrated> {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const objects = await env.DB.prepare(
    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid",
  ).all<{ type: string; name: string; sql: string }>();
  const rows: Migrated["rows"] = [];
  for (const { name } of objects.results.filter((o) => o.type === "table")) {
    const found = await env.DB.prepare(`SELECT * FROM "${name}"`).raw({ columnNames: true });
    const [columns, ...values] = found as [string[], ...unknown[][]];
    if (values.length) rows.push({ table: name, columns, values });
  }
  return { schema: objects.results.map((o) => o.sql), rows };
}

if (kept.migratedDatabase) {
  const { schema, rows } = kept.migratedDatabase;
  await env.DB.batch([
    ...schema.map((statement) => env.DB.prepare(statement)),
    ...rows.flatMap(({ table, columns, values }) =>
      values.map((row) =>
        env.DB.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...row),
      ),
    ),
  ]);
} else {
  kept.migratedDatabase = await migrateOnce();
}
