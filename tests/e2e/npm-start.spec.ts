import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

describe("npm start", () => {
  it("prints each mail's code and no error trace, runs the Cron Trigger, and downloads and logs nothing", { timeout: 120_000 }, async () => {
    // wrangler's own folder for this run (XDG_CONFIG_HOME/.wrangler), to see that nothing is written there.
    const userConfig = mkdtempSync(path.join(tmpdir(), "pulasa-user-config-"));
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = userConfig;
    const { applyMigrations, serve, stop, triggerScheduled } = await import("../../scripts/lib/local.mjs");
    const persistTo = ".wrangler/e2e-start-log";
    try {
      applyMigrations(persistTo);
      const port = Number(new URL(baseUrl()).port) + 1;
      const { child, url } = await serve({ persistTo, port, logLevel: "log", stdio: ["ignore", "pipe", "pipe"] });
      let log = "";
      child.stdout?.on("data", (d: Buffer) => (log += d));
      child.stderr?.on("data", (d: Buffer) => (log += d));
      try {
        const email = `start.${Date.now()}@example.in`;
        const res = await fetch(`${url}/api/auth/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: "river-monsoon-2026", name: "Ravi Kumar" }),
        });
        expect(res.status).toBe(201);
        await expect.poll(() => log, { timeout: 5_000 }).toMatch(/verification code is \d{6}/);
        // What runScheduledJobs' timer calls: the store Worker's scheduled handler, which ends without an exception.
        expect(await triggerScheduled(url)).toBe("ok");
        expect(log).not.toMatch(/ENOTFOUND|Error:|Unable to fetch|uncaught exception/);

        // A rebuild while it serves (build/client emptied and refilled) leaves its static files as they were.
        const css = /href="(\/assets\/[^"]+\.css)"/.exec(await (await fetch(url)).text())![1];
        renameSync("build/client", "build/client-rebuilding");
        try {
          expect((await fetch(`${url}${css}`)).status).toBe(200);
          expect((await fetch(`${url}/robots.txt`)).status).toBe(200);
        } finally {
          renameSync("build/client-rebuilding", "build/client");
        }
      } finally {
        stop(child);
      }
      expect(existsSync(path.join(userConfig, ".wrangler", "logs"))).toBe(false);
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
      rmSync(userConfig, { recursive: true, force: true });
    }
  });
});
