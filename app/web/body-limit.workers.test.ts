import { describe, expect, it } from "vitest";
import { action as notificationsApi } from "~/routes/api.notifications.$";
import { action as ordersApi } from "~/routes/api.orders.$";
import { chunkedUpload, jsonOfSize } from "../../tests/setup/chunked-body";
import { loadContext } from "../../tests/setup/load-context";
import { BodyTooLargeError, MAX_JSON_BYTES, readBytesUpTo, readLimitedBytes } from "./body-limit.server";

/** A body sent in `chunks` pieces of `size` bytes with no Content-Length (chunked), recording how far it was read. */
function chunkedBody(chunks: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const request = new Request("https://store.test/upload", { method: "POST", body: stream, duplex: "half" } as RequestInit);
  return { request, seen };
}

describe("readBytesUpTo", () => {
  it("past its cap, reads and drops the rest of the body up to the drain limit, so the sender can read the answer", async () => {
    const { request, seen } = chunkedBody(40, 1024);
    const read = await readBytesUpTo(request, 4096, 64 * 1024);
    expect([read.whole, read.bytes.byteLength]).toEqual([false, 4096]);
    expect([seen.pulled, seen.cancelled]).toEqual([40, false]);
  });

  it("a body beyond the drain limit is cut off there, and one without a drain limit at the cap", async () => {
    const drained = chunkedBody(1000, 1024);
    await readBytesUpTo(drained.request, 4096, 16 * 1024);
    expect(drained.seen.cancelled).toBe(true);
    expect(drained.seen.pulled).toBeLessThan(20);
    const cut = chunkedBody(1000, 1024);
    await readBytesUpTo(cut.request, 4096);
    expect(cut.seen.cancelled).toBe(true);
    expect(cut.seen.pulled).toBeLessThan(8);
  });
});

describe("readLimitedBytes", () => {
  it("reads a chunked body of exactly the cap", async () => {
    const { request } = chunkedBody(4, 256);
    expect((await readLimitedBytes(request, 1024)).byteLength).toBe(1024);
  });

  it("refuses a chunked body one byte over the cap with a 413 error", async () => {
    const { request } = chunkedBody(1, 1025);
    const error = await readLimitedBytes(request, 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(error).toMatchObject({ status: 413, message: "Request body too large" });
  });

  it("stops reading as soon as the count passes the cap and cancels the stream", async () => {
    const { request, seen } = chunkedBody(1000, 1024);
    await expect(readLimitedBytes(request, 4096, "Too big.")).rejects.toThrow("Too big.");
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(10);
  });

  it("refuses a declared Content-Length above the cap before reading anything", async () => {
    const request = new Request("https://store.test/upload", { method: "POST", body: "x".repeat(10), headers: { "Content-Length": "2048" } });
    await expect(readLimitedBytes(request, 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(request.bodyUsed).toBe(false);
  });

  it("answers a body whose stream breaks off as bad input (400), not a server error", async () => {
    const broken = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(new Error("connection reset")) });
    const request = new Request("https://store.test/upload", { method: "POST", body: broken, duplex: "half" } as RequestInit);
    await expect(readLimitedBytes(request, 1024)).rejects.toMatchObject({ status: 400, message: "The request body could not be read" });
  });

  it("counts the cap in bytes (UTF-8 text arrives intact) and reads an empty body as nothing", async () => {
    const text = async (maxBytes: number) =>
      new TextDecoder().decode(await readLimitedBytes(new Request("https://store.test/", { method: "POST", body: "తెలుగు" }), maxBytes));
    expect(await text(18)).toBe("తెలుగు");
    await expect(text(17)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect((await readLimitedBytes(new Request("https://store.test/"), 10)).byteLength).toBe(0);
  });
});

describe("readBytesUpTo", () => {
  it("reads a body whole up to its cap, and past it keeps the first bytes and stops", async () => {
    const whole = await readBytesUpTo(new Request("https://store.test/", { method: "POST", body: "0123456789" }), 10);
    expect([new TextDecoder().decode(whole.bytes), whole.whole]).toEqual(["0123456789", true]);
    const { request, sent } = chunkedUpload("https://store.test/", { method: "POST", body: "a".repeat(1_000_000) });
    const start = await readBytesUpTo(request, 20_000);
    expect([start.bytes.byteLength, start.whole]).toEqual([20_000, false]);
    expect(sent()).toBeLessThan(200_000);
  });
});

describe("the orders and notifications JSON API routes", () => {
  it("answer a chunked body over MAX_JSON_BYTES with 413 before their handler runs", async () => {
    for (const [action, path] of [
      [ordersApi, "orders"],
      [notificationsApi, "notifications"],
    ] as const) {
      const { request } = chunkedUpload(`https://store.test/api/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: jsonOfSize(MAX_JSON_BYTES + 1),
      });
      const res = await action({ request, context: await loadContext(request), params: { "*": "" } });
      expect(res.status).toBe(413);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(await res.json()).toEqual({ success: false, error: "Request body too large" });
    }
  });
});
