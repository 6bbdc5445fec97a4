import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalD1, quietEnv } from "./lib/local.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "pulasa-admin-"));

let d1: Awaited<ReturnType<typeof openLocalD1>>;
const sql = (command: string) => d1.query(command);

const admin = (...args: string[]) => spawnSync("node", ["scripts/admin.mjs", ...args, "--persist-to", dir], { encoding: "utf8", env: quietEnv });

describe("npm run admin", () => {
  beforeAll(async () => {
    d1 = await openLocalD1(dir);
    // The schema as the workerd tests make it: one process fewer than `wrangler d1 migrations apply`.
    for (const { queries } of await readD1Migrations("migrations")) await d1.db.batch(queries.map((q) => d1.db.prepare(q)));
    await sql("INSERT INTO users (name, email) VALUES ('Lakshmi', 'lakshmi@example.in')");
  }, 60_000);
  afterAll(async () => {
    await d1?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("promotes an existing user and says so", async () => {
    const r = admin("Lakshmi@Example.in");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("lakshmi@example.in is now an admin");
    expect(await sql("SELECT is_admin FROM users WHERE email = 'lakshmi@example.in'")).toEqual([{ is_admin: 1 }]);
  }, 30_000);

  it("fails clearly for an unknown e-mail and refuses anything that is not an e-mail", async () => {
    const unknown = admin("nobody@example.in");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No user with the e-mail nobody@example.in");
    const bad = admin("x'; DROP TABLE users;--");
    expect(bad.status).toBe(2);
    expect(await sql("SELECT COUNT(*) AS n FROM users")).toEqual([{ n: 1 }]);
  }, 30_000);
});
