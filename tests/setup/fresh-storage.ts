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

const left = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master").first<{ n: number }>();
if (left?.n) throw new Error(`the database still has ${left.n} tables from an earlier test file`);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
