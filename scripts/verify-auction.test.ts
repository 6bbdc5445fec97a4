import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUCTION, chain, published } from "../workers/auction/src/bid-log.fixtures";
import { logJsonUrl } from "./verify-auction.mjs";

/** A local server answering the log's JSON as the store does: a good log, an altered one, and 404 for the rest. */
let server: Server;
let base = "";

beforeAll(async () => {
  const entries = await chain(AUCTION);
  const good = await published(entries);
  const altered = await published(entries.map((e) => (e.seq === 2 ? { ...e, amount_paise: 115_000 } : e)));
  server = createServer((request, response) => {
    const logs: Record<string, unknown> = { "/api/auction/7/log": good, "/api/auction/8/log": altered };
    const log = logs[request.url ?? ""];
    response.writeHead(log ? 200 : 404, { "Content-Type": "application/json" });
    response.end(JSON.stringify(log ? { success: true, title: "Royal Pulasa", log } : { success: false, error: "Auction not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function verifyAuction(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["scripts/verify-auction.mjs", ...args], (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run verify-auction", () => {
  it("verifies a published log and exits 0", async () => {
    const result = await verifyAuction(`${base}/te/auctions/7/log`);
    expect(result).toMatchObject({ code: 0, stdout: "Verified: 5 entries, winner Bidder 2 at ₹2,500\n" });
  });

  it("names the entry of an altered log and exits 1", async () => {
    const result = await verifyAuction(`${base}/api/auction/8/log`);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Verification failed at entry 2: its hash does not match its contents");
  });

  it("exits 1 for a log that does not end at the head it is given, an unknown auction and an address that is no auction's", async () => {
    expect((await verifyAuction(`${base}/auctions/7`, "--head", "0".repeat(64))).stderr).toContain("the log does not end at the latest entry");
    expect(await verifyAuction(`${base}/auctions/9/log`)).toMatchObject({ code: 1, stderr: expect.stringContaining("Auction not found") });
    expect((await verifyAuction(`${base}/products`)).code).toBe(1);
  });

  it("reads the log's JSON address from any of the auction's addresses", () => {
    expect(logJsonUrl("https://shop.example/te/auctions/12/log")).toBe("https://shop.example/api/auction/12/log");
    expect(logJsonUrl("https://shop.example/auctions/12")).toBe("https://shop.example/api/auction/12/log");
    expect(() => logJsonUrl("https://shop.example/auctions/12/log/x")).toThrow();
  });
});
