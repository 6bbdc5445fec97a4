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
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
