import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, queryLocal, quietEnv } from "./lib/local.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "pulasa-admin-"));

const sql = (command: string): Record<string, unknown>[] => queryLocal(dir, command);

const admin = (...args: string[]) => spawnSync("node", ["scripts/admin.mjs", ...args, "--persist-to", dir], { encoding: "utf8", env: quietEnv });

describe("npm run admin", () => {
  beforeAll(() => {
    applyMigrations(dir);
    sql("INSERT INTO users (name, email) VALUES ('Lakshmi', 'lakshmi@example.in')");
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("promotes an existing user and says so", () => {
    const r = admin("Lakshmi@Example.in");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("lakshmi@example.in is now an admin");
    expect(sql("SELECT is_admin FROM users WHERE email = 'lakshmi@example.in'")).toEqual([{ is_admin: 1 }]);
  }, 30_000);

  it("fails clearly for an unknown e-mail and refuses anything that is not an e-mail", () => {
    const unknown = admin("nobody@example.in");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No user with the e-mail nobody@example.in");
    const bad = admin("x'; DROP TABLE users;--");
    expect(bad.status).toBe(2);
    expect(sql("SELECT COUNT(*) AS n FROM users")).toEqual([{ n: 1 }]);
  }, 30_000);
});
