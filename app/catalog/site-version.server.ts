import { sql } from "drizzle-orm";
import { siteVersions } from "~/db/schema";
import type { Deps } from "~/deps";

/**
 * What anonymous visitors see of the catalogue (products, prices, what is left of each day's catch) has a
 * version; the edge cache keys its copies by it, so a change shows on every cached page at once, in every
 * data centre, without purging anything.
 */
const NAME = "catalogue";

/** Bumps the catalogue's version; goes into the batch (`runBatch`) that changes what public pages show. */
export function bumpCatalogue(deps: Pick<Deps, "db">) {
  return deps.db
    .insert(siteVersions)
    .values({ name: NAME, version: 2 })
    .onConflictDoUpdate({ target: siteVersions.name, set: { version: sql`${siteVersions.version} + 1` } });
}

/** The same bump for the catalogue's own batches, still written as D1 statements. */
export function bumpCatalogueStatement(deps: Pick<Deps, "db">): D1PreparedStatement {
  return deps.db.$client.prepare("INSERT INTO site_versions (name, version) VALUES (?, 2) ON CONFLICT (name) DO UPDATE SET version = version + 1").bind(NAME);
}

/** The current version (1 before the first change). */
export async function readCatalogueVersion(db: Pick<D1Database, "prepare">): Promise<number> {
  const row = await db.prepare("SELECT version FROM site_versions WHERE name = ?").bind(NAME).first<{ version: number }>();
  return row?.version ?? 1;
}
