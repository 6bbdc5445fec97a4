import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

describe("npm start", () => {
  it("prints each mail's code and no error trace, and downloads nothing", { timeout: 120_000 }, async () => {
    const { applyMigrations, serve, stop } = await import("../../scripts/lib/local.mjs");
    const persistTo = ".wrangler/e2e-start-log";
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
      expect(log).not.toMatch(/ENOTFOUND|Error:|Unable to fetch/);
    } finally {
      stop(child);
    }
  });
});
